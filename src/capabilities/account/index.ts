import { defineCapability } from "../../capability.ts";
import { ping, usage } from "./routes.ts";

export const account = defineCapability({ name: "account", endpoints: [ping, usage] });
