/**
 * @module
 * Keeps a server's loaded graphs in step with other processes' writes in the background. A graph catches up with
 * what another process wrote (`rapport import` beside the server, a second server on the file) at its next
 * relationship read; asked every second here, the catch-up is rarely a request's wait, and a server under a large
 * import never falls so far behind that the store's log no longer holds what it missed (a full load of the tenant).
 * A tenant deleted meanwhile (`rapport tenants delete` beside the server) has its graph dropped at the next round.
 */
import type { Store } from "@rapport/store";
import type { Logger } from "pino";

/** How often the loaded graphs are asked to catch up. */
export const FOLLOW_GRAPH_CHANGES_EVERY_MS = 1_000;

export interface GraphChangesFollower {
  /** Stops asking; a catch-up under way finishes on its own. */
  stop(): void;
}

/**
 * Every `everyMs`, asks `store.graphs.forTenant` of each tenant whose graph is loaded: nothing to read when nothing
 * moved, else the entries another process wrote; a tenant no longer live has its graph evicted instead. One round at a
 * time; a failure is logged and the next round tries again.
 */
export function followGraphChanges(store: Store, logger: Logger, everyMs = FOLLOW_GRAPH_CHANGES_EVERY_MS): GraphChangesFollower {
  let round: Promise<void> | null = null;
  const timer = setInterval(() => {
    if (round) return;
    round = (async () => {
      const loaded = store.graphs.loadedTenants();
      if (loaded.length === 0) return;
      const live = new Set((await store.tenants.list()).map((tenant) => tenant.uuid));
      for (const tenantUuid of loaded) {
        if (!live.has(tenantUuid)) {
          // Its keys and tokens answer 401 already: nothing will read the graph again, and it may be large.
          store.graphs.evict(tenantUuid);
          continue;
        }
        try {
          await store.graphs.forTenant(tenantUuid);
        } catch (error) {
          logger.warn({ err: error, tenant: tenantUuid }, "could not catch a tenant's graph up with other processes' writes");
        }
      }
    })()
      .catch((error: unknown) => logger.warn({ err: error }, "could not list the live tenants to catch their graphs up"))
      .finally(() => {
        round = null;
      });
  }, everyMs);
  // A server stops by closing its listener: this timer must not keep the process alive after it.
  timer.unref();
  return {
    stop() {
      clearInterval(timer);
    },
  };
}
