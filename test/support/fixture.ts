/**
 * The fixture server for the shared suites: the real server with every capability it can
 * have here: a zone index built from real names, fake RDAP/WHOIS/DNS upstreams on loopback.
 */
import { startLookupFakes, type LookupFakes } from "../fakes/index.ts";
import { startTestServer, type TestServer } from "./harness.ts";

export interface Fixture extends TestServer {
  /** The fake RDAP, WHOIS and DNS upstreams the server is pointed at (their hit counters). */
  fakes: LookupFakes;
  stopAll(): Promise<void>;
}

export async function startFixtureServer(env: Record<string, string> = {}): Promise<Fixture> {
  const fakes = await startLookupFakes();
  const t = await startTestServer({ ...fakes.env, ...env });
  return Object.assign(t, {
    fakes,
    stopAll: async () => {
      await t.stop();
      fakes.stop();
    },
  });
}
