import { defineCapability } from "../../capability.ts";

/** Serves nothing until its endpoints are built (the shared suites skip what is not served). */
export const appraise = defineCapability({ name: "appraise" });
