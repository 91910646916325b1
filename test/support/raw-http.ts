/**
 * Raw HTTP/1.1 over a TCP socket: for requests fetch() will not send (a body that never
 * ends, a lying Content-Length) and to see exactly when the server answers.
 */
export interface RawAnswer {
  status: number;
  head: string;
  body: string;
  /** ms from connect to the first byte of the answer. */
  ms: number;
  closed: boolean;
}

/** `latin1`: each character of the head is one byte (to send a request line that is not UTF-8). */
export function rawRequest(
  port: number,
  head: string,
  body: Uint8Array | string = "",
  opts: { keepOpenMs?: number; timeoutMs?: number; latin1?: boolean } = {},
): Promise<RawAnswer> {
  const t0 = performance.now();
  return new Promise((resolve, reject) => {
    let buf = "";
    let firstAt = -1;
    let done = false;
    const finish = (closed: boolean) => {
      if (done) return;
      done = true;
      clearTimeout(timer);
      const i = buf.indexOf("\r\n\r\n");
      const headPart = i < 0 ? buf : buf.slice(0, i);
      const m = /^HTTP\/1\.1 (\d{3})/.exec(headPart);
      resolve({ status: m ? Number(m[1]) : 0, head: headPart, body: i < 0 ? "" : buf.slice(i + 4), ms: firstAt < 0 ? -1 : firstAt - t0, closed });
    };
    const timer = setTimeout(() => {
      finish(false);
      sock?.end();
    }, opts.timeoutMs ?? 10_000);
    let sock: Awaited<ReturnType<typeof Bun.connect>> | undefined;
    Bun.connect({
      hostname: "127.0.0.1",
      port,
      socket: {
        open(s) {
          sock = s;
          const h = head.replace(/\n/g, "\r\n").replace(/\r\r/g, "\r") + "\r\n\r\n";
          s.write(opts.latin1 ? Buffer.from(h, "latin1") : h);
          if (typeof body === "string" ? body.length : body.byteLength) s.write(body);
        },
        data(_s, d) {
          if (firstAt < 0) firstAt = performance.now();
          buf += new TextDecoder().decode(d);
          const i = buf.indexOf("\r\n\r\n");
          const cl = /content-length: *(\d+)/i.exec(buf.slice(0, i));
          if (i >= 0 && cl && buf.length - i - 4 >= Number(cl[1])) {
            finish(false);
            _s.end();
          }
        },
        close() {
          finish(true);
        },
        error(_s, e) {
          if (!done) reject(e);
        },
      },
    }).catch(reject);
  });
}
