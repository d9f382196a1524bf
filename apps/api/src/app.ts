/**
 * @module
 * `createApp(services)`: the whole HTTP application. The server, the CLI, the MCP bridge and every
 * test build it the same way.
 */
import type { ApiKeyOwner } from "@rapport/store";
import { Hono } from "hono";
import type { AppEnv } from "./app-env.js";
import { mountDocs } from "./docs/mount-docs.js";
import { MCP_PATH, mountMcp, PROTECTED_RESOURCE_METADATA_PATH } from "./mcp/mount-mcp.js";
import { mountOAuth } from "./oauth/mount-oauth.js";
import type { PasswordCost } from "./oauth/password-hash.js";
import { contractOfOperations } from "./openapi/contract-of-operations.js";
import { serveOpenApiDocument } from "./openapi/serve-openapi-document.js";
import { mountOperations } from "./operations/mount-operations.js";
import type { AnyOperation } from "./operations/operation.js";
import { authenticateKey, resolveUserContext } from "./platform/auth/authenticate.js";
import type { DeclaredRoute } from "./platform/errors/declared-paths.js";
import { refuseCorsPreflight } from "./platform/errors/cors-preflight.js";
import { handleError, handleNotFound } from "./platform/errors/error-handlers.js";
import { createStorageFaults } from "./platform/errors/storage-faults.js";
import { accessLog } from "./platform/logging/access-log.js";
import { rateLimit } from "./platform/rate-limit/rate-limit.js";
import { refuseMethodOverride } from "./platform/request/method-override.js";
import { requestId } from "./platform/request/request-id.js";
import { noStoreAnswers } from "./platform/response/no-store-answers.js";
import { operations as allOperations } from "./routes/operations.js";
import type { AppServices } from "./services.js";
import { API_CONTRACT_VERSION } from "./api-contract-version.js";
import { RAPPORT_VERSION } from "./version.js";

export interface CreateAppOptions {
  /** Defaults to the full operation table. */
  operations?: readonly AnyOperation[];
  /** Check every response against its schema; on in tests. */
  validateResponses?: boolean;
  /**
   * The externally visible base URL (e.g. `https://rapport.example.com`), for the OpenAPI
   * document's server, the MCP resource identifier and the OAuth issuer. Defaults to each
   * request's own origin where a fixed value is not needed.
   */
  publicUrl?: string;
  /**
   * Browser origins `/mcp` serves besides the public URL's (`RAPPORT_MCP_ALLOWED_ORIGINS`): a request with another
   * `Origin` header is a 403, against DNS rebinding. Clients outside a browser send none. Default: none.
   */
  mcpAllowedOrigins?: readonly string[];
  /**
   * OAuth 2.0 for /mcp (an authorization server in the same app). On by default when `publicUrl`
   * is set, which the issuer needs; the OAuth endpoints are served by the Node server only.
   */
  oauth?: boolean;
  /** Trust X-Forwarded-* headers from a TLS-terminating proxy (for the OAuth endpoints). */
  trustProxy?: boolean;
  /**
   * The scrypt cost of the decoy hash the sign-in page checks an unknown email's password against. Default: that of
   * the passwords `rapport users set-password` stores, so a wrong email takes as long as a wrong password. Tests
   * whose users' passwords are hashed at a lower cost (hashTestPassword) give that cost; `rapport serve` never does.
   */
  decoyPasswordCost?: PasswordCost;
  /**
   * Whether the server is ready for all of its traffic, e.g. once its tenants' graphs are loaded: `GET /ready`
   * answers 503 until then, for a load balancer's readiness probe. Default: always ready.
   */
  ready?: () => boolean;
  /**
   * Whether the server is shutting down: `GET /ready` then answers 503 `draining`, so that a load balancer sends the
   * node nothing new. Default: never.
   */
  draining?: () => boolean;
  /**
   * Whether the database path no longer names the file the server has open (deleted or replaced under it): `GET
   * /ready` then answers 503 `database_lost`, so that a load balancer stops sending the node writes that would be
   * lost, and the operations that write answer 503; a string is what its `error` says (its `-wal` or `-shm`
   * deleted, say). Default: never.
   */
  databaseLost?: () => boolean | string;
}

