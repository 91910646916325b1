/**
 * Industry keywords of other languages (German, Spanish, French, Italian, Portuguese, Dutch,
 * Swedish), written by the Zonewise team: the everyday commercial words of each market, in the
 * same format as keywords-data.ts. Words are written as an ASCII name writes them: accents
 * dropped ("médecin" -> medecin), German umlauts both ways where names use both ("moebel",
 * "mobel"). A word shared by several languages ("casa", "hotel") appears once. Any change
 * here changes results: bump TAXONOMY_VERSION.
 */
export const KEYWORD_DATA_INTL: Readonly<Record<string, string>> = {
  // Automotive
  "Auto Repair":
    "autowerkstatt:3, werkstatt:2, kfz:2, reifen:3, taller:2, talleres:3, neumaticos:3, garagiste:3, pneus:3, carrosserie:3, officina:2, gommista:3, pneu:3, autogarage:3, banden:2, bilverkstad:3, dack:2",
  "Auto Sales":
    "autohaus:3, gebrauchtwagen:3, fahrzeuge:2, coches:3, coche:3, autos usados:3, voiture:3, voitures:3, automobili:3, macchine:2, carros:3, carro:3, veiculos:3, automobiles:2, occasions:2, bilar:3, bil:2, bilhandlare:3, seminuevos:3",
  "Car Rental":
    "autovermietung:3, mietwagen:3, alquiler coches:3, alquilercoches:3, location voiture:3, noleggio auto:3, aluguel carros:3, autoverhuur:3, biluthyrning:3",
  Motorcycles: "motorrad:3, motorrader:3, motorraeder:3, motos:3, motocicletas:3, moto usate:3, motorfiets:3",

  // Business Services
  "Marketing & Advertising":
    "werbung:3, werbeagentur:3, publicidad:3, agencia:2, publicite:3, pubblicita:3, publicidade:3, reclame:3, reklam:3, mercadotecnia:3",
  Consulting:
    "beratung:2, berater:3, unternehmensberatung:3, consultoria:3, asesoria:3, asesores:3, conseil:2, consulenza:3, consulente:3, advies:3, adviseur:3, radgivning:3",
  "Human Resources": "recursos humanos:3, ressources humaines:3, risorse umane:3, personalvermittlung:3",
  "Printing & Signage": "druckerei:3, druck:2, imprenta:3, imprimerie:3, tipografia:3, grafica:1, drukkerij:3, tryckeri:3, stampa:2",
  "Translation Services":
    "ubersetzung:3, uebersetzung:3, ubersetzer:3, uebersetzer:3, traduccion:3, traducciones:3, traductor:3, traduction:3, traducteur:3, traduzioni:3, traduzione:3, traducao:3, vertaling:3, vertaalbureau:3, oversattning:3",
  Startups: "emprendedores:3, emprendedor:3, entreprendre:3, gruender:3, grunder:2",
  "Business Directories": "branchenbuch:3, firmen:2, empresas:2, annuaire:3, entreprises:2, aziende:2, bedrijven:2, foretag:2, directorio:3, guia:1",

  // Finance
  Banking: "banco:3, bancos:3, banque:3, banca:3, sparkasse:3, volksbank:3, konto:3, girokonto:3, cuenta:2, compte:2, conto:2, rekening:2",
  Investing:
    "inversion:3, inversiones:3, bolsa:2, aktien:3, borse:2, boerse:3, geldanlage:3, investissement:3, bourse:3, investimenti:3, investimentos:3, beleggen:3, aktier:3",
  "Loans & Credit":
    "kredit:3, kredite:3, darlehen:3, prestamos:3, prestamo:3, creditos:3, credito:3, pret:2, prets:3, rachat credit:3, prestiti:3, prestito:3, emprestimo:3, emprestimos:3, lening:3, leningen:3, krediet:3, smslan:3",
  Mortgages: "hypothek:3, baufinanzierung:3, hipoteca:3, hipotecas:3, hypotheque:3, mutuo:3, mutui:3, hipoteca online:3, hypotheek:3, bolan:3",
  "Accounting & Tax":
    "steuerberater:3, steuer:3, steuern:3, buchhaltung:3, gestoria:3, contabilidad:3, asesoria fiscal:3, comptable:3, comptabilite:3, expert comptable:3, impots:3, commercialista:3, contabilita:3, contabilidade:3, contador:3, boekhouder:3, belasting:3, redovisning:3, skatt:2",
  Cryptocurrency: "kryptowahrung:3, criptomonedas:3, criptovalute:3, criptomoedas:3",
  Payments: "pagos:3, pago:2, paiement:3, pagamenti:3, pagamento:3, pagamentos:3, betalen:2, betaling:3, betalning:3, zahlung:3",
  "Personal Finance":
    "finanzas:3, finanzen:3, finances perso:3, finanza:3, financas:3, geld:2, dinero:2, argent:2, soldi:2, dinheiro:2, pengar:2, ahorro:3, sparen:2",

  // Insurance
  "Auto Insurance":
    "kfz versicherung:3, autoversicherung:3, seguro coche:3, seguros coche:3, assurance auto:3, assicurazione auto:3, seguro auto:3, autoverzekering:3, bilforsakring:3",
  "Health Insurance":
    "krankenversicherung:3, krankenkasse:3, seguro medico:3, seguros salud:3, mutuelle:3, mutuelles:3, assicurazione sanitaria:3, plano de saude:3, zorgverzekering:3",
  "Life Insurance": "lebensversicherung:3, seguro de vida:3, assurance vie:3, assicurazione vita:3, levensverzekering:3, livforsakring:3",
  "General Insurance":
    "versicherung:3, versicherungen:3, versicherungsvergleich:3, seguro:3, seguros:3, aseguradora:3, assurances:3, assureur:3, assicurazione:3, assicurazioni:3, verzekering:3, verzekeringen:3, forsakring:3, forsakringar:3, corretora:2",

  // Real Estate
  "Homes for Sale":
    "immobilien:3, immobilie:3, haus:2, hauser:2, haeuser:2, wohnung:2, eigentumswohnung:3, inmobiliaria:3, inmobiliarias:3, inmuebles:3, casas:2, venta:2, pisos:2, immobilier:3, immobiliere:3, maison:2, maisons:2, immobiliare:3, immobili:3, imoveis:3, imobiliaria:3, imovel:3, huizen:3, woning:3, woningen:3, makelaar:3, bostad:3, bostader:3, fastigheter:3, fastighet:3, vastgoed:3",
  "Rentals & Leasing":
    "mieten:3, miete:3, mietwohnung:3, alquiler:3, alquileres:3, arriendo:3, louer:3, affitto:3, affitti:3, aluguel:3, alugar:3, huren:3, huurwoning:3, hyra:2, uthyres:3",
  Apartments:
    "wohnungen:3, apartamentos:3, departamentos:3, appartements:3, appartement:3, appartamenti:3, appartamento:3, apartamento:3, lagenhet:3, lagenheter:3",
  "Real Estate Agents":
    "makler:3, immobilienmakler:3, agente inmobiliario:3, agence immobiliere:3, agenzia immobiliare:3, corretor:3, makelaars:3, maklare:3, fastighetsmaklare:3",
  "Vacation Homes":
    "ferienhaus:3, ferienhaeuser:3, ferienhauser:3, casa rural:3, casas rurales:3, gite:3, gites:3, vakantiehuis:3, vakantiehuizen:3, stuga:3, stugor:3",

  // Technology
  "Software & Apps": "programas:2, logiciel:3, logiciels:3, programmi:2, aplicativos:3, aplicaciones:3",
  "Web Design & Development": "webdesign agentur:3, diseno web:3, disenoweb:3, creation site:3, sito web:3, siti web:3, criacao sites:3, webbyra:3",
  "Computers & Hardware": "ordenadores:3, ordinateur:3, ordinateurs:3, informatica:3, informatique:3, computadores:3, rechner:2, datorer:3, dator:3",
  "Mobile Phones": "handy:3, handys:3, moviles:3, movil:3, celulares:3, celular:3, telephone:2, cellulari:3, telemovel:3, mobiel:2, telefoon:2, mobiltelefon:3",
  "Internet & Telecom": "internet anbieter:3, telefonia:3, fibra:2, glasfaser:3",

  // Health
  "Dental Care":
    "zahnarzt:3, zahnaerzte:3, zahnarzte:3, zahnklinik:3, dentista:3, dentistas:3, clinica dental:3, dentaire:3, dentiste:3, dentisti:3, tandarts:3, tandlakare:3, odontologia:3, ortodoncia:3",
  "Doctors & Clinics":
    "arzt:3, aerzte:3, arzte:3, praxis:2, medico:3, medicos:3, clinica:3, clinicas:3, medecin:3, medecins:3, cabinet medical:3, medici:2, huisarts:3, dokter:3, lakare:3, vardcentral:3, kinderarzt:3, hausarzt:3",
  Hospitals: "krankenhaus:3, klinik:3, kliniken:3, hopital:3, ospedale:3, ziekenhuis:3, sjukhus:3",
  Pharmacy: "apotheke:3, apotheken:3, farmacia:3, farmacias:3, pharmacie:3, apotheek:3, apotek:3, drogerie:2, drogaria:3",
  "Mental Health": "psychologe:3, psychotherapie:3, psicologo:3, psicologos:3, psicologia:3, psychologue:3, psicoterapia:3, psycholoog:3, psykolog:3",
  "Chiropractic & Physical Therapy":
    "physiotherapie:3, fisioterapia:3, kinesitherapeute:3, kine:2, fysiotherapie:3, fysio:3, sjukgymnast:3, krankengymnastik:3",
  "Vision Care": "optiker:3, optica:3, opticas:3, opticien:3, ottica:3, ottico:3, oculos:2, opticien lunettes:3, lunettes:3, brillen:3, gafas:2, optiek:3",
  "Alternative Medicine": "heilpraktiker:3, naturheilkunde:3, homeopatia:3, homeopathie:3, naturopathe:3, acupuntura:3, medecine douce:3",
  "Home Care & Eldercare": "pflegedienst:3, pflege:3, altenpflege:3, pflegeheim:3, residencia:2, ehpad:3, badanti:3, thuiszorg:3, hemtjanst:3",

  // Beauty & Fitness
  "Gyms & Fitness": "fitnessstudio:3, gimnasio:3, gimnasios:3, salle de sport:3, palestra:3, academia:2, sportschool:3",
  "Spa & Massage": "massagen:3, masajes:3, masaje:3, massaggi:3, massagem:3, bienestar:2, wellnessoase:3",
  "Hair Salons":
    "friseur:3, friseure:3, frisor:3, frisoer:3, peluqueria:3, peluquerias:3, coiffeur:3, coiffure:3, parrucchiere:3, cabeleireiro:3, kapper:3, kapsalon:3, frisorsalong:3",
  "Cosmetics & Makeup": "kosmetik:3, cosmetica:3, cosmetique:3, cosmetiques:3, cosmeticos:3, maquillaje:3, maquillage:3, trucco:3, maquiagem:3, smink:3",
  "Skin Care": "hautpflege:3, cuidado piel:3, soins visage:3, huidverzorging:3, hudvard:3",

  // Food & Drink
  Restaurants:
    "restaurante:3, restaurantes:3, ristorante:3, ristoranti:3, osteria:3, gaststatte:3, gaststaette:3, gasthaus:3, gasthof:3, comida:2, cucina:2, eetcafe:3, krog:2",
  Pizza: "pizze:3",
  "Cafes & Coffee": "kaffee:3, cafeteria:3, caffe bar:3, kaffe:3, koffie:3, cafetera:2",
  Bakeries:
    "backerei:3, baeckerei:3, panaderia:3, panaderias:3, boulangerie:3, panetteria:3, panificio:3, padaria:3, bakkerij:3, bageri:3, konditorei:3, pasteleria:3",
  Catering: "partyservice:3, banquetes:3, traiteur:3, rinfreschi:3",
  "Food Delivery":
    "lieferservice:3, lieferdienst:3, comida a domicilio:3, a domicilio:2, livraison:3, consegna:2, entrega:2, bezorgen:3, thuisbezorgd:3, hemleverans:3",
  "Recipes & Cooking":
    "rezepte:3, rezept:3, kochen:3, recetas:3, receta:3, cocina:3, recettes:3, recette:3, ricette:3, ricetta:3, receitas:3, receita:3, recepten:3, recept:3, koken:2, laga mat:3",
  Grocery:
    "supermarkt:3, supermercado:3, supermercados:3, supermarche:3, epicerie:3, supermercato:3, alimentari:3, mercado:2, mercearia:3, boodschappen:3, livsmedel:3, lebensmittel:3",
  Wine: "wein:3, weine:3, weingut:3, vinos:3, bodega:3, bodegas:3, vin:3, vins:3, vigneron:3, vini:3, vinho:3, vinhos:3, wijn:3, wijnen:3, vinhandel:3",
  "Beer & Brewing":
    "bier:3, brauerei:3, cerveza:3, cervezas:3, cerveceria:3, biere:3, bieres:3, brasserie artisanale:3, birra:3, birrificio:3, cerveja:3, cervejaria:3, brouwerij:3, bryggeri:3",
  "Desserts & Sweets":
    "kuchen:3, torten:3, dulces:3, helado:3, heladeria:3, gateaux:3, chocolaterie:3, glace:2, gelateria:3, dolci:3, doces:3, sorvete:3, taart:3, ijs:2, godis:3, schokolade:3, chocolat:3",
  "Seafood & Butchers":
    "metzgerei:3, fleisch:3, carniceria:3, pescaderia:3, boucherie:3, poissonnerie:3, macelleria:3, pescheria:3, acougue:3, slagerij:3, slager:3, slakteri:3",
  "Tea & Juice": "infusiones:3, zumos:3, jugos:3, thee:2",

  // Travel
  "Hotels & Lodging":
    "hoteles:3, hostal:3, hostales:3, alojamiento:3, hebergement:3, albergo:3, alberghi:3, pousada:3, hospedagem:3, unterkunft:3, herberge:3, hotell:3, overnachten:3, logies:3",
  "Flights & Airlines":
    "fluge:3, fluege:3, flug:3, billigflug:3, billigfluge:3, vuelos:3, vuelo:3, vols:3, voli:3, volo:2, voos:3, passagens:3, vluchten:3, vlucht:3, flyg:3, flygresor:3",
  "Tours & Sightseeing": "ausfluge:3, ausfluege:3, excursiones:3, visites:2, escursioni:3, passeios:3, uitstapjes:3, rundreisen:3",
  "Travel Agencies":
    "reisen:3, reise:3, reiseburo:3, reisebuero:3, urlaub:3, viajes:3, viaje:3, agencia de viajes:3, voyages:3, vacances:3, sejour:3, sejours:3, viaggi:3, viaggio:3, vacanze:3, viagens:3, viagem:3, ferias:2, reizen:3, reisbureau:3, vakantie:3, resor:3",
  "Vacation Rentals":
    "ferienwohnung:3, ferienwohnungen:3, fewo:3, apartamentos turisticos:3, location vacances:3, locations vacances:3, casa vacanze:3, case vacanze:3, agriturismo:3, casa de ferias:3, vakantiewoning:3, semesterboende:3",
  "Camping & Outdoors": "campingplatz:3, zelten:3, acampada:3, campismo:3, campeggio:3, kamperen:3, campings:3",
  "Beach & Island Travel": "playa:3, playas:3, plage:3, plages:3, spiaggia:3, praia:3, praias:3, straende:3",
  "Bed & Breakfasts": "casa rural hotel:3, chambres d hotes:3, chambre hote:3, affittacamere:3, gastehaus:3, gaestehaus:3, fruhstuckspension:3",

  // Shopping
  "Online Stores":
    "tienda:3, tiendas:3, tienda online:3, boutique en ligne:3, negozio:3, negozi:3, loja:3, lojas:3, winkel:3, webwinkel:3, butik:3, einkaufen:3, compras:2, achat:2, acheter:2, comprare:2, comprar:2, kopen:2, handla:2",
  "Deals & Coupons":
    "angebote:3, angebot:3, schnappchen:3, schnaeppchen:3, gutschein:3, gutscheine:3, rabatt:3, ofertas:3, oferta:3, descuentos:3, cupones:3, promos:2, bons plans:3, reduction:2, offerte:3, sconti:3, promocoes:3, descontos:3, aanbiedingen:3, korting:3, kortingscode:3, rabatter:3, erbjudanden:3, barato:2, baratos:2, barata:2, baratas:2, billig:2, pas cher:3, economico:2",
  Gifts: "geschenke:3, geschenk:3, regalos:3, regalo:3, cadeaux:3, cadeau:3, regali:3, presentes:2, cadeaus:3, presenter:2",
  Flowers: "blumen:3, floristeria:3, flores:3, fleurs:3, fleuriste:3, fiori:3, fioraio:3, floricultura:3, bloemen:3, bloemist:3, blommor:3",
  Furniture:
    "mobel:3, moebel:3, gartenmobel:3, gartenmoebel:3, muebles:3, mueble:3, meubles:3, meuble:3, mobili:2, arredamento:3, moveis:3, meubelen:3, meubels:3, mobler:3, mobelhus:3",
  Toys: "spielzeug:3, spielwaren:3, juguetes:3, juguete:3, jouets:3, jouet:3, giocattoli:3, brinquedos:3, speelgoed:3, leksaker:3",
  "Baby Products": "babyartikel:3, bebes:2, puericultura:3, puericulture:3, neonati:2, kinderwagen:3",
  "Auctions & Marketplaces":
    "kleinanzeigen:3, subastas:3, encheres:3, aste:2, leiloes:3, veilingen:3, marktplaats:3, auktion:3, auktioner:3, anuncios:2, annonces:3, annunci:3",
  "Pawn & Secondhand":
    "gebraucht:3, flohmarkt:3, segunda mano:3, segundamano:3, seconde main:3, brocante:3, usato:3, usados:3, tweedehands:3, begagnat:3, loppis:3",
  Wholesale: "grosshandel:3, mayorista:3, mayoristas:3, grossiste:3, ingrosso:3, atacado:3, groothandel:3, grossist:3",

  // Fashion
  Clothing: "kleidung:3, bekleidung:3, ropa:3, moda:3, vetements:3, vetement:3, abbigliamento:3, roupas:3, roupa:3, kleding:3, kleren:3, klader:3",
  Footwear: "schuhe:3, schuh:3, zapatos:3, zapatillas:3, chaussures:3, scarpe:3, sapatos:3, schoenen:3, skor:3",
  "Jewelry & Watches":
    "schmuck:3, uhren:3, joyeria:3, joyas:3, relojes:3, bijoux:3, bijouterie:3, joaillerie:3, montres:3, gioielli:3, gioielleria:3, orologi:3, joias:3, relogios:3, sieraden:3, horloges:3, smycken:3, klockor:3",
  "Handbags & Accessories": "taschen:3, handtaschen:3, bolsos:3, sacs:2, maroquinerie:3, borse donna:3, bolsas:3, tassen:2, vaskor:3",

  // Home & Garden
  "Home Improvement":
    "handwerker:3, renovierung:3, baumarkt:3, reformas:3, bricolage:3, ristrutturazione:3, ristrutturazioni:3, reformas casa:3, verbouwing:3, klusbedrijf:3, renovering:3, hantverkare:3",
  Plumbing:
    "sanitar:3, sanitaer:3, installateur:3, klempner:3, fontanero:3, fontaneria:3, plombier:3, plomberie:3, idraulico:3, encanador:3, loodgieter:3, rormokare:3, vvs:3",
  Electricians: "elektriker:3, elektro:2, electricista:3, electricien:3, elettricista:3, eletricista:3, elektricien:3, elfirma:3",
  "Heating & Cooling":
    "heizung:3, klimaanlage:3, calefaccion:3, climatizacion:3, chauffage:3, climatisation:3, riscaldamento:3, condizionatori:3, aquecimento:3, verwarming:3, varmepump:3, warmepumpe:3, waermepumpe:3",
  Roofing: "dachdecker:3, dach:2, tejados:3, cubiertas:2, couvreur:3, toiture:3, tetti:3, telhados:3, dakdekker:3, taklaggare:3",
  "Cleaning Services":
    "reinigung:3, gebaudereinigung:3, limpieza:3, limpiezas:3, nettoyage:3, menage:3, pulizie:3, pulizia:3, limpeza:3, schoonmaak:3, schoonmaakbedrijf:3, stadning:3, stadfirma:3",
  "Landscaping & Lawn": "gartenbau:3, garten und landschaftsbau:3, jardineria:3, paysagiste:3, giardiniere:3, jardinagem:3, hovenier:3, tradgard:2",
  Gardening:
    "garten:3, gartnerei:3, gaertnerei:3, jardin:3, jardines:3, jardinage:3, giardino:3, giardinaggio:3, jardim:3, tuin:3, tuinen:3, tuincentrum:3, tradgardsbutik:3, vivero:3, viveros:3",
  "Interior Design":
    "innenarchitektur:3, einrichtung:3, wohnen:2, decoracion:3, interiorismo:3, decoration:2, deco:2, arredamenti:3, decoracao:3, interieur:3, inredning:3",
  "Pest Control":
    "schadlingsbekampfung:3, kammerjaeger:3, kammerjager:3, control de plagas:3, plagas:3, deratisation:3, disinfestazione:3, dedetizacao:3, ongediertebestrijding:3, skadedjur:3",
  "Kitchen & Bath":
    "kuchen studio:3, kuechen:3, kuchenstudio:3, badezimmer:3, cocinas:3, banos:2, cuisines:2, salle de bain:3, cucine:3, bagno:2, cozinhas:3, keukens:3, badkamer:3, badkamers:3, badrum:3",
  "Windows & Doors": "fenster:3, turen:2, tueren:3, ventanas:3, puertas:3, fenetres:3, portes:2, finestre:3, serramenti:3, janelas:3, kozijnen:3, fonster:3",
  "Construction & Contractors":
    "bauunternehmen:3, bau:2, construcciones:3, construccion:3, constructora:3, btp:3, construction maison:3, edilizia:3, impresa edile:3, construcao:3, construtora:3, bouwbedrijf:3, aannemer:3, bygg:3, byggfirma:3",
  "Painting & Decorating":
    "maler:3, malerbetrieb:3, pintores:3, pintor:3, peintre:3, peinture:3, imbianchino:3, pintura:2, schilder:3, schildersbedrijf:3, malare:3",

  // Industry
  "Energy & Utilities": "stromanbieter:3, energie:3, gas y luz:3, energia:3, electricite:3, luce e gas:3, energi:3, elpris:3",
  "Solar & Renewables":
    "solaranlage:3, photovoltaik:3, paneles solares:3, placas solares:3, energia solar:3, panneaux solaires:3, fotovoltaico:3, zonnepanelen:3, solceller:3",
  Agriculture: "landwirtschaft:3, bauernhof:3, agricultura:3, agricole:3, agricoltura:3, landbouw:3, jordbruk:3, lantbruk:3",
  "Shipping & Freight":
    "spedition:3, logistik:3, logistica:3, transportes:3, transporte:2, logistique:3, transports:3, trasporti:3, vervoer:3, transport:2, frakt:3",
  "Moving & Storage":
    "umzug:3, umzuge:3, umzuege:3, umzugsfirma:3, mudanzas:3, mudanza:3, demenagement:3, demenageur:3, traslochi:3, trasloco:3, mudancas:3, verhuizen:3, verhuisbedrijf:3, flytt:3, flyttfirma:3",
  "Courier & Delivery": "kurier:3, paketdienst:3, mensajeria:3, paqueteria:3, coursier:3, corriere:3, pakketdienst:3",

  // Legal
  "Law Firms":
    "anwalt:3, anwalte:3, anwaelte:3, rechtsanwalt:3, rechtsanwalte:3, rechtsanwaelte:3, kanzlei:3, abogado:3, abogados:3, bufete:3, avocat:3, avocats:3, cabinet avocat:3, avvocato:3, avvocati:3, studio legale:3, advogado:3, advogados:3, advocaat:3, advocaten:3, advokat:3, advokatbyra:3, juridico:2, juridique:3, notar:3, notaire:3, notaio:3",
  "Family & Divorce Law": "scheidung:3, divorcio:3, divorce avocat:3, divorzio:3, scheiding:3, skilsmassa:3",

  // Education
  Schools: "schule:3, schulen:3, escuela:3, escuelas:3, colegio:3, colegios:3, ecole:3, ecoles:3, scuola:3, scuole:3, escola:3, escolas:3, scholen:3, skola:3",
  "Colleges & Universities":
    "universitat:3, universitaet:3, hochschule:3, universidad:3, universidades:3, universite:3, universita:3, universidade:3, universiteit:3, hogeschool:3, universitet:3, hogskola:3",
  "Online Learning": "kurse:3, cursos:3, curso:3, formation:2, formations:3, corsi:3, corso:3, cursussen:3, opleiding:3, kurser:3",
  "Language Learning":
    "sprachschule:3, idiomas:3, academia de idiomas:3, langues:3, lingue:3, talen:2, sprakkurs:3, ingles:3, anglais:3, inglese:3, spanisch:3, englisch:3",
  "Tutoring & Test Prep": "nachhilfe:3, clases particulares:3, soutien scolaire:3, cours particuliers:3, ripetizioni:3, explicacoes:3, bijles:3, laxhjalp:3",
  "Driving Schools": "fahrschule:3, autoescuela:3, autoescuelas:3, auto ecole:3, autoecole:3, autoscuola:3, autoescola:3, rijschool:3, korskola:3",
  "Childcare & Preschool": "kita:3, guarderia:3, creche:3, asilo nido:3, kinderopvang:3, forskola:3",

  // Jobs
  "Job Search":
    "stellenangebote:3, stellen:2, arbeit:2, empleo:3, empleos:3, trabajo:3, trabajos:3, emploi:3, emplois:3, offres emploi:3, lavoro:3, offerte lavoro:3, emprego:3, empregos:3, vacatures:3, vacature:3, werk:1, jobb:2, lediga jobb:3",
  "Recruitment & Staffing":
    "personalvermittlung agentur:3, zeitarbeit:3, seleccion personal:3, recrutement:3, reclutamento:3, recrutamento:3, uitzendbureau:3, bemanning:3, rekrytering:3",

  // Media & Entertainment
  Movies: "filme:3, kino:3, peliculas:3, pelicula:3, cine:3, filmes:3, bioscoop:3, filmer:3",
  Music: "musik:3, musica:3, musique:3, muziek:3",
  Television: "fernsehen:3, televisao:3, televisie:3, televisione:3, television en vivo:3, tele:1",
  News: "nachrichten:3, zeitung:3, noticias:3, noticia:3, periodico:3, diario:3, actualites:3, infos:2, notizie:3, giornale:3, notizia:3, jornal:3, nieuws:3, krant:3, nyheter:3, tidning:3",
  "Books & Publishing":
    "bucher:3, buecher:3, buch:3, verlag:3, libros:3, libro:3, libreria:3, livres:3, livre:3, librairie:3, editions:2, libri:3, livros:3, livraria:3, boeken:3, boekhandel:3, bocker:3, bokhandel:3",
  Magazines: "zeitschrift:3, zeitschriften:3, revista:3, revistas:3, rivista:3, riviste:3, tijdschrift:3, tidskrift:3",
  "Tickets & Live Events":
    "entradas:3, billets:3, billetterie:3, biglietti:3, ingressos:3, kaartjes:3, biljetter:3, konzert:3, konzerte:3, conciertos:3, concerti:3",

  // Games & Gambling
  "Video Games": "spiele:3, spielen:2, juegos:3, juego:3, jeux:3, jeu:2, giochi:3, gioco:3, jogos:3, jogo:3, spellen:3, spel:2",
  Casinos: "spielbank:3, casinos online:3, apuestas casino:3, tragamonedas:3, tragaperras:3, scommesse casino:3",
  "Sports Betting": "sportwetten:3, wetten:3, apuestas:3, apuestas deportivas:3, paris sportifs:3, scommesse:3, apostas:3, gokken:3, betting sport:3",
  Lottery: "loteria:3, loterias:3, loto:3, lotteria:3, lotteri:3",

  // Sports
  Soccer: "fussball:3, fussballverein:3, futebol:3, voetbal:3, fotboll:3, calcio:3",
  Cycling:
    "fahrrad:3, fahrrader:3, fahrraeder:3, radsport:3, bicicletas:3, bicicleta:3, ciclismo:3, velos:3, cyclisme:3, bici:3, fiets:3, fietsen:3, cykel:3, cyklar:3",
  Running: "laufen:2, correr:3, running club:3, corsa:2, hardlopen:3, lopning:3",
  Fishing: "angeln:3, angelsport:3, pesca:3, peche:3, vissen:3, fiske:3",
  Hunting: "jagd:3, caza:3, chasse:3, caccia:3, jacht:2, jakt:3",
  "Skiing & Snowboarding": "skifahren:3, esqui:3, sci:3, skien:3, skidor:3",
  "Sports Equipment":
    "sportartikel:3, sportgeschaft:3, deportes:3, deportiva:3, articulos deportivos:3, equipement sportif:3, articoli sportivi:3, artigos desportivos:3, sportwinkel:3, sportbutik:3",
  Equestrian:
    "pferde:3, pferd:3, reiten:3, reitsport:3, caballos:3, hipica:3, equitation:3, chevaux:3, cavalli:3, equitazione:3, cavalos:3, paarden:3, paard:3, hastar:3, ridsport:3",

  // Pets
  Dogs: "hunde:3, hund:3, perros:3, perro:3, chiens:3, chien:3, cani:3, caes:3, cachorro:3, honden:3, hond:3, hundar:3",
  Cats: "katzen:3, katze:3, gatos:3, gato:3, chats:2, gatti:3, gatto:3, katten:3, kat:2, katter:3",
  Veterinary: "tierarzt:3, tierklinik:3, veterinario:3, veterinaria:3, clinica veterinaria:3, veterinaire:3, dierenarts:3, veterinar:3, djursjukhus:3",
  "Pet Supplies": "tierbedarf:3, haustiere:3, mascotas:3, animalerie:3, animaux:3, animali:3, animais:3, dierenwinkel:3, huisdieren:3, djur:2, djurbutik:3",

  // Life & Society
  Dating:
    "partnersuche:3, singleboerse:3, citas:3, contactos:3, rencontre:3, rencontres:3, incontri:3, encontros:3, namoro:3, dejting:3, amor:2, liebe:2, amour:2",
  Weddings:
    "hochzeit:3, hochzeiten:3, brautkleid:3, brautkleider:3, bodas:3, boda:3, novias:3, mariage:3, mariages:3, matrimonio:3, sposa:3, sposi:3, casamento:3, casamentos:3, noivas:3, bruiloft:3, trouwen:3, bruidsjurken:3, brollop:3",
  Parenting: "eltern:3, familie:2, familia:2, padres:2, famille:2, genitori:3, ouders:3, foraldrar:3",
  "Funerals & Memorials": "bestattung:3, bestattungen:3, bestatter:3, funeraria:3, pompes funebres:3, funebre:3, onoranze funebri:3, uitvaart:3, begravning:3",
  "Astrology & Psychics":
    "horoskop:3, horoscopo:3, oroscopo:3, horoscoop:3, voyance:3, voyante:3, astrologie:3, cartomancia:3, videncia:3, vidente:3, sensitiva:3, kartenlegen:3, wahrsagen:3, waarzegger:3",
  "Spirituality & Meditation": "meditacion:3, meditazione:3, meditacao:3, spiritualite:3, espiritualidad:3",
  Christianity: "kirche:3, gemeinde:2, iglesia:3, iglesias:3, eglise:3, chiesa:3, igreja:3, kerk:3, kyrka:3, parroquia:3, paroisse:3, parrocchia:3",
  Charities: "stiftung:3, spenden:3, fundacion:3, donaciones:3, fondation:3, dons:2, fondazione:3, fundacao:3, stichting:3, goede doelen:3, insamling:3",
  "Government & Civic":
    "gemeinde amt:3, stadt:3, rathaus:3, ayuntamiento:3, gobierno:3, mairie:3, ville:2, gouvernement:3, comune:3, governo:3, prefeitura:3, gemeente:3, overheid:3, kommun:3, regeringen:3",
  "Politics & Elections": "partei:3, wahlen:3, partido:3, elecciones:3, politique:3, politica:3, partito:3, politiek:3, partij:3, politik:3",
  Weather: "wetter:3, tiempo:2, clima:2, meteo:3, weer:3, weerbericht:3",
  Photography: "fotograf:3, fotografie:3, fotografo:3, fotografia:3, fotos:2, photographe:3, fotograaf:3",
  "Art & Galleries": "kunst:3, galerie:3, arte:3, galeria:3, galerias:3, art contemporain:3, galleria:3, konst:3, konstgalleri:3",
  "Crafts & DIY": "basteln:3, manualidades:3, loisirs creatifs:3, fai da te:3, artesanato:3, knutselen:3, pyssel:3",
  "Sewing & Knitting": "nahen:2, naehen:3, stricken:3, costura:3, tricot:3, cucito:3, maglia:2, naaien:3, breien:3, sticka:3",
  "Cannabis & CBD": "hanf:3, canamo:3, chanvre:3, canapa:3, cannabis light:3, wiet:3",
};
