/**
 * @module
 * The browser origins `/mcp` serves besides the server's own: `RAPPORT_MCP_ALLOWED_ORIGINS`, comma-separated origins
 * (default none). Checked at start-up.
 */
import { ConfigurationError } from "./configuration-error.js";

export const MCP_ALLOWED_ORIGINS_VARIABLE = "RAPPORT_MCP_ALLOWED_ORIGINS";

const EXAMPLE = "https://agent.example.com,http://localhost:6274";

/** `text` as the origin a browser sends for it (`https://agent.example.com`), or throws naming the variable. */
function originOf(text: string): string {
  const refuse = (problem: string) => new ConfigurationError(`${MCP_ALLOWED_ORIGINS_VARIABLE}: "${text}" ${problem}; give comma-separated origins, e.g. ${EXAMPLE}`);
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    throw refuse("is not an origin");
  }
  // A browser extension's or a file's origin is opaque ("null"): nothing a browser sends could match it.
  if (url.protocol !== "https:" && url.protocol !== "http:") throw refuse("is not an http(s) origin");
  if (url.username !== "" || url.password !== "" || url.pathname !== "/" || url.search !== "" || url.hash !== "") {
    throw refuse(`is not an origin alone (scheme, host and port, as ${url.origin})`);
  }
  return url.origin;
}

/**
 * The origins `RAPPORT_MCP_ALLOWED_ORIGINS` lists, each as a browser sends it in `Origin`; none when unset. Throws one
 * clear line naming the variable when an entry is not an http(s) origin (`*` included: every origin is no allow-list).
 * @example mcpAllowedOriginsFromEnvironment({ RAPPORT_MCP_ALLOWED_ORIGINS: "http://localhost:6274, https://Agent.example.com/" }); // ["http://localhost:6274", "https://agent.example.com"]
 */
export function mcpAllowedOriginsFromEnvironment(environment: NodeJS.ProcessEnv): string[] {
  const entries = (environment[MCP_ALLOWED_ORIGINS_VARIABLE] ?? "").split(",").map((entry) => entry.trim());
  return [...new Set(entries.filter((entry) => entry !== "").map(originOf))];
}
