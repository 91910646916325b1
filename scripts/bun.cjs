#!/usr/bin/env node
// Launcher: runs the Bun binary that `npm install` brought in, so a machine with only
// Node.js and npm needs nothing else. If bun's postinstall was skipped, node_modules/.bin/bun
// is a placeholder; the real binary then sits in the platform package, which we find here.
"use strict";
const { spawnSync } = require("node:child_process");
const { existsSync } = require("node:fs");
const path = require("node:path");

const root = path.resolve(__dirname, "..");
const arch = process.arch === "arm64" ? "aarch64" : "x64";
const os = process.platform;
const candidates = [
  path.join(root, "node_modules", "bun", "bin", "bun.exe"),
  path.join(root, "node_modules", "@oven", `bun-${os}-${arch}`, "bin", "bun"),
  path.join(root, "node_modules", "@oven", `bun-${os}-${arch}-baseline`, "bin", "bun"),
  path.join(root, "node_modules", "@oven", `bun-${os}-${arch}-musl`, "bin", "bun"),
];
const bin = candidates.find((p) => existsSync(p));
if (!bin) {
  console.error("zonewise: the bun binary was not found under node_modules; run `npm install` first.");
  process.exit(1);
}
const env = { ...process.env };
if (!env.NODE_ENV) env.NODE_ENV = "production";
const r = spawnSync(bin, process.argv.slice(2), { stdio: "inherit", env });
if (r.error) {
  console.error(`zonewise: could not start bun: ${r.error.message}`);
  process.exit(1);
}
process.exit(r.status === null ? 1 : r.status);
