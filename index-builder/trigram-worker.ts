/**
 * Worker thread entry: builds the trigram index (trigrams.ts) from names shared with the
 * main thread (SharedArrayBuffer views: nothing is copied in) and transfers the result
 * back (nothing is copied out), while the main thread computes the precomputed answers.
 */
import { buildTrigrams } from "./trigrams.ts";

declare const self: Worker;

self.onmessage = (ev: MessageEvent<{ names: Uint8Array; nameOff: Uint32Array }>) => {
  try {
    const t = buildTrigrams(ev.data.names, ev.data.nameOff);
    self.postMessage({ ok: true, ...t }, [t.offsets.buffer, t.counts.buffer, t.data.buffer] as ArrayBuffer[]);
  } catch (e) {
    self.postMessage({ ok: false, error: (e as Error).message });
  }
};
