/** Preloaded by bunfig.toml for every test run: stops the shared test PostgreSQL (test/support/postgres.ts) once all files have run. */
import { afterAll } from "bun:test";
import { stopPostgres } from "./postgres.ts";

afterAll(stopPostgres);
