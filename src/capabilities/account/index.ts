import { defineCapability } from "../../capability.ts";
import { usageHistory } from "./history.ts";
import { ping, usage } from "./routes.ts";

export const account = defineCapability({ name: "account", endpoints: [ping, usage, usageHistory] });
