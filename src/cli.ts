/**
 * The one command-line entry point (`npm run cli -- ...` or `npx bun run cli ...`):
 *   serve | keys create|list|revoke|rotate|quota | index build|stats | jobs submit|status|download
 */
import { ConfigError, loadConfig, SETTINGS_DOC } from "./config.ts";
import { runKeysCommand } from "./keys-cli.ts";
import { runServe } from "./serve.ts";

const HELP = `usage: cli <command>

  serve                                   start the service (what npm start runs)
  keys create --name NAME [--quota N] [--json]
  keys list [--json]
  keys revoke NAME
  keys rotate NAME [--json]
  keys quota NAME N
  keys usage NAME [--days N] [--json]   credits per UTC day (default 30 days)
  index build --out FILE INPUT...         build a zone index (zone files or lists, gzip or plain, - = stdin)
  index stats FILE [--json]               check an index file and show what is inside
  jobs submit FILE --type TYPE [--include-counts] [--callback-url URL] [--idempotency-key KEY]
                   [--wait] [--out FILE] [--format ndjson|csv]
                                          submit a list (one name per line, plain or .gz, - = stdin)
  jobs status JOB_ID [--json]             a job's status (ZW_BASE_URL and ZW_API_KEY name the service)
  jobs download JOB_ID [--wait] [--out FILE] [--format ndjson|csv]
                                          download a finished job's results, resuming after a broken
                                          connection (exit 3: the job ended without all its rows)

settings (environment):
${SETTINGS_DOC.map(([k, d, w]) => `  ${k.padEnd(26)} [${d}] ${w}`).join("\n")}
`;

async function main(argv: string[]): Promise<number> {
  const [cmd, ...rest] = argv;
  try {
    switch (cmd) {
      case "serve":
        return await runServe(loadConfig());
      case "keys":
        return await runKeysCommand(rest, loadConfig());
      case "index":
        return await (await import("../index-builder/cli.ts")).runIndexCommand(rest);
      case "jobs":
        return await (await import("./capabilities/jobs/client-cli.ts")).runJobsCommand(rest);
      case undefined:
      case "help":
      case "--help":
      case "-h":
        process.stdout.write(HELP);
        return cmd === undefined ? 2 : 0;
      default:
        return fail(`unknown command "${cmd}"\n\n${HELP}`);
    }
  } catch (e) {
    if (e instanceof ConfigError) return fail(`configuration: ${e.message}`);
    throw e;
  }
}

function fail(msg: string): number {
  process.stderr.write(`cli: ${msg}\n`);
  return 2;
}

const code = await main(process.argv.slice(2));
if (code !== -1) process.exitCode = code;
