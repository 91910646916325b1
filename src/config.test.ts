import { describe, expect, test } from "bun:test";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { ConfigError, ensureDataDir, loadConfig, SETTINGS_DOC } from "./config.ts";

describe("config", () => {
  test("defaults of README, Settings", () => {
    const c = loadConfig({});
    expect(c.host).toBe("127.0.0.1");
    expect(c.port).toBe(8080);
    expect(c.zoneIndex.endsWith("data/zone.idx")).toBe(true);
    expect(c.dnsServers).toEqual([
      { host: "1.1.1.1", port: 53 },
      { host: "8.8.8.8", port: 53 },
    ]);
    expect(c.callbackAllowPrivate).toBe(false);
    expect(c.resultsTtlS).toBe(86400);
    expect(c.jobDeadlineS).toBe(7200);
    expect(c.jobBudgetS).toBe(3600);
    expect(c.callbackDelaysS).toEqual([0, 60, 300, 1800, 7200, 14400]);
    expect(c.chunkSize).toBe(10000);
    expect(c.workers).toBeGreaterThan(0);
  });
  test("parses lists", () => {
    const c = loadConfig({ ZW_DNS_SERVERS: "127.0.0.1:5353, [::1]:53,9.9.9.9", ZW_WHOIS_SERVERS: "com=127.0.0.1:4343,.nu=whois.example:43" });
    expect(c.dnsServers).toEqual([
      { host: "127.0.0.1", port: 5353 },
      { host: "::1", port: 53 },
      { host: "9.9.9.9", port: 53 },
    ]);
    expect(c.whoisServers.get("com")).toEqual({ host: "127.0.0.1", port: 4343 });
    expect(c.whoisServers.get("nu")).toEqual({ host: "whois.example", port: 43 });
  });
  test("a bad value names the variable", () => {
    const bad: [string, string][] = [
      ["ZW_PORT", "eighty"],
      ["ZW_PORT", "70000"],
      ["ZW_CHUNK_SIZE", "0"],
      ["ZW_CALLBACK_ALLOW_PRIVATE", "maybe"],
      ["ZW_DNS_SERVERS", "1.1.1.1:99999"],
      ["ZW_WHOIS_SERVERS", "com"],
      ["ZW_CALLBACK_DELAYS_S", "0,soon"],
      ["ZW_JOB_LANE_CAP", "10"], // under one job of the largest size: such a job could never be queued
      ["ZW_SHUTDOWN_DRAIN_S", "-1"],
    ];
    for (const [k, v] of bad) {
      expect(() => loadConfig({ [k]: v })).toThrow(ConfigError);
      expect(() => loadConfig({ [k]: v })).toThrow(k);
    }
  });
  test("every setting is documented", () => {
    const names = SETTINGS_DOC.map((s) => s[0]);
    for (const n of [
      "ZW_HOST",
      "ZW_PORT",
      "ZW_DATA_DIR",
      "ZW_ZONE_INDEX",
      "ZW_WORKERS",
      "ZW_RDAP_BOOTSTRAP",
      "ZW_WHOIS_SERVERS",
      "ZW_DNS_SERVERS",
      "ZW_CALLBACK_ALLOW_PRIVATE",
      "ZW_CALLBACK_CA_FILE",
      "ZW_RESULTS_TTL_S",
      "ZW_JOB_DEADLINE_S",
      "ZW_JOB_BUDGET_S",
      "ZW_CALLBACK_DELAYS_S",
      "ZW_CHUNK_SIZE",
    ]) {
      expect(names).toContain(n);
    }
  });
  test("a data directory that cannot be made is a ConfigError naming ZW_DATA_DIR", () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "zw-config-"));
    try {
      const file = path.join(dir, "file");
      fs.writeFileSync(file, "x");
      expect(() => ensureDataDir(file)).toThrow(ConfigError);
      expect(() => ensureDataDir(file)).toThrow(`ZW_DATA_DIR: ${file} cannot be used as the data directory: exists and is not a directory (EEXIST)`);
      expect(() => ensureDataDir(path.join(file, "below"))).toThrow("ZW_DATA_DIR");
      ensureDataDir(path.join(dir, "a", "b"));
      expect(fs.statSync(path.join(dir, "a", "b")).isDirectory()).toBe(true);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
