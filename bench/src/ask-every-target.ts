/**
 * Every read the API makes of one target, asked once of every person and company of a hydrated graph:
 * recommended paths, activity stats, PathPower, the derived fields with the strongest relationships. A
 * target keeps structures from its first ask on (bridge orders, member orders, activity indexes), so this
 * is the graph a long-running server holds once a day of questions has named every target.
 */
import SqliteDatabase from "better-sqlite3";
import { activityStats, derivedFields, pathPower, recommendedPaths, strongestRelationships, type RelationshipGraph } from "@rapport/graph";

export interface TenantTargets {
  persons: readonly string[];
  companies: readonly string[];
}

/** The live persons and companies of a tenant, read straight from its database file. */
export function tenantTargets(databasePath: string, tenantUuid: string): TenantTargets {
  const database = new SqliteDatabase(databasePath, { readonly: true });
  try {
    const uuids = (table: "persons" | "companies") =>
      database.prepare(`select uuid from ${table} where tenant_uuid = ? and deleted_at is null order by uuid`).pluck().all(tenantUuid) as string[];
    return { persons: uuids("persons"), companies: uuids("companies") };
  } finally {
    database.close();
  }
}

/** Asks `graph` every per-target read for each of `targets` at `now`; returns how many targets were asked. */
export function askEveryTarget(graph: RelationshipGraph, targets: TenantTargets, now: number): number {
  const options = { now };
  const asked = [
    ...targets.companies.map((uuid) => ({ entity: "company" as const, uuid })),
    ...targets.persons.map((uuid) => ({ entity: "person" as const, uuid })),
  ];
  for (const target of asked) {
    recommendedPaths(graph, target, options);
    activityStats(graph, target, options);
    pathPower(graph, target, options);
    derivedFields(graph, target, options);
    strongestRelationships(graph, target, { ...options, limit: 2 });
  }
  return asked.length;
}
