/** @module The Node request and response behind a Hono context, when the app is served by @hono/node-server. */
import type { HttpBindings } from "@hono/node-server";
import type { Context } from "hono";
import type { AppEnv } from "../../app-env.js";

/**
 * The Node request and response of `context`; null when the app is called in-process (`app.request`),
 * where no socket exists.
 */
export function nodeBindings(context: Context<AppEnv>): HttpBindings | null {
  const bindings = context.env as Partial<HttpBindings> | undefined;
  return bindings?.incoming && bindings.outgoing ? (bindings as HttpBindings) : null;
}
