/**
 * @module oidc-provider runs each of its requests inside an AsyncLocalStorage of its own. Before Node 24 an enabled
 * AsyncLocalStorage keeps promise hooks on for the whole process, and they cost every later request about a fifth
 * more CPU (docs/decisions/0029), so one token refresh would slow the server for good. Its storage is turned off
 * again whenever no request of the provider is running (it is read only inside its requests).
 */
import providerContext from "oidc-provider/lib/helpers/als.js";

let running = 0;

/** Runs one request of the authorization server, its context storage turned off once none runs. */
export async function inProviderRequest<T>(work: () => Promise<T>): Promise<T> {
  running += 1;
  try {
    return await work();
  } finally {
    running -= 1;
    if (running === 0) providerContext.disable();
  }
}

/** Whether the authorization server's context storage is on now (on Node before 24: whether it keeps promise hooks on). */
export function followingProviderRequests(): boolean {
  const enabled = (providerContext as unknown as { enabled?: boolean }).enabled;
  return enabled ?? running > 0;
}
