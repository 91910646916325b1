/**
 * The Zonewise taxonomy as data: "what business would own this name".
 *
 * Verticals and subcategories are modelled on the IAB Tech Lab taxonomies
 * (shared/data/reference/iab, CC BY 3.0). The short code after each name is the IAB node the
 * entry was taken from or matches best: "c<id>" = Content Taxonomy 3.1, "a<id>" = Ad Product
 * Taxonomy 2.0; "" = no fitting IAB node (our own). taxonomy.ts expands the codes.
 * Subcategory names are unique across the whole taxonomy (keywords refer to them by name).
 * Adding, renaming or moving a node changes results: bump TAXONOMY_VERSION in taxonomy.ts.
 */

export type TaxonomyRow = readonly [vertical: string, iab: string, subcategories: readonly (readonly [name: string, iab: string])[]];

export const TAXONOMY_ROWS: readonly TaxonomyRow[] = [
  ["Automotive", "c1", [
    ["Auto Repair", "c34"], ["Auto Sales", "c30"], ["Auto Parts", "c32"], ["Car Rental", "c41"],
    ["Car Wash & Detailing", "a1563"], ["Motorcycles", "c27"], ["Electric Vehicles", "a1571"],
    ["Trucks & Commercial Vehicles", "c3"], ["Towing & Roadside", "a1561"], ["Taxi & Ride Sharing", "a1566"],
    ["Classic Cars", "c19"], ["RVs & Campers", "a1574"],
  ]],
  ["Business Services", "a1012", [
    ["Marketing & Advertising", "c58"], ["Consulting", "c103"], ["Human Resources", "c55"],
    ["Printing & Signage", "a1046"], ["Office Supplies", "a1206"], ["Startups", "c61"],
    ["Conferences & Events", "c180"], ["Translation Services", ""], ["Coworking & Office Space", "c450"],
    ["Business Directories", ""],
  ]],
  ["Finance", "a1335", [
    ["Banking", "a1337"], ["Investing", "a1351"], ["Loans & Credit", "a1338"], ["Mortgages", "a1348"],
    ["Accounting & Tax", "a1336"], ["Cryptocurrency", "a1449"], ["Payments", "c392"],
    ["Credit Cards", "a1339"], ["Retirement Planning", "a1350"], ["Precious Metals", "a1445"],
    ["Personal Finance", "c391"],
  ]],
  ["Insurance", "c398", [
    ["Auto Insurance", "c31"], ["Health Insurance", "c399"], ["Home Insurance", "c400"],
    ["Life Insurance", "c401"], ["Travel Insurance", "c404"], ["Pet Insurance", "c403"],
    ["General Insurance", "a1340"],
  ]],
  ["Real Estate", "c441", [
    ["Homes for Sale", "c451"], ["Rentals & Leasing", "c452"], ["Apartments", "c442"],
    ["Commercial Property", "a1483"], ["Land & Farms", "c449"], ["Property Management", "a1486"],
    ["Real Estate Agents", "a1485"], ["Vacation Homes", "c444"],
  ]],
  ["Technology", "c596", [
    ["Software & Apps", "c602"], ["Web Hosting & Domains", "c622"], ["Web Design & Development", "c621"],
    ["Cybersecurity", "c618"], ["Artificial Intelligence", "c597"], ["Cloud & Data", "c620"],
    ["Computers & Hardware", "c599"], ["Consumer Electronics", "c632"], ["Mobile Phones", "c635"],
    ["Internet & Telecom", "a1468"], ["Robotics", "c638"], ["Virtual & Augmented Reality", "c639"],
    ["IT Support", "c626"], ["Email & Messaging", "c623"], ["Internet of Things", "c625"],
  ]],
  ["Health & Medical", "a1378", [
    ["Dental Care", "a1384"], ["Doctors & Clinics", "a1388"], ["Hospitals", "a1390"],
    ["Pharmacy", "a1386"], ["Mental Health", "a1391"], ["Chiropractic & Physical Therapy", "a1392"],
    ["Vision Care", "a1395"], ["Dermatology", "a1385"], ["Cosmetic Surgery", "a1383"],
    ["Home Care & Eldercare", "a1389"], ["Alternative Medicine", "a1379"],
    ["Vitamins & Supplements", "a1253"], ["Medical Labs & Devices", "a1043"],
    ["Fertility & Pregnancy", "a1387"],
  ]],
  ["Fitness & Wellness", "c223", [
    ["Gyms & Fitness", "a1512"], ["Yoga & Pilates", "a1518"], ["Weight Loss", "c231"],
    ["Personal Training", "a1514"], ["Martial Arts", "a1515"], ["Spa & Massage", "c671"],
    ["Wellness", "c232"],
  ]],
  ["Beauty & Personal Care", "a1088", [
    ["Hair Salons", "a1090"], ["Nail Salons", "a1093"], ["Cosmetics & Makeup", "a1138"],
    ["Skin Care", "a1244"], ["Barbers & Grooming", "a1178"], ["Tattoo & Piercing", "a1095"],
    ["Fragrance", "a1152"], ["Tanning & Hair Removal", "a1096"],
  ]],
  ["Food & Drink", "c210", [
    ["Restaurants", "a1360"], ["Pizza", "a1358"], ["Cafes & Coffee", "a1133"], ["Bakeries", "a1356"],
    ["Catering", "a1357"], ["Food Delivery", "a1359"], ["Recipes & Cooking", "c216"],
    ["Grocery", "a1501"], ["Wine", "a1007"], ["Beer & Brewing", "a1004"], ["Spirits & Bars", "a1003"],
    ["Fast Food", "a1358"], ["BBQ & Grilling", "c215"], ["Vegan & Healthy Eating", "c221"],
    ["World Cuisines", "c214"], ["Desserts & Sweets", "c217"], ["Seafood & Butchers", "a1162"],
    ["Tea & Juice", "a1135"],
  ]],
  ["Travel", "c653", [
    ["Hotels & Lodging", "c668"], ["Flights & Airlines", "c672"], ["Cruises", "c678"],
    ["Tours & Sightseeing", "a1540"], ["Travel Agencies", "a1541"], ["Vacation Rentals", "a1530"],
    ["Camping & Outdoors", "c677"], ["Rail & Bus Travel", "c669"], ["Travel Gear", "c654"],
    ["Beach & Island Travel", "c673"], ["Adventure Travel", "c665"], ["Bed & Breakfasts", "c674"],
  ]],
  ["Shopping", "c473", [
    ["Online Stores", "a1499"], ["Deals & Coupons", "c474"], ["Gifts", "a1373"], ["Flowers", "a1372"],
    ["Furniture", "a1268"], ["Toys", "a1248"], ["Baby Products", "a1124"], ["Auctions & Marketplaces", "a1316"],
    ["Pawn & Secondhand", "a1504"], ["Party Supplies", "c161"], ["Wholesale", ""],
  ]],
  ["Fashion & Apparel", "c552", [
    ["Clothing", "a1059"], ["Footwear", "a1070"], ["Jewelry & Watches", "a1073"],
    ["Handbags & Accessories", "a1072"], ["Eyewear", "a1074"], ["Menswear", "c579"],
    ["Womenswear", "c560"], ["Kids Clothing", "c575"], ["Lingerie & Hosiery", "a1192"],
  ]],
  ["Home & Garden", "c274", [
    ["Home Improvement", "c280"], ["Plumbing", "a1411"], ["Electricians", "a1403"],
    ["Heating & Cooling", "c282"], ["Roofing", "a1404"], ["Cleaning Services", "a1407"],
    ["Landscaping & Lawn", "a1408"], ["Gardening", "c275"], ["Interior Design", "c283"],
    ["Pest Control", "a1410"], ["Pools & Hot Tubs", "a1412"], ["Home Security", "a1398"],
    ["Flooring", "a1399"], ["Windows & Doors", "a1415"], ["Home Appliances", "c278"],
    ["Smart Home", "c277"], ["Locksmiths", ""], ["Kitchen & Bath", "c276"], ["Painting & Decorating", "c285"],
  ]],
  ["Construction & Industry", "a1010", [
    ["Construction & Contractors", "a1028"], ["Manufacturing", "a1042"], ["Energy & Utilities", "a1029"],
    ["Solar & Renewables", "a1032"], ["Mining & Quarrying", "a1044"], ["Agriculture", "c102"],
    ["Engineering", "c105"], ["Waste & Recycling", "a1048"], ["Architecture", "c120"],
    ["Metals & Materials", "c107"], ["Oil & Gas", "a1031"], ["Forestry & Timber", "a1034"],
  ]],
  ["Transportation & Logistics", "c101", [
    ["Shipping & Freight", "c57"], ["Moving & Storage", "a1025"], ["Aviation", "c118"],
    ["Boats & Marine", "a1569"], ["Courier & Delivery", ""], ["Trucking", ""],
  ]],
  ["Legal", "c383", [
    ["Law Firms", "a1417"], ["Personal Injury Law", ""], ["Immigration Law", ""],
    ["Criminal Defense", ""], ["Family & Divorce Law", "c189"], ["Bail Bonds", "a1418"],
    ["Patents & Trademarks", ""], ["Notary & Legal Documents", ""],
  ]],
  ["Education", "c132", [
    ["Schools", "c149"], ["Colleges & Universities", "a1298"], ["Online Learning", "a1304"],
    ["Language Learning", "c147"], ["Tutoring & Test Prep", "c143"], ["Childcare & Preschool", "a1329"],
    ["Vocational Training", "a1314"], ["Driving Schools", ""], ["Music & Art Lessons", "c247"],
  ]],
  ["Careers & Jobs", "c123", [
    ["Job Search", "c127"], ["Recruitment & Staffing", "a1301"], ["Remote Work", "c130"],
    ["Freelancing", "c266"], ["Career Advice", "c125"],
  ]],
  ["Media & Entertainment", "a1419", [
    ["Movies", "c324"], ["Music", "c338"], ["Television", "c640"], ["News", "a1432"],
    ["Books & Publishing", "a1422"], ["Podcasts & Radio", "a1433"], ["Tickets & Live Events", "a1509"],
    ["Comedy", "a1318"], ["Celebrity & Gossip", "c432"], ["Magazines", "a1430"],
    ["Streaming & Video", "a1431"], ["Blogs & Social Media", "a1420"], ["Anime & Comics", "c262"],
  ]],
  ["Gaming", "c680", [
    ["Video Games", "c685"], ["Esports", "c682"], ["Mobile Games", "c683"], ["PC & Console Games", "c684"],
    ["Board & Card Games", "c270"],
  ]],
  ["Gambling", "a1361", [
    ["Casinos", "a1362"], ["Sports Betting", "a1366"], ["Poker", "c524"], ["Lottery", "a1365"], ["Bingo & Slots", "a1367"],
  ]],
  ["Sports", "c483", [
    ["Soccer", "c533"], ["American Football", "c484"], ["Basketball", "c547"], ["Baseball", "c545"],
    ["Golf", "c512"], ["Tennis", "c539"], ["Cycling", "c492"], ["Running", "c540"],
    ["Fishing", "c511"], ["Hunting", "c514"], ["Skiing & Snowboarding", "c531"], ["Water Sports", "c530"],
    ["Boxing & MMA", "c485"], ["Sports Equipment", "c551"], ["Hockey", "c515"], ["Motorsport", "c518"],
    ["Equestrian", "c496"], ["Cricket & Rugby", "c491"], ["Fantasy Sports", "c508"],
  ]],
  ["Pets & Animals", "c422", [
    ["Dogs", "c425"], ["Cats", "c424"], ["Veterinary", "a1466"], ["Pet Supplies", "c431"],
    ["Pet Grooming", "a1464"], ["Pet Sitting & Boarding", "a1465"], ["Pet Adoption", "c428"],
    ["Horses & Livestock", "c427"], ["Fish & Aquariums", "c426"], ["Birds", "c423"],
  ]],
  ["Family & Relationships", "c186", [
    ["Dating", "c188"], ["Weddings", "c165"], ["Parenting", "c192"], ["Baby & Maternity", "c169"],
    ["Senior Living", "a1334"], ["Funerals & Memorials", "c171"], ["Parties & Celebrations", "c170"],
  ]],
  ["Religion & Spirituality", "c453", [
    ["Christianity", "c459"], ["Islam", "c461"], ["Judaism", "c462"], ["Buddhism & Hinduism", "c458"],
    ["Astrology & Psychics", "c456"], ["Spirituality & Meditation", "c455"],
  ]],
  ["Non-Profit & Government", "a1452", [
    ["Charities", "a1453"], ["Politics & Elections", "c387"], ["Government & Civic", "c8YPBBL"],
    ["Associations & Clubs", "a1455"], ["Military & Veterans", "a1456"], ["Environmental Causes", "a1370"],
  ]],
  ["Science", "c464", [
    ["Environment & Climate", "c467"], ["Space & Astronomy", "c472"], ["Biology & Genetics", "c465"],
    ["Chemistry", "c466"], ["Physics", "c471"], ["Weather", "c390"], ["Research & Laboratories", "a1045"],
  ]],
  ["Arts & Hobbies", "c239", [
    ["Art & Galleries", "c155"], ["Crafts & DIY", "c248"], ["Collecting & Antiques", "c240"],
    ["Photography", "c255"], ["Graphic Design", "c204"], ["Dance", "c203"], ["Theater", "c209"],
    ["Musical Instruments", "c243"], ["Genealogy", "c273"], ["Woodworking", "c257"], ["Sewing & Knitting", "c253"],
  ]],
  ["Regulated Goods", "", [
    ["Cannabis & CBD", "a1049"], ["Tobacco & Vaping", "a1544"], ["Firearms & Ammunition", "a1576"],
    ["Adult", "a1001"],
  ]],
];

/** The fixed entry for names no rule or keyword can place (docs/classify.md). */
export const UNCATEGORIZED_VERTICAL = "Uncategorized";
export const UNCATEGORIZED_SUBCATEGORY = "General";
