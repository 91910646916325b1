/**
 * Metrics of the store and the worker pool, taken at their interfaces (the `Store` and
 * `Pool` objects main.ts built) so neither needs to know about metrics: each instance's
 * methods are replaced by timed versions that call the originals. Only done when metrics
 * are on; the figures are exactly the calls the service makes.
 */
import type { Pool } from "../pool/pool.ts";
import type { ReserveResult, Store } from "../store/types.ts";
import type { Metrics } from "./metrics.ts";

/**
 * Times the request-path storage calls and counts credits reserved and refunded. A store
 * that answers with promises (PostgreSQL) is timed until the promise settles.
 */
export function instrumentStore(store: Store, m: Metrics): void {
  const timed = <A extends unknown[], R>(call: string, f: (...a: A) => R): ((...a: A) => R) => {
    const key = m.storageKey(call);
    return (...a: A) => {
      const t0 = performance.now();
      const done = () => m.storageCall(key, call, (performance.now() - t0) / 1000);
      let r: R;
      try {
        r = f(...a);
      } catch (e) {
        done();
        throw e;
      }
      if (r instanceof Promise) return r.finally(done) as R;
      done();
      return r;
    };
  };
  const usage = store.usage;
  const reserve = timed("usage.reserve", usage.reserve.bind(usage));
  const refund = timed("usage.refund", usage.refund.bind(usage));
  usage.reserve = (keyId, day, usageKey, credits, quota) => {
    const count = (r: ReserveResult) => {
      if (r.ok && credits > 0) m.reserved.inc({ bucket: usageKey }, credits);
      return r;
    };
    const r = reserve(keyId, day, usageKey, credits, quota);
    return r instanceof Promise ? r.then(count) : count(r);
  };
  usage.refund = (keyId, day, usageKey, credits) => {
    const count = () => {
      if (credits > 0) m.refunded.inc({ bucket: usageKey }, credits);
    };
    const r = refund(keyId, day, usageKey, credits);
    if (r instanceof Promise) return r.then(count);
    count();
  };
  usage.get = timed("usage.get", usage.get.bind(usage));
  store.rate.hit = timed("rate.hit", store.rate.hit.bind(store.rate));
  store.keys.findByHash = timed("keys.findByHash", store.keys.findByHash.bind(store.keys));
}

/** Times every pool task from submission to reply and counts the ones that fail. */
export function instrumentPool(pool: Pool, m: Metrics): void {
  const run = pool.run.bind(pool);
  pool.run = <T>(task: string, input: unknown, opts?: Parameters<Pool["run"]>[2]): Promise<T> => {
    const t0 = performance.now();
    return run<T>(task, input, opts).then(
      (v) => {
        m.tasks.observe({ task }, (performance.now() - t0) / 1000);
        return v;
      },
      (e: unknown) => {
        m.tasks.observe({ task }, (performance.now() - t0) / 1000);
        m.taskFailures.inc({ task });
        throw e;
      },
    );
  };
}
