/**
 * @module
 * Last activity of persons and companies read from the tenant's in-memory relationship graph, which
 * holds every committed email and meeting: the same last activity the person and company records
 * show, without a query over every interaction of every person at a large company.
 */
import { lastActivityAt, type RelationshipGraph } from "@rapport/graph";
import type { TenantGraphs } from "../graph/tenant-graphs.js";
import type { EntityActivity, EntityActivitySource } from "./opportunity-activity.js";

function activityFromGraph(graph: RelationshipGraph, entities: Parameters<EntityActivitySource>[1], now: number): EntityActivity {
  const activity: EntityActivity = { persons: new Map(), companies: new Map() };
  const kinds = [
    { entity: "person" as const, uuids: entities.personUuids, into: activity.persons },
    { entity: "company" as const, uuids: entities.companyUuids, into: activity.companies },
  ];
  for (const { entity, uuids, into } of kinds) {
    for (const uuid of new Set(uuids)) {
      const last = lastActivityAt(graph, { entity, uuid }, { now });
      if (last !== null) into.set(uuid, last);
    }
  }
  return activity;
}

/** An `EntityActivitySource` over the tenants' graphs, hydrating one on first use (for reads outside a transaction: the graphs see committed writes only). */
export function graphEntityActivity(graphs: TenantGraphs): EntityActivitySource {
  return async (tenantUuid, entities, now) => activityFromGraph(await graphs.forTenant(tenantUuid), entities, now);
}

/**
 * An `EntityActivitySource` over the tenant's graph if it is hydrated already, else null. Never hydrates:
 * inside a transaction, a hydration would wait for the connection the transaction holds.
 */
export function hydratedGraphEntityActivity(graphs: TenantGraphs): (tenantUuid: string) => EntityActivitySource | null {
  return (tenantUuid) => {
    const graph = graphs.hydrated(tenantUuid);
    return graph === null ? null : async (_tenantUuid, entities, now) => activityFromGraph(graph, entities, now);
  };
}
