/**
 * The build's temp files and folders, removed when the process is stopped by SIGINT or
 * SIGTERM. A signal ends the process without running any `finally`, so the writer's temp
 * file (81 MB at 3 M domains, gigabytes at 100 M) and the spilled partitions would stay
 * beside the index otherwise. The handler runs when the main thread next yields (between
 * chunks, while waiting for a worker), not in the middle of a synchronous step.
 */
import fs from "node:fs";
import os from "node:os";

const pending = new Set<string>();

/** Remembers a temp path until the returned function is called (the build removed or renamed it). */
export function removeOnInterrupt(p: string): () => void {
  pending.add(p);
  return () => pending.delete(p);
}

/** Removes every remembered temp path now. */
export function removePending(): void {
  for (const p of pending) fs.rmSync(p, { recursive: true, force: true });
  pending.clear();
}

/**
 * Until the returned function is called, SIGINT and SIGTERM remove the temp paths, call
 * `say` with the signal's name, and exit with the conventional status (128 + its number).
 */
export function cleanUpOnSignals(say: (signal: NodeJS.Signals) => void): () => void {
  const handlers = (["SIGINT", "SIGTERM"] as const).map((signal) => {
    const h = () => {
      removePending();
      say(signal);
      process.exit(128 + os.constants.signals[signal]);
    };
    process.on(signal, h);
    return [signal, h] as const;
  });
  return () => {
    for (const [signal, h] of handlers) process.off(signal, h);
  };
}
