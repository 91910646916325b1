/**
 * Work in slices: a builder written as a generator yields between slices of its work, so
 * the same code runs to completion at once (finish) or spread over the event loop
 * (finishInBackground: about TURN_MS of slices per turn), letting a serving thread keep
 * answering requests while it derives a large structure.
 */
export type Steps<T> = Generator<void, T, void>;

/** body(from, to) over [0, n) in slices of `size`, yielding after each. */
export function* inSlices(n: number, size: number, body: (from: number, to: number) => void): Steps<void> {
  for (let i = 0; i < n; i += size) {
    body(i, Math.min(n, i + size));
    yield;
  }
}

/** Runs every slice now and returns the result. */
export function finish<T>(steps: Steps<T>): T {
  for (;;) {
    const r = steps.next();
    if (r.done) return r.value;
  }
}

/** Slices run back to back for at most this long before the event loop gets a turn. */
export const TURN_MS = 10;

/**
 * Runs slices for about turnMs per event-loop turn (0: one slice a turn); resolves with the
 * result, or with null as soon as stop() says so (checked before every turn).
 */
export function finishInBackground<T>(steps: Steps<T>, turnMs = TURN_MS, stop: () => boolean = () => false): Promise<T | null> {
  return new Promise((resolve, reject) => {
    const turn = () => {
      try {
        if (stop()) return resolve(null);
        const until = performance.now() + turnMs;
        for (;;) {
          const r = steps.next();
          if (r.done) return resolve(r.value);
          if (performance.now() >= until) return void setImmediate(turn);
        }
      } catch (e) {
        reject(e);
      }
    };
    turn();
  });
}
