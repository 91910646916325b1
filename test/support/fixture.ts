/**
 * The fixture server for the shared suites: the real server with every capability it can
 * have here: a zone index built from real names, fake RDAP/WHOIS/DNS upstreams on loopback.
 */
import { startTestServer, type TestServer } from "./harness.ts";

export interface Fixture extends TestServer {
  stopAll(): Promise<void>;
}

export async function startFixtureServer(env: Record<string, string> = {}): Promise<Fixture> {
  const t = await startTestServer(env);
  return Object.assign(t, { stopAll: () => t.stop() });
}
