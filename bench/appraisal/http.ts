/**
 * A 500-name POST /v1/appraise/bulk over HTTP against the real server (temp data dir, the
 * default worker count). Keys rotate so the 6-per-minute rate limit never answers instead.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { loadConfig } from "../../src/config.ts";
import { startServer } from "../../src/main.ts";
import type { SqliteStore } from "../../src/store/sqlite.ts";

export async function benchHttp(domains: string[], indexFile: string | undefined, requests = 60): Promise<string> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "zw-bench-appraise-"));
  const config = loadConfig({ ZW_HOST: "127.0.0.1", ZW_PORT: "0", ZW_DATA_DIR: dir, ...(indexFile ? { ZW_ZONE_INDEX: path.resolve(indexFile) } : {}) });
  const server = await startServer(config, { log: () => {} });
  try {
    const store = server.services.store as SqliteStore;
    const keys = Array.from({ length: Math.ceil(requests / 5) + 1 }, (_, i) => store.keys.create(`bench${i}`, 1_000_000).key);
    const body = JSON.stringify({ domains });
    const lat: number[] = [];
    for (let i = 0; i < requests + 5; i++) {
      const t0 = performance.now();
      const r = await fetch(`${server.url}/v1/appraise/bulk`, {
        method: "POST",
        body,
        headers: { authorization: `Bearer ${keys[Math.floor(i / 5)]}`, "content-type": "application/json" },
      });
      await r.arrayBuffer();
      if (r.status !== 200) throw new Error(`bulk answered ${r.status}`);
      if (i >= 5) lat.push(performance.now() - t0); // the first five warm the workers up
    }
    lat.sort((a, b) => a - b);
    const q = (p: number) => lat[Math.min(lat.length - 1, Math.floor(p * lat.length))]!.toFixed(1);
    return `${lat.length} sequential requests (${config.workers} workers): median ${q(0.5)} ms, p90 ${q(0.9)} ms, max ${q(1)} ms`;
  } finally {
    await server.stop();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}
