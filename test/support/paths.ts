import path from "node:path";

export const REPO = path.resolve(import.meta.dir, "../..");
/** Small committed samples of real data (test/fixtures/SOURCES.md): all `npm test` reads. */
export const FIXTURES = path.join(REPO, "test/fixtures");
