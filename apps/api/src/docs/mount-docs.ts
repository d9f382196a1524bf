/**
 * @module
 * `/docs`: the interactive API reference (Swagger UI, served from the installed `swagger-ui-dist`
 * package, no CDN) over `/v1/openapi.json`. Links are relative, so the page also works behind a
 * proxy that mounts Rapport under a path prefix.
 */
import { readFile } from "node:fs/promises";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import type { Hono } from "hono";
import type { AppEnv } from "../app-env.js";
import { errorResponse } from "../platform/errors/error-handlers.js";

export const DOCS_PATH = "/docs";

/** The only files served from the package: nothing else in node_modules is reachable. */
const ASSETS: Record<string, string> = {
  "swagger-ui.css": "text/css; charset=utf-8",
  "swagger-ui-bundle.js": "text/javascript; charset=utf-8",
  "favicon-32x32.png": "image/png",
};

/** Starts Swagger UI on the page; a file of its own so the page needs no inline script. */
const INITIALIZER = `window.addEventListener("load", function () {
  window.ui = SwaggerUIBundle({
    url: "v1/openapi.json",
    dom_id: "#reference",
    deepLinking: true,
    validatorUrl: null,
    tryItOutEnabled: false,
    persistAuthorization: false,
  });
});
`;

const PAGE = `<!doctype html>
<html lang="en">
<head>
  <meta charset="utf-8">
  <meta name="viewport" content="width=device-width, initial-scale=1">
  <title>Rapport API reference</title>
  <link rel="icon" type="image/png" href="docs/assets/favicon-32x32.png">
  <link rel="stylesheet" href="docs/assets/swagger-ui.css">
  <style>body { margin: 0; } .topbar { display: none; }</style>
</head>
<body>
  <div id="reference"></div>
  <noscript>The reference needs JavaScript; the raw document is at <a href="v1/openapi.json">v1/openapi.json</a>.</noscript>
  <script src="docs/assets/swagger-ui-bundle.js"></script>
  <script src="docs/assets/rapport-docs.js"></script>
</body>
</html>
`;

function swaggerUiFolder(): string {
  return dirname(createRequire(import.meta.url).resolve("swagger-ui-dist/package.json"));
}

export function mountDocs(app: Hono<AppEnv>) {
  const folder = swaggerUiFolder();
  const cache = new Map<string, Promise<Buffer>>();
  const security = "default-src 'self'; img-src 'self' data:; style-src 'self' 'unsafe-inline'; script-src 'self'; connect-src 'self'; frame-ancestors 'none'";

  app.get(DOCS_PATH, (context) => {
    context.header("Content-Security-Policy", security);
    return context.html(PAGE);
  });
  // The page's links are relative to /docs: under /docs/ they would name /docs/docs/assets. The Location is
  // relative too, so a proxy's path prefix is kept.
  app.get(`${DOCS_PATH}/`, (context) => context.redirect("../docs", 308));
  app.get(`${DOCS_PATH}/assets/rapport-docs.js`, (context) => {
    context.header("Content-Type", "text/javascript; charset=utf-8");
    return context.body(INITIALIZER);
  });
  app.get(`${DOCS_PATH}/assets/:file`, async (context) => {
    const file = context.req.param("file");
    // Own entries only: `constructor` or `toString` found Object's, and then a missing file (a 500).
    const type = Object.hasOwn(ASSETS, file) ? ASSETS[file] : undefined;
    if (!type) return errorResponse(context, 404, `no such documentation asset: ${file}`);
    let content = cache.get(file);
    if (!content) {
      content = readFile(join(folder, file));
      cache.set(file, content);
    }
    context.header("Content-Type", type);
    context.header("Cache-Control", "public, max-age=86400");
    return context.body(new Uint8Array(await content));
  });
}
