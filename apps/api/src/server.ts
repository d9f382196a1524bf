/**
 * @module
 * Runs the app on a port with @hono/node-server, and shuts down gracefully: stop accepting, let
 * in-flight requests finish, close the database.
 */
import type { AddressInfo } from "node:net";
import { serve, type ServerType } from "@hono/node-server";
import { createApp, type CreateAppOptions } from "./app.js";
import type { AppServices } from "./services.js";

export interface RunningServer {
  /** e.g. `http://127.0.0.1:8787` */
  url: string;
  port: number;
  /** Stops accepting, waits for in-flight requests (up to `graceMilliseconds`), closes the store. */
  close(graceMilliseconds?: number): Promise<void>;
}

export interface StartServerOptions extends CreateAppOptions {
  port?: number;
  host?: string;
}

export async function startServer(services: AppServices, options: StartServerOptions = {}): Promise<RunningServer> {
  const { port = 8787, host = "127.0.0.1", ...appOptions } = options;
  // The app is built once the port is known: without a configured public URL, the bound address
  // is the issuer of the OAuth endpoints and the origin of the MCP resource.
  let app: ReturnType<typeof createApp> | null = null;
  const server = await new Promise<ServerType>((resolve, reject) => {
    const started = serve(
      {
        fetch: (request, bindings) => (app ? app.fetch(request, bindings) : new Response("starting", { status: 503 })),
        port,
        hostname: host,
      },
      () => resolve(started),
    );
    started.once("error", reject);
  });
  const address = server.address() as AddressInfo;
  const urlHost = address.family === "IPv6" ? `[${address.address}]` : address.address;
  const url = `http://${urlHost}:${address.port}`;
  const unspecified = address.address === "0.0.0.0" || address.address === "::";
  app = createApp(services, { ...appOptions, publicUrl: appOptions.publicUrl ?? (unspecified ? `http://localhost:${address.port}` : url) });
  let closing: Promise<void> | null = null;
  return {
    url,
    port: address.port,
    close(graceMilliseconds = 10_000) {
      closing ??= (async () => {
        await new Promise<void>((resolve) => {
          const timer = setTimeout(() => {
            if ("closeAllConnections" in server) server.closeAllConnections();
            resolve();
          }, graceMilliseconds);
          timer.unref();
          server.close(() => {
            clearTimeout(timer);
            resolve();
          });
          if ("closeIdleConnections" in server) server.closeIdleConnections();
        });
        await services.importJobs.stop();
        await services.store.close();
      })();
      return closing;
    },
  };
}
