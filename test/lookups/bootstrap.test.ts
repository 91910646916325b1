/**
 * Where the RDAP bootstrap registry comes from (ZW_RDAP_BOOTSTRAP): a URL, a file, or the
 * shipped copy when a URL cannot be read at start; a file that cannot be read stops the start.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, expect, test } from "bun:test";
import { ConfigError } from "../../src/config.ts";
import { startLookupFakes, type LookupFakes } from "../fakes/index.ts";
import { startTestServer } from "../support/harness.ts";

let fakes: LookupFakes;
beforeAll(async () => {
  fakes = await startLookupFakes();
});
afterAll(() => fakes.stop());

test("a URL: the registry is read from it at start, and /healthz says which one is in use", async () => {
  const t = await startTestServer({ ...fakes.env, ZW_RDAP_BOOTSTRAP: `${fakes.rdap.url}bootstrap.json` });
  try {
    const r = await t.post("/v1/rdap", { domains: ["viaurl.org"] });
    expect((await r.json()).results[0]).toMatchObject({ status: "found", registrar: "Gandi SAS" });
    const health = await (await fetch(`${t.url}/healthz`)).json();
    expect(health.lookups.rdap_bootstrap).toMatchObject({ publication: "2026-11-22T12:00:00Z", extensions: 3, last_refresh_error: null });
  } finally {
    await t.stop();
  }
});

test("a URL that cannot be read at start: the shipped copy serves until a refresh works", async () => {
  const t = await startTestServer({ ...fakes.env, ZW_RDAP_BOOTSTRAP: "http://127.0.0.1:9/dns.json" });
  try {
    const health = await (await fetch(`${t.url}/healthz`)).json();
    expect(health.lookups.rdap_bootstrap.extensions).toBeGreaterThan(1000);
  } finally {
    await t.stop();
  }
});

test("a file that cannot be read stops the start with a message naming the setting", async () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "zw-boot-"));
  const bad = path.join(dir, "bootstrap.json");
  fs.writeFileSync(bad, "not json");
  try {
    await expect(startTestServer({ ...fakes.env, ZW_RDAP_BOOTSTRAP: bad, ZW_DATA_DIR: dir })).rejects.toThrow(
      /ZW_RDAP_BOOTSTRAP: .*bootstrap file is not JSON/,
    );
    // A ConfigError: `cli serve` prints it as one line (exit 2), not with a code frame and stack.
    const missing = startTestServer({ ...fakes.env, ZW_RDAP_BOOTSTRAP: path.join(dir, "missing.json"), ZW_DATA_DIR: dir });
    await expect(missing).rejects.toThrow(ConfigError);
    await expect(missing).rejects.toThrow(/ZW_RDAP_BOOTSTRAP: .*missing\.json: does not exist \(ENOENT\)/);
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
});
