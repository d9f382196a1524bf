/**
 * @module
 * Last activity of persons and companies read from the tenant's in-memory relationship graph, which
 * holds every committed email and meeting: the same last activity the person and company records
 * show, without a query over every interaction of every person at a large company.
 */
import { lastActivityAt } from "@rapport/graph";
import type { TenantGraphs } from "../graph/tenant-graphs.js";
import type { EntityActivity, EntityActivitySource } from "./opportunity-activity.js";

/** An `EntityActivitySource` over the tenants' graphs (for reads outside a transaction: the graphs see committed writes only). */
export function graphEntityActivity(graphs: TenantGraphs): EntityActivitySource {
  return async (tenantUuid, entities, now) => {
    const graph = await graphs.forTenant(tenantUuid);
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
  };
}
