/**
 * Jobs on the real pool tasks (worker threads): a job's rows equal what the synchronous
 * twin answers for the same names, row for row, in input order; and the same without
 * worker threads (ZW_WORKERS=0).
 */
import { afterAll, beforeAll, expect, test, setDefaultTimeout } from "bun:test";
import { startTestServer, type TestServer } from "../support/harness.ts";
import { realNames } from "./support/real-names.ts";
import { isFinal, rows, submit, waitFor } from "./support/jobs.ts";

// The machine is shared: allow for a loaded CPU.
setDefaultTimeout(60_000);

let t: TestServer;
beforeAll(async () => {
  t = await startTestServer({ ZW_CHUNK_SIZE: "700", ZW_WORKERS: "2" }, { quota: 1_000_000 });
});
afterAll(() => t.stop());

async function twin(path: string, body: Record<string, unknown>, field: string): Promise<unknown[]> {
  const r = await t.post(path, body);
  expect(r.status).toBe(200);
  return ((await r.json()) as Record<string, unknown[]>)[field]!;
}

test("zone_lookup job rows = POST /v1/zone/lookup rows (with and without include_counts)", async () => {
  const list = [...realNames(2500), "x", "Bücher.de", "EXAMPLE.com.", "ab"];
  for (const include_counts of [false, true]) {
    const { r, body } = await submit(t, { type: "zone_lookup", domains: list, options: { include_counts } });
    expect(r.status).toBe(202);
    const j = await waitFor(t, body.id, isFinal, 60_000);
    expect(j).toMatchObject({ status: "succeeded", done: list.length, errors: 0 });
    const got = await rows(t, body.id);
    const want: unknown[] = [];
    for (let i = 0; i < list.length; i += 5000) want.push(...(await twin("/v1/zone/lookup", { domains: list.slice(i, i + 5000), include_counts }, "results")));
    expect(got).toEqual(want);
  }
});

test("appraise job rows = POST /v1/appraise/bulk rows", async () => {
  const list = realNames(1200);
  const { body } = await submit(t, { type: "appraise", domains: list });
  const j = await waitFor(t, body.id, isFinal, 60_000);
  expect(j).toMatchObject({ status: "succeeded", done: list.length });
  const got = await rows(t, body.id);
  const want: unknown[] = [];
  for (let i = 0; i < list.length; i += 500) want.push(...(await twin("/v1/appraise/bulk", { domains: list.slice(i, i + 500) }, "results")));
  expect(got).toEqual(want);
  // CSV: nested fields flattened with dots, in the documented order.
  const csv = (await (await t.fetch(`/v1/jobs/${body.id}/results?format=csv`)).text()).split("\r\n");
  expect(csv[0]).toBe("domain,value,low,high,version,classification.split,classification.vertical,classification.subcategory,classification.domain_type,error");
  const w = want[0] as any;
  expect(csv[1]).toBe(
    [
      w.domain,
      w.value,
      w.low,
      w.high,
      w.version,
      w.classification.split,
      w.classification.vertical,
      w.classification.subcategory,
      w.classification.domain_type,
      "",
    ]
      .map((v) => (/[",]/.test(String(v)) ? `"${String(v).replace(/"/g, '""')}"` : String(v)))
      .join(","),
  );
});

test("categorize job rows = POST /v1/categorize results", async () => {
  const list = [...realNames(1000), "bestpizza", "denverdentist.com"];
  const { body } = await submit(t, { type: "categorize", domains: list });
  const j = await waitFor(t, body.id, isFinal, 60_000);
  expect(j).toMatchObject({ status: "succeeded", done: list.length, credits_charged: 2 * list.length });
  const got = await rows(t, body.id);
  const want: unknown[] = [];
  for (let i = 0; i < list.length; i += 100) want.push(...(await twin("/v1/categorize", { domains: list.slice(i, i + 100) }, "results")));
  expect(got).toEqual(want);
  const csv = (await (await t.fetch(`/v1/jobs/${body.id}/results?format=csv`)).text()).split("\r\n");
  expect(csv[0]).toBe("domain,sld,split,vertical,subcategory,confidence,matched,source,type,tags,error");
  expect(csv.length).toBe(list.length + 2);
  const tagged = (want as any[]).findIndex((r) => r.tags.length > 0 && r.matched.length > 1);
  expect(tagged).toBeGreaterThanOrEqual(0);
  const r = (want as any[])[tagged];
  expect(csv[tagged + 1]).toContain(r.matched.join("|"));
  expect(csv[tagged + 1]).toContain(r.tags.map((x: any) => `${x.vertical}/${x.subcategory}`).join("|"));
});

test("with ZW_WORKERS=0 (no worker threads) the same job gives the same rows", async () => {
  const inline = await startTestServer({ ZW_CHUNK_SIZE: "700", ZW_WORKERS: "0" }, { quota: 1_000_000 });
  try {
    const list = realNames(2000);
    const { body } = await submit(inline, { type: "zone_lookup", domains: list });
    const j = await waitFor(inline, body.id, isFinal, 60_000);
    expect(j).toMatchObject({ status: "succeeded", done: list.length });
    const again = await submit(t, { type: "zone_lookup", domains: list });
    await waitFor(t, again.body.id, isFinal, 60_000);
    expect(await rows(inline, body.id)).toEqual(await rows(t, again.body.id));
  } finally {
    await inline.stop();
  }
});
