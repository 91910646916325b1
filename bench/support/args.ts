/** Command-line options of the benches: `--name value`. */

/** The value after `--name` on the command line, or `def` when it is absent. */
export function arg(name: string): string | undefined;
export function arg(name: string, def: string): string;
export function arg(name: string, def?: string): string | undefined {
  const i = process.argv.indexOf(`--${name}`);
  return (i > 0 ? process.argv[i + 1] : undefined) ?? def;
}
