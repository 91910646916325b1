import { describe, expect, test } from "bun:test";
import { ApiError } from "../http/errors.ts";
import { normaliseDomain, parseDomain, parseDomainList } from "./name.ts";

describe("normaliseDomain", () => {
  test("lower-cases and drops one trailing dot", () => {
    expect(normaliseDomain("BestPizza.COM.")).toBe("bestpizza.com");
    expect(normaliseDomain("bestpizza.com..")).toBeNull();
    // the same for an international name, and for a full stop UTS-46 maps to "."
    expect(normaliseDomain("bücher.")).toBe("xn--bcher-kva");
    expect(normaliseDomain("bücher\u3002")).toBe("xn--bcher-kva");
    expect(normaliseDomain("bücher..")).toBeNull();
    expect(normaliseDomain("bücher.\u3002")).toBeNull();
    expect(normaliseDomain("bücher\u3002\u3002")).toBeNull();
  });
  test("IDN to punycode with UTS-46", () => {
    expect(normaliseDomain("bücher.de")).toBe("xn--bcher-kva.de");
    expect(normaliseDomain("BÜCHER.de")).toBe("xn--bcher-kva.de");
    expect(normaliseDomain("münchen")).toBe("xn--mnchen-3ya");
    expect(normaliseDomain("faß.de")).toBe("xn--fa-hia.de");
  });
  test("label rules", () => {
    expect(normaliseDomain("a")).toBe("a");
    expect(normaliseDomain("-abc.com")).toBeNull();
    expect(normaliseDomain("abc-.com")).toBeNull();
    expect(normaliseDomain("a--b.com")).toBe("a--b.com");
    expect(normaliseDomain("foo..bar")).toBeNull();
    expect(normaliseDomain(".com")).toBeNull();
    expect(normaliseDomain("")).toBeNull();
    expect(normaliseDomain(".")).toBeNull();
    expect(normaliseDomain("a".repeat(63) + ".com")).toBe("a".repeat(63) + ".com");
    expect(normaliseDomain("a".repeat(64) + ".com")).toBeNull();
    const long = Array.from({ length: 4 }, () => "a".repeat(63)).join(".");
    expect(long.length).toBe(255);
    expect(normaliseDomain(long)).toBeNull();
    expect(normaliseDomain(long.slice(0, 253))).toBe(long.slice(0, 253));
  });
  test("characters no name may hold", () => {
    for (const bad of ["foo bar.com", "foo_bar.com", "foo/bar", "a@b.com", "http://x.com", "x.com:80", "%41.com", "\u0000.com", "💩"]) {
      expect(normaliseDomain(bad)).toBeNull();
    }
  });
});

describe("parseDomain", () => {
  test("splits on the first label", () => {
    expect(parseDomain("Shop.co.uk", "domain")).toEqual({ ascii: "shop.co.uk", name: "shop", ext: "co.uk" });
    expect(parseDomain("shop", "domain")).toEqual({ ascii: "shop", name: "shop", ext: null });
  });
  test("messages name the field and index", () => {
    const msg = (f: () => unknown) => {
      try {
        f();
      } catch (e) {
        expect(e).toBeInstanceOf(ApiError);
        return (e as ApiError).message;
      }
      throw new Error("did not throw");
    };
    expect(msg(() => parseDomainList(["a.com", "b.com", "c.com", "foo..bar"], "domains"))).toBe('domains[3]: "foo..bar" is not a valid domain name');
    expect(msg(() => parseDomainList(["a.com", 7], "domains"))).toBe("domains[1] must be a string");
    expect(msg(() => parseDomain("shop", "domain", { requireExtension: true }))).toContain("needs an extension");
    expect(msg(() => parseDomain("x".repeat(5000), "domain"))).toContain("...");
  });
});
