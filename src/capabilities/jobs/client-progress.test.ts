import { expect, test } from "bun:test";
import { Progress } from "./client-progress.ts";

test("on a terminal: one line redrawn in place with bar, counts, rate and time left", () => {
  let out = "";
  const p = new Progress({ isTTY: true, write: (s) => (out += s) }, "job_x");
  p.update("running", 0, 1000, 0);
  p.update("running", 500, 1000, 10_000);
  const last = out.slice(out.lastIndexOf("\r"));
  expect(last).toBe("\r\x1b[2Kjob_x running [###############---------------] 500/1,000 50.0% 50/s left 0:10");
  p.end("job_x succeeded");
  expect(out.endsWith("\r\x1b[2Kjob_x succeeded\n")).toBe(true);
});

test("not on a terminal: plain lines, on a change of state or every few seconds", () => {
  const lines: string[] = [];
  const p = new Progress({ isTTY: false, write: (s) => lines.push(s) }, "job_x", 5000);
  p.update("queued (position 2)", 0, 100, 0);
  p.update("queued (position 2)", 0, 100, 1000);
  p.update("running", 10, 100, 2000);
  p.update("running", 20, 100, 3000);
  p.update("running", 90, 100, 8000);
  expect(lines.length).toBe(3);
  expect(lines.every((l) => l.endsWith("\n") && !l.includes("\x1b"))).toBe(true);
  expect(lines[1]).toStartWith("job_x running 10/100 10.0%");
});
