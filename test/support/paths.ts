import path from "node:path";

export const REPO = path.resolve(import.meta.dir, "../..");
/** Real domain lists and reference data, beside the repository (never copied into it). */
export const SHARED_DATA = path.resolve(REPO, "../shared/data");
