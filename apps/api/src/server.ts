/**
 * @module
 * Runs the app on a port (Node's HTTP server, the app through @hono/node-server's listener, kept answers
 * through the lane in front of it), optionally warms the tenants' graphs meanwhile, and shuts down
 * gracefully: stop accepting, let in-flight requests finish, close the database.
 */
import type { AddressInfo } from "node:net";
import { createServer } from "node:http";
import { setImmediate } from "node:timers/promises";
import { getRequestListener } from "@hono/node-server";
import { createApp, type CreateAppOptions } from "./app.js";
import { answerClientErrors, answerConnectRequests } from "./platform/request/client-errors.js";
import { continueOnRead, refuseExpectation } from "./platform/request/expect-continue.js";
import { refusingUnservable, unreadableRequestResponse } from "./platform/request/unreadable-request.js";
import { keptAnswerLane } from "./platform/response-cache/kept-answer-lane.js";
import { connectionDrain } from "./platform/response/connection-drain.js";
import { connectionServerOptions, connectionTimeouts, type ConnectionTimeouts } from "./platform/server/connection-timeouts.js";
import { ServerResponseWithoutStrayContentType } from "./platform/response/server-response.js";
import { warmTenantGraphs } from "./relationships/warm-tenant-graphs.js";
import { followGraphChanges } from "./relationships/follow-graph-changes.js";
import { operations as allOperations } from "./routes/operations.js";
import type { AppServices } from "./services.js";
import { turnOffAllocationSitePretenuring } from "./platform/runtime/allocation-site-pretenuring.js";
import { collectGarbageNow } from "./platform/runtime/collect-garbage.js";

export interface RunningServer {
  /** e.g. `http://127.0.0.1:8787` */
  url: string;
  port: number;
  /**
   * Stops accepting, waits for in-flight requests (up to `graceMilliseconds`, default 10 s), closes the store.
   * Meanwhile every answer closes its connection (`Connection: close` when not yet begun) and `GET /ready` answers
   * 503 `draining`. Called again while closing, with a shorter grace (0 to stop waiting at once), it cuts the
   * connections still open when that grace runs out; it resolves when the first call's close is done.
   */
  close(graceMilliseconds?: number): Promise<void>;
  /**
   * The connection limits the HTTP server applies, read from it: what `connectionTimeouts` became, and how often the
   * headers and request limits are checked.
   */
  connectionLimits(): ConnectionTimeouts & { checkingIntervalMilliseconds: number };
}

export interface StartServerOptions extends CreateAppOptions {
  port?: number;
  host?: string;
  /**
   * Hydrate every live tenant's graph in the background once listening (`warmTenantGraphs`); `GET /ready`
   * answers 503 until that is done. Default false.
   */
  warmGraphs?: boolean;
  /**
   * The connections' time limits (`connectionTimeouts`): by default a kept-alive connection idle for 65 s is closed,
   * a request's headers may take 66 s and the whole request 300 s (then a 408 JSON error, connection closed).
   */
  connectionTimeouts?: Partial<ConnectionTimeouts>;
}

/** Memory of the kept answers' ring mapped per turn of the event loop: about 3 ms on the slowest machine measured. */
const RESERVED_PER_TURN = 2 ** 20;

/**
 * Maps the memory kept parts of answers are written into (`ResponseCache.reserveMemory`) a slice per turn,
 * requests answered between slices, until done or `stopped`.
 */
async function reserveKeptAnswerMemory(services: AppServices, stopped: () => boolean): Promise<void> {
  while (!stopped() && !services.responseCache.reserveMemory(RESERVED_PER_TURN)) await setImmediate(undefined, { ref: false });
}

/**
 * Serves the app on `host:port` (default 127.0.0.1:8787) and resolves once listening. With `warmGraphs` it then
 * loads every tenant's graph in the background (`/ready` answers 503 until done). `close()` stops accepting,
 * waits for in-flight requests (closing each connection once its answer is sent) and closes the store.
 *
 * @example
 * const server = await startServer(await createServices({ databasePath: "./data/rapport.db" }), { port: 8787 });
 * console.log(server.url); // http://127.0.0.1:8787
 */