/**
 * The GET paths served beside the operation table (and `/mcp`, which answers its own 405): another method there is
 * a 405 naming GET and HEAD, as on an operation's path, not a 404 saying the path does not exist.
 */
const PLATFORM_ROUTES: readonly DeclaredRoute[] = ["/health", "/ready", "/v1/openapi.json", "/docs", "/docs/assets/{file}", PROTECTED_RESOURCE_METADATA_PATH, `${PROTECTED_RESOURCE_METADATA_PATH}${MCP_PATH}`].map(
  (path) => ({ method: "get", path }),
);

/**
 * The whole application: every `/v1` operation of the table, `/v1/openapi.json`, `/docs`, `/mcp`, `/health`,
 * `/ready`, and with a `publicUrl` the OAuth endpoints. The server, the CLI and every test build it this way.
 *
 * @example
 * const app = createApp(await createServices({ databasePath: ":memory:" }));
 * const response = await app.request("/health"); // 200 {"status":"ok"}
 */
export function createApp(services: AppServices, options: CreateAppOptions = {}): Hono<AppEnv> {
  const {
    operations = allOperations,
    validateResponses = false,
    publicUrl,
    mcpAllowedOrigins,
    oauth = publicUrl !== undefined,
    trustProxy = false,
    decoyPasswordCost,
    ready = () => true,
    draining = () => false,
    databaseLost = () => false,
  } = options;
  // Made on the first request that needs them (/v1/openapi.json, /mcp), not here: building them was a fifth of a
  // server's start, paid by every `rapport serve` whether or not it is asked for its contract.
  const contract = () => contractOfOperations(operations, API_CONTRACT_VERSION);
  const trustedCallers = new WeakMap<Request, ApiKeyOwner>();
  const app = new Hono<AppEnv>();
  const storageFaults = services.storageFaults ?? createStorageFaults(services.logger);
  app.use(async (context, next) => {
    context.set("services", services);
    context.set("storageFaults", storageFaults);
    await next();
  });
  app.use(requestId());
  app.use(accessLog());
  app.use(refuseMethodOverride());
  app.onError(handleError);
  const declaredRoutes = [...operations, ...PLATFORM_ROUTES];
  app.use(refuseCorsPreflight(declaredRoutes));
  app.notFound(handleNotFound(declaredRoutes));

  app.get("/health", (context) => context.json({ status: "ok" }));
  app.get("/ready", (context) => {
    if (draining()) return context.json({ status: "draining", error: "the server is shutting down" }, 503);
    const lost = databaseLost();
    if (lost !== false) {
      const error = lost === true ? "the database file was deleted or replaced while the server had it open: what it writes is lost; restart it on the database" : lost;
      return context.json({ status: "database_lost", error }, 503);
    }
    const storageFailure = storageFaults.current(services.clock.now());
    if (storageFailure !== null) return context.json({ status: storageFailure.kind, error: storageFailure.operatorMessage }, 503);
    return ready() ? context.json({ status: "ready" }) : context.json({ status: "warming", error: "relationship graphs are still loading" }, 503);
  });
  // Registered before the /v1 authentication middleware: the public contract needs no key.
  app.get("/v1/openapi.json", serveOpenApiDocument(() => contract().openApiDocument, { publicUrl }));
  mountDocs(app);

  const mountedOAuth = oauth && publicUrl ? mountOAuth(app, services, { publicUrl, trustProxy, decoyPasswordCost }) : undefined;
  mountMcp(app, { tools: () => contract().mcpTools, version: RAPPORT_VERSION, publicUrl, allowedOrigins: mcpAllowedOrigins, trustedCallers, oauth: mountedOAuth });
  app.use("/v1/*", noStoreAnswers(), authenticateKey({ trustedCallers }), rateLimit(), resolveUserContext());
  mountOperations(app, operations, { validateResponses, databaseLost });
  return app;
}
