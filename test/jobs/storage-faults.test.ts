/**
 * Storage faults with a real filesystem: a submission that does not fit on a 2 MB tmpfs
 * (507, no file, no charge; the next one that fits works, also after a restart), a job
 * folder the sweep cannot delete (a mount point: EBUSY even for root), and an input file
 * that cannot be removed at the end of a job (a bind mount) not skipping the callback.
 *
 * Mounting needs root (or CAP_SYS_ADMIN). Where it is not allowed, each test is skipped
 * with the reason printed; it never passes without having run.
 */
import { afterAll, describe, expect, test, setDefaultTimeout } from "bun:test";
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import type { JobsCore } from "../../src/capabilities/jobs/core.ts";
import type { SqliteJobQueue } from "../../src/capabilities/jobs/store.ts";
import type { JobsService } from "../../src/capabilities/jobs/service.ts";
import { startServer } from "../../src/main.ts";
import { tempDir } from "../support/harness.ts";
import { isFinal, names, startJobsServer, submit, usage, waitFor, type JobsServer } from "./support/jobs.ts";

setDefaultTimeout(60_000);

const mounted: string[] = [];
function mount(args: string[], target: string): boolean {
  const r = spawnSync("mount", [...args, target], { encoding: "utf8" });
  if (r.status === 0) mounted.push(target);
  return r.status === 0;
}
function umount(target: string): void {
  spawnSync("umount", [target]);
  const i = mounted.indexOf(target);
  if (i >= 0) mounted.splice(i, 1);
}
afterAll(() => {
  for (const m of mounted.reverse()) spawnSync("umount", ["-l", m]);
});

/** Whether this process may mount a tmpfs (tried once, on a scratch folder). */
const probe = tempDir("zw-mount-probe-");
const canMount = mount(["-t", "tmpfs", "-o", "size=64k", "tmpfs"], probe);
if (canMount) umount(probe);
fs.rmSync(probe, { recursive: true, force: true });
const why = "mounting a tmpfs is not allowed here (needs root or CAP_SYS_ADMIN): the storage-fault tests did not run";
if (!canMount) console.warn(`SKIPPED: ${why}`);
const itMounts = canMount ? test : test.skip;

const coreOf = (t: JobsServer) => (t.server.services.jobs as JobsService).core as JobsCore;
const jobDirs = (dataDir: string) => fs.readdirSync(path.join(dataDir, "jobs")).filter((n) => n.startsWith("job_"));

