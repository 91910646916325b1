import { describe, expect, test } from "bun:test";
import { parseWhois, whoisDate } from "./whois-parse.ts";

describe("dates in the forms registries write them", () => {
  test.each([
    ["2001-05-14T04:00:00Z", "2001-05-14T04:00:00Z"],
    ["2001-05-14T04:00:00.123Z", "2001-05-14T04:00:00Z"],
    ["2001-05-14 04:00:00", "2001-05-14T04:00:00Z"],
    ["2001-05-14T06:00:00+02:00", "2001-05-14T04:00:00Z"],
    ["2001-05-14", "2001-05-14T00:00:00Z"],
    ["2001.05.14", "2001-05-14T00:00:00Z"],
    ["2001/05/14 01:05:05 (JST)", "2001-05-14T01:05:05Z"],
    ["14-May-2001", "2001-05-14T00:00:00Z"],
    ["14-may-2001 04:00:00 UTC", "2001-05-14T00:00:00Z"],
    ["14.05.2001", "2001-05-14T00:00:00Z"],
    ["14/05/2001", "2001-05-14T00:00:00Z"],
  ])("%s", (raw, iso) => expect(whoisDate(raw)).toBe(iso));
  test("nonsense is null", () => {
    expect(whoisDate("before the flood")).toBeNull();
    expect(whoisDate("2001-13-45")).not.toBe("2001-13-45T00:00:00Z");
  });
});

describe("verdicts", () => {
  test.each([
    'No match for "X.COM".',
    "NOT FOUND",
    "%% NOT FOUND",
    "No Data Found",
    "Status: free",
    "Status:\tAVAILABLE",
    "No entries found for the selected source(s).",
    "The queried object does not exist: DOMAIN NOT FOUND",
    "Domain example.test is available for registration",
  ])("not found: %s", (text) => expect(parseWhois(`% header\n${text}\n`).kind).toBe("not_found"));

  test("a registration notice mentioning 'not found' in prose is not a not-found answer", () => {
    const v = parseWhois("Domain Name: X.TEST\nRegistrar: R\nRemarks: if a record is not found, contact us\n");
    expect(v.kind).toBe("found");
  });

  test("rate-limit notices are busy; empty and prose-only answers are unreadable", () => {
    expect(parseWhois("Your query limit exceeded, try again later\n").kind).toBe("busy");
    expect(parseWhois("").kind).toBe("unreadable");
    expect(parseWhois("Welcome to our server. Have a nice day.\n").kind).toBe("unreadable");
  });

  test("keys that are Object's own members ('constructor', '[__proto__]') are not known fields", () => {
    expect(parseWhois("Constructor: Bob the Builder\n").kind).toBe("unreadable");
    expect(parseWhois("[__proto__] x\n").kind).toBe("unreadable");
    expect(parseWhois("Registrar:\n  Constructor: x\n").kind).toBe("unreadable");
  });

  test("binary data is unreadable, never a crash", () => {
    const junk = String.fromCharCode(...Array.from({ length: 2000 }, (_, i) => (i * 31) % 32));
    expect(parseWhois(junk).kind).toBe("unreadable");
  });

  test("referral host taken from 'Registrar WHOIS Server', with or without a scheme", () => {
    const v = parseWhois("Domain Name: X.COM\nRegistrar WHOIS Server: https://whois.registrar.test/\nCreation Date: 2001-01-01\n");
    expect(v.kind === "found" && v.referral).toBe("whois.registrar.test");
  });
});

test("hostile answers (blank-line floods, endless runs of spaces or %) are read in linear time", () => {
  const answers = [
    "\n".repeat(250_000),
    " ".repeat(250_000),
    "% ".repeat(125_000),
    "\t".repeat(250_000),
    `Status: a${" ".repeat(250_000)}b\n`,
    `Domain Status:\n${"  x\n".repeat(60_000)}`,
  ];
  for (const text of answers) {
    const t0 = performance.now();
    parseWhois(text);
    // Quadratic regexes take minutes on these; linear ones a few milliseconds (a loaded machine allowed for).
    expect(performance.now() - t0).toBeLessThan(1500);
  }
});
