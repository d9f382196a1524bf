/**
 * @module
 * Hydrates every live tenant's relationship graph in the background after the server starts, so the
 * first relationship question after a restart does not wait for it (about 80 s for a tenant of 2M
 * interactions), brings the search's name indexes up to date with the names written since the last
 * search, and ranks every company once (`prepareCompanyRankings`: a first batch of companies then ranks as a
 * later one does). One tenant at a time, to bound the memory and CPU taken from requests meanwhile; a request for a
 * tenant not yet warm hydrates it itself, and the warm-up then finds it loaded. With more live tenants than the
 * store holds graphs of (`store.graphs.capacity()`), it warms that many, those with the most requests this month first:
 * warming the others would only drop graphs it loaded.
 */
import { setImmediate } from "node:timers/promises";
import type { Store, Tenant } from "@rapport/store";
import type { Logger } from "pino";
import type { Clock } from "../platform/clock.js";
import { monthWindow } from "../platform/rate-limit/rate-limit-windows.js";
import { prepareCompanyRankings } from "./prepare-company-rankings.js";

export interface WarmedTenant {
  tenant_uuid: string;
  persons: number;
  edges: number;
  /** Name writes the warm-up put into the search's indexes (`store.nameSearch.catchUp`). */
  nameNotes: number;
  /** Companies ranked once (`prepareCompanyRankings`). */
  companies: number;
  ms: number;
}

export interface GraphWarmup {
  /** Settles when every tenant was warmed, failed (logged) or skipped after `stop()`; never rejects. */
  readonly done: Promise<WarmedTenant[]>;
  /** True once `done` has settled. */
  readonly finished: boolean;
  /** Starts no further tenant; a hydration under way finishes or fails on its own. */
  stop(): void;
}

/**
 * The tenants to warm: every one, oldest first; when they are more than the graphs the store holds, as many of them as
 * it holds, those with the most requests this month first (then the oldest).
 */
async function tenantsToWarm(store: Store, clock: Clock): Promise<Tenant[]> {
  const tenants = await store.tenants.list();
  const capacity = store.graphs.capacity();
  if (tenants.length <= capacity) return tenants;
  const month = monthWindow(clock.now()).id;
  const requests = await Promise.all(tenants.map((tenant) => store.usage.monthly(tenant.uuid, month)));
  const busiestFirst = tenants.map((tenant, index) => ({ tenant, index, requests: requests[index]! })).sort((a, b) => b.requests - a.requests || a.index - b.index);
  return busiestFirst.slice(0, capacity).map(({ tenant }) => tenant);
}

/** Starts warming the graphs of the store's live tenants (see `tenantsToWarm`), and logs each one; `clock` dates the rankings. */
export function warmTenantGraphs(store: Store, logger: Logger, clock: Clock): GraphWarmup {
  let stopped = false;
  let finished = false;
  const done = (async () => {
    const warmed: WarmedTenant[] = [];
    let tenants;
    try {
      tenants = await tenantsToWarm(store, clock);
    } catch (error) {
      if (!stopped) logger.warn({ err: error }, "graph warm-up could not list tenants");
      return warmed;
    }
    if (tenants.length === 0) return warmed;
    logger.info({ tenants: tenants.length }, "warming relationship graphs in the background");
    const startedAll = performance.now();
    for (const tenant of tenants) {
      if (stopped) break;
      const started = performance.now();
      try {
        const graph = await store.graphs.forTenant(tenant.uuid);
        // Names written while no search ran (a bulk load, an import) go into the search's indexes now, not
        // into the tenant's first searches.
        const nameNotes = await store.nameSearch.catchUp(tenant.uuid, { yieldControl: () => setImmediate() });
        const companies = await prepareCompanyRankings(graph, { now: clock.now(), yieldControl: () => setImmediate(), stopped: () => stopped });
        const result = { tenant_uuid: tenant.uuid, persons: graph.personCount, edges: graph.edgeCount, nameNotes, companies, ms: Math.round(performance.now() - started) };
        warmed.push(result);
        logger.info({ tenant: tenant.uuid, persons: result.persons, edges: result.edges, nameNotes, companies, durationMs: result.ms }, "relationship graph warm");
      } catch (error) {
        // After stop() the store is closing under the hydration: its failure is the expected end.
        if (!stopped) logger.warn({ err: error, tenant: tenant.uuid }, "relationship graph warm-up failed; the tenant's first request will hydrate it");
      }
    }
    if (!stopped) logger.info({ tenants: tenants.length, warmed: warmed.length, durationMs: Math.round(performance.now() - startedAll) }, "relationship graphs warm-up done");
    return warmed;
  })().finally(() => {
    finished = true;
  });
  return {
    done,
    get finished() {
      return finished;
    },
    stop() {
      stopped = true;
    },
  };
}
