/** The package version, read once from package.json (one level above both src/ and dist/). */
import { readFileSync } from "node:fs";

/**
 * The version of `@rapport/api`, as its package.json says: the release, which the MCP server's `serverInfo`, `rapport
 * --version`, `rapport status` and the listening log line give. The OpenAPI document gives `API_CONTRACT_VERSION`.
 */
export const RAPPORT_VERSION: string = (
  JSON.parse(readFileSync(new URL("../package.json", import.meta.url), "utf8")) as { version: string }
).version;
