import { describe, expect, test } from "bun:test";
import { gzipSync } from "node:zlib";
import { ApiError } from "./errors.ts";
import { bodyLoad, INFLATE_WAIT_MS, MAX_INFLATING, parseJsonObject, readBody } from "./body.ts";

const limits = { maxBytes: 1024, maxInflatedBytes: 4096, timeoutMs: 300 };

function streamOf(chunks: Uint8Array[], opts: { hang?: boolean } = {}): ReadableStream<Uint8Array> {
  let i = 0;
  return new ReadableStream({
    pull(ctl) {
      if (i < chunks.length) ctl.enqueue(chunks[i++]!);
      else if (!opts.hang) ctl.close();
      else return new Promise(() => {});
    },
  });
}

const req = (body: ReadableStream<Uint8Array> | Uint8Array | string, headers: Record<string, string> = {}) =>
  new Request("http://localhost/x", { method: "POST", body, headers, duplex: "half" } as RequestInit);

async function status(p: Promise<unknown>): Promise<number> {
  try {
    await p;
    return 200;
  } catch (e) {
    expect(e).toBeInstanceOf(ApiError);
    return (e as ApiError).status;
  }
}

describe("readBody", () => {
  test("plain and gzip bodies, gzip with several members", async () => {
    expect(new TextDecoder().decode(await readBody(req('{"a":1}'), limits))).toBe('{"a":1}');
    const two = Buffer.concat([gzipSync('{"a":'), gzipSync("1}")]);
    expect(new TextDecoder().decode(await readBody(req(two, { "content-encoding": "gzip" }), limits))).toBe('{"a":1}');
  });
  test("a declared length over the cap is refused before reading", async () => {
    expect(await status(readBody(req("x".repeat(10), { "content-length": "999999" }), limits))).toBe(413);
  });
  test("the cap holds without Content-Length (chunked)", async () => {
    const chunks = Array.from({ length: 20 }, () => new Uint8Array(100));
    expect(await status(readBody(req(streamOf(chunks)), limits))).toBe(413);
  });
  test("a gzip bomb is cut at the inflated cap", async () => {
    const bomb = gzipSync(Buffer.alloc(10 * 1024 * 1024));
    expect(bomb.length).toBeLessThan(limits.maxBytes * 20);
    const small = { ...limits, maxBytes: 1024 * 1024 };
    expect(await status(readBody(req(bomb, { "content-encoding": "gzip" }), small))).toBe(400);
  });
  test("invalid gzip is a 400", async () => {
    expect(await status(readBody(req("not gzip at all", { "content-encoding": "gzip" }), limits))).toBe(400);
  });
  test("gzip that stops short is a 400 that says so", async () => {
    const whole = gzipSync(Buffer.from("a.com\n".repeat(100)));
    const message = await readBody(req(whole.subarray(0, whole.length - 10), { "content-encoding": "gzip" }), limits).then(
      () => "read",
      (e: ApiError) => `${e.status} ${e.message}`,
    );
    expect(message).toBe("400 request body is not valid gzip: it ends early (truncated)");
  });
  test("a body declared in a charset other than UTF-8 is 415; UTF-8 and ASCII are read", async () => {
    for (const ct of ["text/plain; charset=utf-16", 'application/json; charset="ISO-8859-1"', "application/json;charset=latin1"]) {
      expect(await status(readBody(req("a.com", { "content-type": ct }), limits))).toBe(415);
    }
    for (const ct of [
      "text/plain; charset=utf-8",
      'application/json; charset="UTF-8"',
      "text/plain;charset=us-ascii",
      "application/json",
      "text/plain; format=flowed",
    ]) {
      expect(await status(readBody(req("a.com", { "content-type": ct }), limits))).toBe(200);
    }
  });
  test("other encodings are 415", async () => {
    expect(await status(readBody(req("x", { "content-encoding": "br" }), limits))).toBe(415);
  });
  test("a body that never ends is cut at the deadline", async () => {
    const t0 = Date.now();
    expect(await status(readBody(req(streamOf([new Uint8Array([123])], { hang: true })), limits))).toBe(408);
    expect(Date.now() - t0).toBeLessThan(5000);
  });
});

describe("parseJsonObject", () => {
  const enc = (s: string) => new TextEncoder().encode(s);
  const code = (s: string | Uint8Array) => {
    try {
      parseJsonObject(typeof s === "string" ? enc(s) : s);
      return 200;
    } catch (e) {
      return (e as ApiError).status;
    }
  };
  test("objects only", () => {
    expect(code('{"a":1}')).toBe(200);
    for (const bad of ["", "[]", "null", "1", '"s"', "{", "{'a':1}", '{"a":1} x']) expect(code(bad)).toBe(400);
  });
  test("deep nesting and invalid UTF-8 are 400s", () => {
    expect(code("[".repeat(1_000_000) + "]".repeat(1_000_000))).toBe(400);
    expect(code('{"a":' + "[".repeat(100_000) + "]".repeat(100_000) + "}")).toBeOneOf([200, 400]);
    expect(code(new Uint8Array([123, 34, 0xff, 0xfe, 34, 58, 49, 125]))).toBe(400);
  });
});

describe("shared bounds", () => {
  test(`at most ${MAX_INFLATING} gzip bodies inflate at once: the next waits its turn, then gets 503 busy with Retry-After`, async () => {
    const part = gzipSync('{"a":1}').subarray(0, 12); // a gzip body that never ends
    const slow = { ...limits, timeoutMs: INFLATE_WAIT_MS + 1500 };
    const holding = Array.from({ length: MAX_INFLATING }, () =>
      readBody(req(streamOf([part], { hang: true }), { "content-encoding": "gzip" }), slow).catch((e) => e),
    );
    await Bun.sleep(50);
    expect(bodyLoad().inflating).toBe(MAX_INFLATING);
    const refused = await readBody(req(gzipSync('{"b":2}'), { "content-encoding": "gzip" }), slow).catch((e) => e);
    expect(refused).toBeInstanceOf(ApiError);
    expect(refused.code).toBe("busy");
    expect(refused.headers["Retry-After"]).toBe("2");
    // The holders time out (408) and give their turns back; the next body inflates.
    expect((await Promise.all(holding)).map((e) => (e as ApiError).status)).toEqual(Array(MAX_INFLATING).fill(408));
    expect(bodyLoad()).toEqual({ held: 0, inflating: 0, waiting: 0 });
    expect(new TextDecoder().decode(await readBody(req(gzipSync('{"c":3}'), { "content-encoding": "gzip" }), limits))).toBe('{"c":3}');
  });

  test("a body waiting for a turn gets it when one ends", async () => {
    const part = gzipSync('{"a":1}').subarray(0, 12);
    const short = { ...limits, timeoutMs: 300 };
    const holding = Array.from({ length: MAX_INFLATING }, () =>
      readBody(req(streamOf([part], { hang: true }), { "content-encoding": "gzip" }), short).catch((e) => e),
    );
    await Bun.sleep(20);
    const waited = await readBody(req(gzipSync('{"d":4}'), { "content-encoding": "gzip" }), limits);
    expect(new TextDecoder().decode(waited)).toBe('{"d":4}');
    await Promise.all(holding);
    expect(bodyLoad()).toEqual({ held: 0, inflating: 0, waiting: 0 });
  });
});
