/**
 * Capabilities that hold resources (zone index, worker pool, lookup clients, job runner)
 * start here, put their service on `services`, and stop in reverse order.
 */
import type { Services } from "./services.ts";

export interface Capabilities {
  health: () => Record<string, unknown>;
  stop(): Promise<void>;
}

export async function startCapabilities(_services: Services): Promise<Capabilities> {
  const stops: (() => Promise<void> | void)[] = [];
  return {
    health: () => ({}),
    async stop() {
      for (const s of stops.reverse()) await s();
    },
  };
}
