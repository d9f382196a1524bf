/** `GET /v1/openapi.json`: the generated document, with the server URL this request reached. */
import type { Handler } from "hono";
import type { AppEnv } from "../app-env.js";
import type { OpenApiDocument } from "./build-openapi-document.js";

/** The base URL clients reach: the configured public URL, else the request's own origin. */
export function publicBaseUrl(requestUrl: string, publicUrl: string | undefined): string {
  return (publicUrl ?? new URL(requestUrl).origin).replace(/\/+$/, "");
}

/** Serves the document `documentOf` gives, called on each request (the app makes it on the first). */
export function serveOpenApiDocument(documentOf: () => OpenApiDocument, options: { publicUrl?: string } = {}): Handler<AppEnv> {
  return (context) => {
    const servers = [{ url: publicBaseUrl(context.req.url, options.publicUrl), description: "This Rapport server" }];
    context.header("Cache-Control", "no-cache");
    return context.json({ ...documentOf(), servers });
  };
}
