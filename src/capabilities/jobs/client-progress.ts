/**
 * Progress for `cli jobs`: on a terminal one live line redrawn in place (bar, done/total,
 * rate, time left); otherwise plain lines, one when the state changes and at most one per
 * `plainEveryMs` while it runs, so logs stay readable.
 */
export interface ProgressSink {
  isTTY: boolean;
  write(s: string): void;
}

const fmt = (n: number) => n.toLocaleString("en-US");

function clock(s: number): string {
  if (!Number.isFinite(s) || s < 0) return "--:--";
  const h = Math.floor(s / 3600);
  const m = Math.floor((s % 3600) / 60);
  const sec = Math.floor(s % 60);
  return (h ? `${h}:${String(m).padStart(2, "0")}` : String(m)) + `:${String(sec).padStart(2, "0")}`;
}

export class Progress {
  private samples: { t: number; done: number }[] = [];
  private lastPlain = 0;
  private lastState = "";
  constructor(
    private out: ProgressSink,
    private label: string,
    private plainEveryMs = 5000,
  ) {}

  update(state: string, done: number, total: number, now = Date.now()): void {
    this.samples.push({ t: now, done });
    while (this.samples.length > 2 && now - this.samples[0]!.t > 10_000) this.samples.shift();
    const first = this.samples[0]!;
    const rate = now > first.t ? ((done - first.done) * 1000) / (now - first.t) : 0;
    const left = rate > 0 ? (total - done) / rate : NaN;
    const pct = total > 0 ? (done / total) * 100 : 0;
    const figures = `${fmt(done)}/${fmt(total)} ${pct.toFixed(1)}% ${fmt(Math.round(rate))}/s left ${clock(left)}`;
    if (this.out.isTTY) {
      const width = 30;
      const fill = Math.round((pct / 100) * width);
      this.out.write(`\r\x1b[2K${this.label} ${state} [${"#".repeat(fill)}${"-".repeat(width - fill)}] ${figures}`);
      return;
    }
    if (state !== this.lastState || now - this.lastPlain >= this.plainEveryMs) {
      this.out.write(`${this.label} ${state} ${figures}\n`);
      this.lastPlain = now;
      this.lastState = state;
    }
  }

  end(line: string): void {
    this.out.write(this.out.isTTY ? `\r\x1b[2K${line}\n` : `${line}\n`);
  }
}
