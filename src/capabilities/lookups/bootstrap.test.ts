import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { expect, test } from "bun:test";
import { LiveBootstrap, loadBootstrap, parseBootstrap, SHIPPED_BOOTSTRAP } from "./bootstrap.ts";

test("the shipped IANA copy: .com at Verisign, new gTLDs, every base URL ends in /", async () => {
  const b = await loadBootstrap(SHIPPED_BOOTSTRAP);
  expect(b.size).toBeGreaterThan(1000);
  expect(b.serversFor("com")).toEqual(["https://rdap.verisign.com/com/v1/"]);
  expect(b.serversFor("google")[0]).toMatch(/^https:\/\/.+\/$/);
  expect(b.serversFor("no-such-tld")).toEqual([]);
});

test("longest suffix first; https before http; slashes added; junk entries skipped", () => {
  const b = parseBootstrap(
    JSON.stringify({
      services: [
        [["uk"], ["http://uk.test/rdap", "https://uk.test/rdap/"]],
        [["co.uk"], ["https://co-uk.test/"]],
        ["junk"],
        [[7], ["https://seven.test/"]],
        [["ftp"], ["ftp://nope.test/"]],
      ],
    }),
  );
  expect(b.serversFor("co.uk")).toEqual(["https://co-uk.test/"]);
  expect(b.serversFor("org.uk")).toEqual(["https://uk.test/rdap/", "http://uk.test/rdap/"]);
  expect(b.serversFor("ftp")).toEqual([]);
});

test("a file that is not a bootstrap registry is refused with a reason", () => {
  expect(() => parseBootstrap("{}")).toThrow(/no services array/);
  expect(() => parseBootstrap('{"services": []}')).toThrow(/no extension/);
  expect(() => parseBootstrap("<html>")).toThrow();
  expect(() => parseBootstrap("null")).toThrow(/no services array/);
});

test("a refresh that fails keeps the registry in use; one that works replaces it", async () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "zw-boot-"));
  const file = path.join(dir, "b.json");
  fs.writeFileSync(file, JSON.stringify({ services: [[["a"], ["https://a.test/"]]] }));
  const live = new LiveBootstrap(await loadBootstrap(file), file, 0);
  fs.writeFileSync(file, "garbage");
  expect(await live.refresh()).toBe(false);
  expect(live.lastError).toBeString();
  expect(live.current.serversFor("a")).toEqual(["https://a.test/"]);
  fs.writeFileSync(file, JSON.stringify({ services: [[["b"], ["https://b.test/"]]] }));
  expect(await live.refresh()).toBe(true);
  expect(live.current.serversFor("b")).toEqual(["https://b.test/"]);
  expect(live.lastError).toBeNull();
  fs.rmSync(dir, { recursive: true });
});
