/**
 * A bad setting that names a file or directory stops `cli serve` with one line naming the
 * variable and exit 2 (README, Settings), before anything is written: not a stack trace
 * from deep in the start, and not a start that goes on with the setting ignored.
 */
import { afterAll, expect, test } from "bun:test";
import fs from "node:fs";
import path from "node:path";
import { rootCertificates } from "node:tls";
import { readCaFile } from "../src/capabilities/jobs/callbacks.ts";
import { ConfigError } from "../src/config.ts";
import { tempDir } from "./support/harness.ts";
import { REPO } from "./support/paths.ts";

const dir = tempDir("zw-settings-");
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));
const file = (name: string, text: string) => {
  const p = path.join(dir, name);
  fs.writeFileSync(p, text);
  return p;
};

function serve(env: Record<string, string>) {
  const r = Bun.spawnSync([process.execPath, path.join(REPO, "src/cli.ts"), "serve"], {
    // A check that lets the start through must not leave a server running: the timeout ends it.
    env: { ...process.env, ZW_HOST: "127.0.0.1", ZW_PORT: "0", ZW_WORKERS: "0", ZW_DATA_DIR: path.join(dir, "data"), ...env },
    timeout: 30_000,
  });
  return { code: r.exitCode, out: r.stdout.toString(), err: r.stderr.toString() };
}

function expectOneLine(r: ReturnType<typeof serve>, variable: string, cause: RegExp) {
  expect(r.code).toBe(2);
  const lines = r.err.trim().split("\n");
  expect(lines).toHaveLength(1);
  expect(lines[0]).toStartWith(`cli: configuration: ${variable}: `);
  expect(lines[0]).toMatch(cause);
  // Refused before the first-start chores: no data directory, demo key or sample index.
  if (variable !== "ZW_DATA_DIR") expect(fs.existsSync(path.join(dir, "data"))).toBe(false);
}

const PEM_JUNK = "-----BEGIN CERTIFICATE-----\nAAAA\n-----END CERTIFICATE-----\n";

test("ZW_DATA_DIR that cannot be a directory: one line naming it", () => {
  expectOneLine(serve({ ZW_DATA_DIR: file("a-file", "x") }), "ZW_DATA_DIR", /a-file cannot be used as the data directory: exists and is not a directory/);
  expectOneLine(serve({ ZW_DATA_DIR: "/proc/zw-no-such/dir" }), "ZW_DATA_DIR", /\/proc\/zw-no-such\/dir cannot be used/);
});

test("ZW_CALLBACK_CA_FILE: missing, not PEM, or a certificate that does not parse", () => {
  expectOneLine(serve({ ZW_CALLBACK_CA_FILE: path.join(dir, "nope.pem") }), "ZW_CALLBACK_CA_FILE", /nope\.pem: does not exist/);
  expectOneLine(serve({ ZW_CALLBACK_CA_FILE: file("notes.txt", "not a certificate\n") }), "ZW_CALLBACK_CA_FILE", /holds no PEM certificate/);
  expectOneLine(serve({ ZW_CALLBACK_CA_FILE: file("junk.pem", PEM_JUNK) }), "ZW_CALLBACK_CA_FILE", /certificate 1 of 1 does not parse/);
});

test("ZW_RDAP_BOOTSTRAP as a file path: missing or not a bootstrap registry", () => {
  expectOneLine(serve({ ZW_RDAP_BOOTSTRAP: path.join(dir, "nope.json") }), "ZW_RDAP_BOOTSTRAP", /nope\.json: does not exist/);
  expectOneLine(serve({ ZW_RDAP_BOOTSTRAP: file("boot.txt", "not json") }), "ZW_RDAP_BOOTSTRAP", /is not JSON/);
  expectOneLine(serve({ ZW_RDAP_BOOTSTRAP: file("boot.json", '{"services": []}') }), "ZW_RDAP_BOOTSTRAP", /lists no extension/);
});

test("readCaFile keeps every certificate of a bundle and refuses one bad block among good ones", () => {
  const bundle = rootCertificates.slice(0, 3).join("\n");
  expect(readCaFile(file("bundle.pem", bundle))).toHaveLength(3);
  const mixed = file("mixed.pem", `${rootCertificates[0]}\n${PEM_JUNK}`);
  expect(() => readCaFile(mixed)).toThrow(ConfigError);
  expect(() => readCaFile(mixed)).toThrow("certificate 2 of 2 does not parse");
});
