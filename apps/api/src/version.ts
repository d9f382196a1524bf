/** The package version, read once from package.json (one level above both src/ and dist/). */
import { readFileSync } from "node:fs";

/** The version of `@rapport/api`, as its package.json says; the OpenAPI document and the MCP server announce it. */
export const RAPPORT_VERSION: string = (
  JSON.parse(readFileSync(new URL("../package.json", import.meta.url), "utf8")) as { version: string }
).version;
