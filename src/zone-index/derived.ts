/**
 * The in-memory structures an index object derives from its file (docs/zone.md, "Derived
 * structures"): the sampled name keys (name-keys.ts), the multi-name bitmap
 * (pre-answers.ts) and the multi-name pair lists (multi-pairs.ts). Guarantees:
 * - a structure is used only once complete; until then the engine takes the path that
 *   needs none of it, with the same answers (the plain jump-table search, an unmasked
 *   enumeration), so when and how they are built changes speed, never a figure;
 * - built on first use by a query (`keys()`, `multi()`, `pairs()`), or all at once
 *   (`prepare`), or in slices between requests (`prepareInBackground`, steps.ts), during
 *   which queries never build anything themselves (they would block the serving thread);
 * - `stop` ends a background build at its next turn (the index was retired or closed).
 */
import type { IndexArrays } from "./arrays.ts";
import { buildNameKeys } from "./name-keys.ts";
import { multiNameBitmap } from "./pre-answers.ts";
import { MultiPairs } from "./multi-pairs.ts";
import { finish, finishInBackground, type Steps } from "./steps.ts";

export class Derived {
  private k: Uint32Array | null = null;
  private m: Uint32Array | null = null;
  private p: MultiPairs | null = null;
  private background = false;
  private stopped = false;

  constructor(private readonly a: IndexArrays) {}

  /** Sampled name keys, or null while a background build has not reached them. */
  keys(): Uint32Array | null {
    if (this.k === null && !this.background) this.k = finish(buildNameKeys(this.a));
    return this.k;
  }

  /** Bitmap of the names holding 2+ domains, or null while a background build has not reached it. */
  multi(): Uint32Array | null {
    if (this.m === null && !this.background) this.m = finish(multiNameBitmap(this.a));
    return this.m;
  }

  /** Pair lists of the multi names, or null while a background build has not reached them. */
  pairs(): MultiPairs | null {
    const m = this.multi();
    if (this.p === null && m !== null && !this.background) this.p = finish(MultiPairs.build(this.a, m));
    return this.p;
  }

  private *all(): Steps<void> {
    if (this.k === null) this.k = yield* buildNameKeys(this.a);
    if (this.m === null) this.m = yield* multiNameBitmap(this.a);
    if (this.p === null) this.p = yield* MultiPairs.build(this.a, this.m);
  }

  /** Builds every structure now. */
  prepare(): void {
    finish(this.all());
  }

  /** Builds them a few slices per event-loop turn (turnMs: steps.ts). */
  async prepareInBackground(turnMs?: number): Promise<void> {
    if (this.background) return;
    this.background = true;
    try {
      await finishInBackground(this.all(), turnMs, () => this.stopped);
    } finally {
      this.background = false;
    }
  }

  /** Ends a background build at its next turn; what is complete stays. */
  stop(): void {
    this.stopped = true;
  }
}