export async function startServer(services: AppServices, options: StartServerOptions = {}): Promise<RunningServer> {
  const { port = 8787, host = "127.0.0.1", warmGraphs = false, connectionTimeouts: timeouts, ...appOptions } = options;
  // Before the graphs are warmed or asked: a server's rankings' garbage then stays in the young generation.
  turnOffAllocationSitePretenuring();
  // The app is built once the port is known: without a configured public URL, the bound address
  // is the issuer of the OAuth endpoints and the origin of the MCP resource.
  let app: ReturnType<typeof createApp> | null = null;
  const appListener = getRequestListener((request, bindings) => (app ? app.fetch(request, bindings) : Response.json({ error: "the server is starting" }, { status: 503 })), {
    hostname: host,
    errorHandler: unreadableRequestResponse,
  });
  const drain = connectionDrain(keptAnswerLane(services, appOptions.operations ?? allOperations, appListener));
  // Node would answer a request without a Host header itself, with an empty 400: refusingUnservable answers it in JSON.
  // It also refuses a dot segment, before the URL parser resolves it into another path.
  const listener = refusingUnservable(drain.listener);
  const server = createServer(
    { ServerResponse: ServerResponseWithoutStrayContentType, requireHostHeader: false, ...connectionServerOptions(connectionTimeouts(timeouts)) },
    listener,
  );
  // Node sent `100 Continue` before the app looked at the request: a refused upload was then sent whole.
  server.on("checkContinue", continueOnRead(listener));
  server.on("checkExpectation", refuseExpectation);
  // Node drops the header lines after the first 2000 (its default), silently: a key, a user context or a method
  // override sent after them went unread. The parser's 16 KiB limit on the head still bounds them (a 431).
  server.maxHeadersCount = 0;
  answerClientErrors(server);
  answerConnectRequests(server);
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, host, () => {
      server.off("error", reject);
      resolve();
    });
  });
  const address = server.address() as AddressInfo;
  const urlHost = address.family === "IPv6" ? `[${address.address}]` : address.address;
  const url = `http://${urlHost}:${address.port}`;
  const unspecified = address.address === "0.0.0.0" || address.address === "::";
  // The hydration's garbage is collected at once, not during the tenant's first requests (see collect-garbage).
  const stopCollecting = services.store.graphs.onHydrated((tenantUuid) => {
    const started = performance.now();
    collectGarbageNow();
    services.logger.debug({ tenant: tenantUuid, durationMs: Math.round(performance.now() - started) }, "collected the graph hydration's garbage");
  });
  const warmup = warmGraphs ? warmTenantGraphs(services.store, services.logger, services.clock) : null;
  // Other processes' writes to the database reach the loaded graphs between requests.
  const follower = followGraphChanges(services.store, services.logger);
  let closing: Promise<void> | null = null;
  // Ends the wait for the requests in flight, cutting their connections; set while that wait lasts.
  let cutConnections: (() => void) | undefined;
  // A failure to allocate leaves the ring to its first write, as before; it never stops the server.
  reserveKeptAnswerMemory(services, () => closing !== null).catch((error: unknown) =>
    services.logger.warn({ err: error }, "could not map the kept answers' memory at start"),
  );
  const ready = () => (appOptions.ready?.() ?? true) && (warmup?.finished ?? true);
  const draining = () => drain.draining || (appOptions.draining?.() ?? false);
  app = createApp(services, { ...appOptions, publicUrl: appOptions.publicUrl ?? (unspecified ? `http://localhost:${address.port}` : url), ready, draining });
  return {
    url,
    port: address.port,
    connectionLimits: () => ({
      keepAliveMilliseconds: server.keepAliveTimeout,
      headersMilliseconds: server.headersTimeout,
      requestMilliseconds: server.requestTimeout,
      // Node keeps the option it was given (its default, 30 s, when none was) on the server, undeclared in its types.
      checkingIntervalMilliseconds: (server as typeof server & { connectionsCheckingInterval: number }).connectionsCheckingInterval,
    }),
    close(graceMilliseconds = 10_000) {
      closing ??= (async () => {
        warmup?.stop();
        follower.stop();
        stopCollecting();
        await new Promise<void>((resolve) => {
          cutConnections = () => {
            server.closeAllConnections();
            resolve();
          };
          drain.begin(server, () => resolve());
        });
        cutConnections = undefined;
        await services.importJobs.stop();
        await services.store.close();
      })();
      // Each call's grace counts from that call; the first to run out cuts the connections (a second signal, say).
      setTimeout(() => cutConnections?.(), graceMilliseconds).unref();
      return closing;
    },
  };
}
