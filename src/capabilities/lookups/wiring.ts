/**
 * Starting the lookups service: the bootstrap registry (the configured source, else the
 * shipped copy; a configured URL that cannot be read at start falls back to the shipped
 * copy until the next daily refresh succeeds, a configured file that cannot be read stops
 * the start with a message naming it), then the service on `services.lookups`.
 */
import { ConfigError, type Config } from "../../config.ts";
import { ioReason } from "../../file-problems.ts";
import { ApiError } from "../../http/errors.ts";
import type { Services } from "../../services.ts";
import { LiveBootstrap, loadBootstrap, SHIPPED_BOOTSTRAP, type BootstrapRegistry } from "./bootstrap.ts";
import { LookupService } from "./service.ts";
import { DEFAULT_SETTINGS, type LookupSettings } from "./settings.ts";

/** The service, as the endpoints reach it. */
export function lookupsOf(s: Services): LookupService {
  if (!s.lookups) throw new ApiError("upstream_unavailable", "lookups service is not running");
  return s.lookups;
}

const isUrl = (source: string) => /^https?:\/\//i.test(source);

/**
 * A bootstrap file named by ZW_RDAP_BOOTSTRAP. Unlike a URL (a network blip must not stop
 * the start), a local file that is missing or is not a registry is the operator's mistake:
 * a ConfigError, so `cli serve` stops with one line instead of a stack trace.
 */
async function loadBootstrapFile(file: string): Promise<BootstrapRegistry> {
  try {
    return await loadBootstrap(file);
  } catch (e) {
    throw new ConfigError(`ZW_RDAP_BOOTSTRAP: ${file}: ${ioReason(e)}`);
  }
}

/** `cli serve` checks the file before its first-start chores, so a bad path costs nothing. */
export async function checkBootstrapSetting(config: Config): Promise<void> {
  const source = config.rdapBootstrap;
  if (source !== null && !isUrl(source)) await loadBootstrapFile(source);
}

export async function startLookupService(
  config: Config,
  overrides: Partial<LookupSettings> = {},
  log: (msg: string) => void = (m) => console.warn(m),
): Promise<LookupService> {
  const settings: LookupSettings = { ...DEFAULT_SETTINGS, ...overrides };
  const source = config.rdapBootstrap;
  let registry: BootstrapRegistry;
  if (source === null) {
    registry = await loadBootstrap(SHIPPED_BOOTSTRAP);
  } else if (isUrl(source)) {
    try {
      registry = await loadBootstrap(source);
    } catch (e) {
      log(`ZW_RDAP_BOOTSTRAP ${source} could not be read (${e instanceof Error ? e.message : e}); using the shipped copy until the next refresh`);
      registry = await loadBootstrap(SHIPPED_BOOTSTRAP);
    }
  } else {
    registry = await loadBootstrapFile(source);
  }
  const live = new LiveBootstrap(registry, source ?? settings.bootstrapUrl, settings.bootstrapRefreshMs, log);
  return new LookupService(config, live, settings);
}
