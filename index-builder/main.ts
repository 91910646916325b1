/** Entry of the standalone index builder (`npm run build` -> dist/zonewise-index): `build ...` and `stats ...`. */
import { runIndexCommand } from "./cli.ts";

process.exitCode = await runIndexCommand(process.argv.slice(2));
