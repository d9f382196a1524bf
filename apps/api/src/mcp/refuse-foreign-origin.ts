/**
 * @module
 * The MCP transport's Origin check (spec: Streamable HTTP, security warning: servers MUST validate the `Origin` header,
 * against DNS rebinding). A client outside a browser sends no `Origin` and is served; a web page's request is served
 * only from the server's own public origin and the origins an operator lists in `RAPPORT_MCP_ALLOWED_ORIGINS`. The
 * 403 comes before the credentials are read: it says nothing of them, nor of any tenant.
 */
import type { MiddlewareHandler } from "hono";
import type { AppEnv } from "../app-env.js";
import { publicBaseUrl } from "../openapi/serve-openapi-document.js";
import { MCP_ALLOWED_ORIGINS_VARIABLE } from "../platform/environment/mcp-allowed-origins-from-environment.js";
import { errorResponse } from "../platform/errors/error-handlers.js";
import { cutName } from "../platform/errors/shown-name.js";

/** The origin a browser's `Origin` header names, or null for `null` (an opaque origin) and text that is none. */
function originOf(header: string): string | null {
  try {
    const { origin } = new URL(header);
    return origin === "null" ? null : origin;
  } catch {
    return null;
  }
}

/**
 * Refuses (403) a request whose `Origin` is neither the public origin (`publicUrl`, else the request's own) nor one
 * of `allowedOrigins`; a request without `Origin` goes on.
 *
 * @example
 * app.use("/mcp", refuseForeignOrigin({ publicUrl: "https://rapport.example.com", allowedOrigins: ["http://localhost:6274"] }));
 */
export function refuseForeignOrigin({ publicUrl, allowedOrigins = [] }: { publicUrl?: string; allowedOrigins?: readonly string[] }): MiddlewareHandler<AppEnv> {
  const allowed = new Set(allowedOrigins);
  return async (context, next) => {
    const header = context.req.header("origin")?.trim();
    if (!header) return next();
    const own = new URL(publicBaseUrl(context.req.url, publicUrl)).origin;
    const origin = originOf(header);
    if (origin !== null && (origin === own || allowed.has(origin))) return next();
    return errorResponse(
      context,
      403,
      `origin '${cutName(header)}' may not call ${context.req.path}: a web page's requests are served only from ${own} (this server's public URL) and the ` +
        `origins an operator lists in ${MCP_ALLOWED_ORIGINS_VARIABLE} (comma-separated), against DNS rebinding; a client outside a browser sends no Origin`,
    );
  };
}