describe("disk full at submit", () => {
  itMounts("507 insufficient_storage, nothing on disk, nothing charged; a job that fits is then accepted, also after a restart", async () => {
    const dataDir = tempDir();
    const jobs = path.join(dataDir, "jobs");
    fs.mkdirSync(jobs);
    expect(mount(["-t", "tmpfs", "-o", "size=2m", "tmpfs"], jobs)).toBe(true);
    const t = await startJobsServer({ ZW_DATA_DIR: dataDir });
    try {
      const key = t.newKey("full", 10_000_000).key;
      // 200,000 names of 20 bytes: about 4 MB, twice the filesystem.
      const big = names(200_000, "a-rather-long-name-");
      const { r, body } = await submit(t, { type: "zone_lookup", domains: big }, key);
      expect(r.status).toBe(507);
      expect(r.headers.get("content-type")).toContain("application/json");
      expect(body.code).toBe("insufficient_storage");
      expect(body.error).toMatch(/disk is full/);
      expect(r.headers.get("x-credits-charged")).toBeNull();
      expect(jobDirs(dataDir)).toEqual([]);
      expect((await usage(t, key)).credits_used).toBe(0);
      expect((await (await t.fetch("/v1/jobs", { key })).json()).jobs).toEqual([]);

      const small = await submit(t, { type: "zone_lookup", domains: names(3) }, key);
      expect(small.r.status).toBe(202);
      await waitFor(t, small.body.id, isFinal, 20_000, key);

      // A restart finds the disk as the refusal left it: a small job still fits.
      const config = t.server.services.config;
      await t.server.stop();
      const again = await startServer(config, { log: () => {} });
      try {
        const r2 = await fetch(`${again.url}/v1/jobs`, {
          method: "POST",
          body: JSON.stringify({ type: "zone_lookup", domains: names(2) }),
          headers: { "content-type": "application/json", authorization: `Bearer ${key}` },
        });
        expect(r2.status).toBe(202);
      } finally {
        await again.stop();
      }
    } finally {
      await t.server.stop().catch(() => {});
      umount(jobs);
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });
});

describe("files that cannot be removed", () => {
  itMounts("the sweep skips a job folder it cannot delete, reports it once, sweeps the others; expired results are not served", async () => {
    const logged: string[] = [];
    const t = await startJobsServer();
    const pin = path.join(t.dataDir, "pin");
    try {
      (t.server.services as { log: (e: unknown) => void }).log = (e) => logged.push(String(e));
      const core = coreOf(t);
      const a = (await submit(t, { type: "zone_lookup", domains: names(5) })).body.id as string;
      const b = (await submit(t, { type: "zone_lookup", domains: names(5) })).body.id as string;
      await waitFor(t, a, isFinal);
      await waitFor(t, b, isFinal);
      expect((await t.fetch(`/v1/jobs/${a}/results`)).status).toBe(200);
      // A mount point inside a's folder: removing the folder fails with EBUSY.
      fs.mkdirSync(pin);
      fs.mkdirSync(path.join(core.files.dir(a), "pin"));
      expect(mount(["-t", "tmpfs", "-o", "size=64k", "tmpfs"], path.join(core.files.dir(a), "pin"))).toBe(true);
      const past = Date.now() - 1000;
      (core.store as SqliteJobQueue).db.run("UPDATE jobs SET expires_at = ? WHERE id IN (?, ?)", [past, a, b]);
      // Past expires_at nothing is served, whether or not the sweep has run yet.
      expect((await t.fetch(`/v1/jobs/${a}/results`)).status).toBe(410);
      for (let i = 0; i < 3; i++) core.sweep();
      expect(fs.existsSync(core.files.dir(b))).toBe(false);
      expect(fs.existsSync(core.files.dir(a))).toBe(true);
      expect(logged.filter((l) => l.includes(a))).toHaveLength(1);
      expect(logged.filter((l) => l.includes(a))[0]).toMatch(/could not remove/);
      for (const id of [a, b]) {
        expect((await t.fetch(`/v1/jobs/${id}/results`)).status).toBe(410);
        expect((await (await t.fetch(`/v1/jobs/${id}`)).json()).status).toBe("expired");
      }
      umount(path.join(core.files.dir(a), "pin"));
    } finally {
      await t.stop();
    }
  });

  itMounts("an input file that cannot be removed at the end of a job does not skip the final callback", async () => {
    const logged: string[] = [];
    const t = await startJobsServer({}, { delayMs: 200 });
    const spare = path.join(t.dataDir, "spare.txt");
    try {
      (t.server.services as { log: (e: unknown) => void }).log = (e) => logged.push(String(e));
      const core = coreOf(t);
      const finals: string[] = [];
      const wake = core.onFinal;
      core.onFinal = (row) => {
        finals.push(row.id);
        wake(row);
      };
      const id = (await submit(t, { type: "zone_lookup", domains: names(300) })).body.id as string;
      fs.writeFileSync(spare, "x");
      // A bind mount over input.txt: unlinking it fails with EBUSY.
      expect(mount(["--bind", spare], core.files.inputPath(id))).toBe(true);
      await waitFor(t, id, isFinal);
      expect(finals).toContain(id);
      expect(logged.filter((l) => l.includes(id) && /could not remove/.test(l))).toHaveLength(1);
      umount(core.files.inputPath(id));
    } finally {
      await t.stop();
    }
  });
});
