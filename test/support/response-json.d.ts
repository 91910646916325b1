// Tests read JSON answers loosely: bun-types 1.4 types Response.json() as Promise<unknown>,
// which would force a cast on every assertion. This widens it for the type checker only.
export {};
declare global {
  interface Response {
    json(): Promise<any>;
  }
}
