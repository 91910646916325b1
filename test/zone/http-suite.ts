/**
 * The zone endpoints over HTTP against the real server and a real index: a representative
 * set of counts equals the brute-force answer from the same names; lookup rows, bare names,
 * short names, IDN echo and the include_counts fields; stats; extension filter
 * normalisation; 400s naming the field.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { BruteForce } from "../../src/zone-index/brute-force.ts";
import { startTestServer, type TestServer } from "../support/harness.ts";
import { FIXTURE_BUILT_AT } from "./fixture-index.ts";
import { readDomains } from "./real-domains.ts";

/**
 * Registers the suite against a server whose index is built from `inputs` (domain lists):
 * test/zone/http.test.ts runs it on the committed sample, test-data/zone/http.test.ts on the
 * full lists.
 */
export function zoneHttpSuite(inputs: string[]): void {
  let t: TestServer;
  let brute: BruteForce;
  let keyN = 0;
  /** zone and zone_lookup allow 20 and 12 requests a minute per key: a key per few requests. */
  const key = () => t.newKey(`zone-http-${++keyN}`).key;

  beforeAll(async () => {
    brute = new BruteForce(readDomains(inputs));
    t = await startTestServer({}, { zoneInputs: inputs });
  }, 60_000);
  afterAll(() => t?.stop());

  async function count(body: unknown): Promise<{ status: number; json: any; charged: string | null }> {
    const r = await t.post("/v1/zone/count", body, key());
    return { status: r.status, json: await r.json(), charged: r.headers.get("x-credits-charged") };
  }

  describe("POST /v1/zone/count", () => {
    const cases: [string, "contains" | "starts" | "ends" | undefined, string[] | undefined][] = [
      ["an", undefined, undefined],
      ["an", "contains", ["nu", "ee"]],
      ["shop", "contains", undefined],
      ["24-7", "contains", undefined],
      ["xn--", "starts", undefined],
      ["se", "ends", ["se", "nu"]],
      ["bet", "ends", undefined],
      ["qqqqzz", "contains", undefined],
      ["a".repeat(63), "starts", undefined],
      ["art", "starts", ["christmas", "no-such-ext"]],
    ];
    for (const [term, position, tlds] of cases) {
      test(`${term.slice(0, 12)} ${position ?? "(default)"} ${tlds?.join(",") ?? "all"} equals brute force`, async () => {
        const r = await count({ term, ...(position ? { position } : {}), ...(tlds ? { tlds } : {}) });
        expect(r.status).toBe(200);
        expect(r.charged).toBe("2");
        expect(r.json).toEqual(brute.count(term, position ?? "contains", tlds ?? null));
      });
    }

    test("extension entries are normalised like domains; unknown ones match nothing", async () => {
      const want = brute.count("an", "contains", ["nu"]);
      for (const tlds of [["NU"], [".nu"], ["nu."], ["nu", "Nu", "no-such-ext"]]) {
        expect((await count({ term: "an", tlds })).json).toEqual(want);
      }
      const none = (await count({ term: "an", tlds: ["no-such-ext"] })).json;
      expect([none.total_matches, none.keyword_count, none.exact_domain_count, none.tld_breakdown]).toEqual([0, 0, 0, []]);
    });

    test("bad filters and terms are 400s naming the field, nothing charged", async () => {
      const bad: [unknown, string][] = [
        [{ term: "an", tlds: ["nu", "a..b"] }, 'tlds[1]: "a..b" is not a valid extension'],
        [{ term: "an", tlds: [] }, "tlds must not be empty"],
        [{ term: "an", tlds: Array.from({ length: 51 }, (_, i) => `x${i}`) }, "tlds must contain at most 50 items (got 51)"],
        [{ term: "a" }, "term must be 2 to 63 characters of lower-case a-z, 0-9 and hyphen"],
        [{ term: "a".repeat(64) }, "term must be 2 to 63 characters of lower-case a-z, 0-9 and hyphen"],
        [{ term: "an", position: "middle" }, "position must be one of contains, starts, ends"],
        [{ tlds: ["nu"] }, "term is required"],
      ];
      for (const [body, message] of bad) {
        const r = await count(body);
        expect({ body, status: r.status, error: r.json.error }).toEqual({ body, status: 400, error: message });
        expect(r.charged).toBeNull();
      }
    });
  });

  describe("POST /v1/zone/lookup", () => {
    test("rows for full domains, bare names, short names and IDN input, in input order", async () => {
      const some = [...brute.domains].slice(0, 3);
      const domains = [...some, "Nic.NU.", "zzqq-not-registered.nu", "nic", "x", "x.nu", "bücher.nu"];
      const r = await t.post("/v1/zone/lookup", { domains }, key());
      expect(r.status).toBe(200);
      expect(r.headers.get("x-credits-charged")).toBe("1");
      const body = await r.json();
      expect(body.index_built_at).toBe(FIXTURE_BUILT_AT);
      const ascii = [...some, "nic.nu", "zzqq-not-registered.nu", "nic", "x", "x.nu", "xn--bcher-kva.nu"];
      expect(body.results).toEqual(
        ascii.map((a, i) => {
          const dot = a.indexOf(".");
          const name = dot < 0 ? a : a.slice(0, dot);
          const supported = name.length >= 2;
          return {
            input: domains[i],
            name,
            extension: dot < 0 ? null : a.slice(dot + 1),
            registered: dot < 0 ? null : brute.domains.has(a),
            extensions_registered: supported ? (brute.byName.get(name)?.length ?? 0) : null,
            supported,
          };
        }),
      );
    });

    test("include_counts adds the four counts (null for short names) and doubles the cost", async () => {
      const names = ["an", "shop.nu", "bet", "x", "qqqqzz.ee"];
      const r = await t.post("/v1/zone/lookup", { domains: names, include_counts: true }, key());
      expect(r.headers.get("x-credits-charged")).toBe("2");
      const rows = (await r.json()).results;
      rows.forEach((row: any, i: number) => {
        const name = names[i].split(".")[0];
        if (name.length < 2) {
          expect(row).toMatchObject({
            supported: false,
            extensions_registered: null,
            containing_domains: null,
            containing_names: null,
            starting_domains: null,
            ending_domains: null,
          });
          return;
        }
        const { extensions_registered, ...counts } = brute.nameCounts(name);
        expect(row).toMatchObject({ supported: true, extensions_registered, ...counts });
      });
    });

    test("a full batch of 5,000 names (the pool path) answers every row in order", async () => {
      const all = [...brute.domains];
      const domains = Array.from({ length: 5000 }, (_, i) => (i % 7 === 0 ? `zz${i}-absent.nu` : all[(i * 97) % all.length]));
      const r = await t.post("/v1/zone/lookup", { domains }, key());
      expect(r.status).toBe(200);
      expect(r.headers.get("x-credits-charged")).toBe("500");
      const rows = (await r.json()).results as { input: string; registered: boolean }[];
      expect(rows.map((x) => x.input)).toEqual(domains);
      expect(rows.map((x) => x.registered)).toEqual(domains.map((d) => brute.domains.has(d)));
    });

    test("a bad item is a 400 naming its index, nothing charged", async () => {
      const r = await t.post("/v1/zone/lookup", { domains: ["ok.nu", "a..b"] }, key());
      expect(r.status).toBe(400);
      expect((await r.json()).error).toBe('domains[1]: "a..b" is not a valid domain name');
      expect(r.headers.get("x-credits-charged")).toBeNull();
    });
  });

  describe("GET /v1/zone/stats", () => {
    test("sizes and the 20 largest extensions", async () => {
      const r = await t.fetch("/v1/zone/stats", { key: key() });
      expect(r.status).toBe(200);
      expect(r.headers.get("x-credits-charged")).toBe("1");
      const s = await r.json();
      const per = new Map<string, number>();
      for (const exts of brute.byName.values()) for (const e of exts) per.set(e, (per.get(e) ?? 0) + 1);
      const top = [...per]
        .map(([tld, n]) => ({ tld, count: n }))
        .sort((a, b) => b.count - a.count || (a.tld < b.tld ? -1 : 1))
        .slice(0, 20);
      expect(s).toEqual({
        built_at: FIXTURE_BUILT_AT,
        total_domains: brute.domains.size,
        total_slds: brute.byName.size,
        total_tlds: per.size,
        sample: false,
        complete_tlds: [],
        top_tlds: top,
      });
    });
  });

  describe("outside /v1", () => {
    test("/healthz says which index is loaded (no key, no path); OpenAPI documents the three endpoints", async () => {
      const h = await (await fetch(`${t.url}/healthz`)).json();
      expect(h.zone_index).toEqual({ loaded: true, built_at: FIXTURE_BUILT_AT, total_domains: brute.domains.size, sample: false, complete_tlds: [] });
      const api = await (await fetch(`${t.url}/openapi.json`)).json();
      for (const [p, m] of [
        ["/v1/zone/count", "post"],
        ["/v1/zone/lookup", "post"],
        ["/v1/zone/stats", "get"],
      ]) {
        expect(api.paths[p][m].responses["200"].content["application/json"].schema).toBeDefined();
      }
    });
  });
}
