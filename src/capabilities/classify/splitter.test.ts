/** The splitter's rules over the shipped lexicon (accuracy is a benchmark: bench/segmentation). */
import { describe, expect, test } from "bun:test";
import { getLexicon } from "./lexicon.ts";
import { DEFAULT_PARAMS } from "./splitter-params.ts";
import { AUTO, langOfExt, Splitter, splitName } from "./splitter.ts";

const words = (name: string, ext: string | null = null) => splitName(name, langOfExt(ext)).words;

describe("splitName", () => {
  test("everyday names split into their words", () => {
    expect(words("bestpizza")).toEqual(["best", "pizza"]);
    expect(words("denverdentist")).toEqual(["denver", "dentist"]);
    expect(words("realestateagent")).toEqual(["real", "estate", "agent"]);
    expect(words("lasvegashotels")).toEqual(["las", "vegas", "hotels"]);
    expect(words("joespizza")).toEqual(["joes", "pizza"]);
  });

  test("a word plus s is one token even where no longer word starts with it", () => {
    // "joshuas" begins no lexicon word: the plural edge must not be lost with the prefix.
    expect(words("joshuasbakery")).toEqual(["joshuas", "bakery"]);
    expect(words("mikesbikes")).toEqual(["mikes", "bikes"]);
  });

  test("contractions glued as names write them are words (the corpora's contraction counts, put back together)", () => {
    expect(words("idontcare")).toEqual(["i", "dont", "care"]);
    expect(words("isntit")).toEqual(["isnt", "it"]);
    expect(words("youreawesome")).toEqual(["youre", "awesome"]);
    expect(words("theyreback")).toEqual(["theyre", "back"]);
    // "i" is a word, so its pairs count as "a"'s do
    expect(words("ithinkican")).toEqual(["i", "think", "i", "can"]);
    // "dont" is a common word, commoner than the name "don", not a rare token
    const lex = getLexicon();
    expect(lex.freqCost(lex.indexOf("dont"))).toBeLessThan(lex.freqCost(lex.indexOf("don")));
  });

  test("slang plurals; a name rarely ends in a very frequent word or a lone letter", () => {
    expect(words("computerthingz")).toEqual(["computer", "thingz"]);
    expect(words("knoxvillestartup")).toEqual(["knoxville", "startup"]);
    expect(words("mylinkedin")).toEqual(["my", "linkedin"]);
    const noWeakEnd = new Splitter(getLexicon(), { ...DEFAULT_PARAMS, weakEnd: 0 });
    expect(noWeakEnd.split("mylinkedin").words).toEqual(["my", "linked", "in"]);
  });

  test("digits are their own tokens, hyphens are boundaries and never tokens", () => {
    expect(words("top10games")).toEqual(["top", "10", "games"]);
    expect(words("best-pizza")).toEqual(["best", "pizza"]);
    expect(words("2024")).toEqual(["2024"]);
    expect(words("1-2-3")).toEqual(["1", "2", "3"]);
    expect(words("---")).toEqual([]);
  });

  test("acronyms, names, brands and unknown runs stay whole", () => {
    expect(words("xqzvtkpl")).toEqual(["xqzvtkpl"]);
    expect(words("powerdns")).toEqual(["power", "dns"]);
    expect(words("ibmcloud")).toEqual(["ibm", "cloud"]);
    expect(words("johnsmith")).toEqual(["john", "smith"]);
    expect(words("bmwparts")).toEqual(["bmw", "parts"]);
    // a brand is no glued compound, however it splits ("you tube", "pay pal")
    expect(words("youtubemoney")).toEqual(["youtube", "money"]);
    expect(words("paypal")).toEqual(["paypal"]);
  });

  test("an acronym glued to a word opens: long acronyms are rare, and e- is a prefix", () => {
    const plain = new Splitter(getLexicon(), { ...DEFAULT_PARAMS, spelledLong: 0, ePrefix: 0 });
    // without these rules, "rpdinc" is one six-letter acronym at four letters' price a letter
    expect(words("rpdinc")).toEqual(["rpd", "inc"]);
    expect(words("jmsnet")).toEqual(["jms", "net"]);
    expect(plain.split("rpdinc").words).toEqual(["rpdinc"]);
    expect(words("etruck")).toEqual(["e", "truck"]);
    expect(words("evisa")).toEqual(["e", "visa"]);
    expect(plain.split("evisa").words).toEqual(["evisa"]);
    // a word that begins with e stays one word
    for (const w of ["evolve", "eleven", "ebay", "email"]) expect(words(w)).toEqual([w]);
    expect(() => new Splitter(getLexicon(), { ...DEFAULT_PARAMS, spelledLong: -1 })).toThrow(/spelledLong/);
  });

  test("an internationalised name is split in Unicode; bad punycode and other scripts are one word, LOW", () => {
    // möbelberlin, zahnärztemünchen, españaviajes
    expect(splitName("xn--mbelberlin-ecb", langOfExt("de"))).toMatchObject({
      words: ["möbel", "berlin"],
      ascii: { name: "mobelberlin", words: ["mobel", "berlin"] },
    });
    expect(splitName("xn--zahnrztemnchen-8hb30b", langOfExt("de")).words).toEqual(["zahnärzte", "münchen"]);
    expect(splitName("xn--espaaviajes-4db").words).toEqual(["españa", "viajes"]);
    expect(splitName("xn--mnchen-immobilien-22b").words).toEqual(["münchen", "immobilien"]);
    expect(splitName("xn--bcher-kva").words).toEqual(["bücher"]);
    expect(splitName("xn--zz")).toEqual({ words: ["xn--zz"], confidence: "LOW" }); // not punycode
    expect(splitName("xn--fiqs8s")).toEqual({ words: ["中国"], confidence: "LOW" }); // no a-z spelling
    expect(splitName("XN--MBELBERLIN-ECB")).toEqual(splitName("xn--mbelberlin-ecb"));
    expect(splitName("BestPizza")).toEqual(splitName("bestpizza"));
  });

  test("the extension's language, or the words', chooses the reading; English names stay English", () => {
    expect(words("versicherungvergleich", "de")).toEqual(["versicherung", "vergleich"]);
    expect(words("hotelesbaratos")).toEqual(["hoteles", "baratos"]); // Spanish words found in an English reading
    expect(words("casaenventa", "mx")).toEqual(["casa", "en", "venta"]);
    expect(words("lamaison", "fr")).toEqual(["la", "maison"]);
    expect(words("bestpizza", "de")).toEqual(["best", "pizza"]); // English words in a German name
    for (const n of ["bestpizza", "expertsexchange", "therapistfinder", "mediahouse"]) expect(words(n, "com")).toEqual(words(n));
    expect(langOfExt("com.br")).toBe(langOfExt("pt"));
    expect(langOfExt("com")).toBe(AUTO);
    expect(langOfExt(null)).toBe(AUTO);
    // an English splitter asked for another language answers with that language's tokens
    const sp = new Splitter(getLexicon(), DEFAULT_PARAMS);
    expect(sp.split("versicherungvergleich", langOfExt("de")).words).toEqual(["versicherung", "vergleich"]);
    expect(getLexicon().wordAt(sp.tokenWords()[0]!)).toBe("versicherung");
    // without a foreign-word reading (a huge penalty), the Spanish name falls apart in English
    const englishOnly = new Splitter(getLexicon(), { ...DEFAULT_PARAMS, foreignPenalty: 1000 });
    expect(englishOnly.split("hotelesbaratos").words).not.toEqual(["hoteles", "baratos"]);
  });

  test("the words always spell the name's letters and digits, for any input", () => {
    for (const n of ["a".repeat(63), "q".repeat(40) + "pizza", "9".repeat(63), "abc-123-def", "z", "x1y2z3", "thequickbrownfoxjumpsoverthelazydog"]) {
      expect(words(n).join("")).toBe(n.replaceAll("-", ""));
    }
  });

  test("confidence follows the margin: a clear split is HIGH, and the same name always gets the same answer", () => {
    expect(splitName("bestpizza").confidence).toBe("HIGH");
    const levels = new Set(["wholesm", "paytm", "expertsexchange", "therapistfinder", "heraldo", "tanki"].map((n) => splitName(n).confidence));
    for (const l of levels) expect(["HIGH", "MEDIUM", "LOW"]).toContain(l);
    const again = new Splitter(getLexicon(), DEFAULT_PARAMS);
    for (const n of ["expertsexchange", "heraldo", "nytimes", "a".repeat(63)]) expect(again.split(n)).toEqual(splitName(n));
  });

  test("a split that keeps a coinage whole is one level less sure than its margin says", () => {
    // thresholds of 0: every margin counts as HIGH, so only the coinage rule can lower it
    const sure = new Splitter(getLexicon(), { ...DEFAULT_PARAMS, high: 0, medium: 0 });
    expect(sure.split("zorblaxia")).toEqual({ words: ["zorblaxia"], confidence: "MEDIUM" });
    expect(sure.split("zorblaxiapizza")).toEqual({ words: ["zorblaxia", "pizza"], confidence: "MEDIUM" });
    expect(sure.split("bestpizza").confidence).toBe("HIGH");
    expect(sure.split("ibmcloud").confidence).toBe("HIGH"); // an acronym is no coinage
    expect(splitName("zorblaxia").confidence).not.toBe("HIGH");
  });

  test("parameters matter: a huge per-word price keeps a name whole", () => {
    const whole = new Splitter(getLexicon(), { ...DEFAULT_PARAMS, perWord: 1000 });
    expect(whole.split("bestpizza").words).toEqual(["bestpizza"]);
  });

  test("an unknown run whose price could fall as it grows is refused (the pruning relies on it)", () => {
    expect(() => new Splitter(getLexicon(), { ...DEFAULT_PARAMS, unknownPerChar: -1 })).toThrow(/unknownPerChar/);
    expect(() => new Splitter(getLexicon(), { ...DEFAULT_PARAMS, letterWeight: Number.NaN })).toThrow(/letterWeight/);
    expect(() => new Splitter(getLexicon(), { ...DEFAULT_PARAMS, weakEnd: -0.5 })).toThrow(/weakEnd/);
  });

  test("a pair bonus too large for the pruning bound's bits is refused; one just under fits and still splits", () => {
    expect(() => new Splitter(getLexicon(), { ...DEFAULT_PARAMS, phraseBonus: 40000 })).toThrow(/pair bonus/);
    expect(() => new Splitter(getLexicon(), { ...DEFAULT_PARAMS, pairWeight: 3000 })).toThrow(/pair bonus/);
    const big = new Splitter(getLexicon(), { ...DEFAULT_PARAMS, phraseBonus: 30000, pairWeight: 0 });
    expect(big.split("bestpizzadenver").words.join("")).toBe("bestpizzadenver");
  });
});
