/**
 * @module
 * Reading the graph changes log (store migration 0041): the records another process's writes touched, read again
 * as they are now and turned into the changes this process's own writes emit. Reading the present rather than what
 * each write did makes applying them order-free and repeatable: an entry applied twice, or one this process's own
 * write already applied, changes nothing more.
 */
import { sql, type Kysely } from "kysely";
import type { Database, GraphChangesTable } from "../database-schema.js";
import { interactionsByIds } from "../repositories/interaction-records.js";
import { GRAPH_CHANGES_SCOPE } from "../sqlite/migrations/0041-graph-changes.js";
import type { GraphChange } from "./graph-change.js";

/** One entry of the log. */
export type GraphChangeEntry = Pick<GraphChangesTable, "position" | "kind" | "subject_uuid" | "merged_into_uuid">;

/** A change read from the log, with the record it is about (an interaction's id or a person's uuid). */
export interface LoggedGraphChange {
  subject: string;
  change: GraphChange;
}

/**
 * The tenant's latest position in the log as `db` reads it: committed, or inside `db`'s transaction, its own entries
 * too. Through the connection's queue, so after any transaction open on it.
 */
export async function graphChangesPosition(db: Kysely<Database>, tenantUuid: string): Promise<number> {
  const { rows } = await sql<{ generation: number }>`select generation from change_generations
    where tenant_uuid = ${tenantUuid} and scope = ${GRAPH_CHANGES_SCOPE}`.execute(db);
  return rows[0]?.generation ?? 0;
}

/** The tenant's entries after `position`, in order, at most `limit`. */
export async function graphChangeEntriesAfter(db: Kysely<Database>, tenantUuid: string, position: number, limit: number): Promise<GraphChangeEntry[]> {
  return db
    .selectFrom("graph_changes")
    .select(["position", "kind", "subject_uuid", "merged_into_uuid"])
    .where("tenant_uuid", "=", tenantUuid)
    .where("position", ">", position)
    .orderBy("position")
    .limit(limit)
    .execute();
}

/**
 * The changes that bring a graph up to the present for these entries, in their order: an interaction as it is now
 * (removed when gone), a person's current companies (live person, live companies, as a hydration reads them), a
 * merge. A record named twice is read once, at its last entry.
 */
export async function graphChangesOf(db: Kysely<Database>, tenantUuid: string, entries: readonly GraphChangeEntry[]): Promise<LoggedGraphChange[]> {
  const lastEntryOf = new Map<string, GraphChangeEntry>();
  for (const entry of entries) {
    const key = `${entry.kind}:${entry.subject_uuid}`;
    lastEntryOf.delete(key);
    lastEntryOf.set(key, entry);
  }
  const latest = [...lastEntryOf.values()];
  const subjectsOf = (kind: GraphChangeEntry["kind"]) => latest.filter((entry) => entry.kind === kind).map((entry) => entry.subject_uuid);
  const emails = await interactionsByIds(db, tenantUuid, "email", subjectsOf("email"));
  const meetings = await interactionsByIds(db, tenantUuid, "meeting", subjectsOf("meeting"));
  const companies = await currentCompaniesByPerson(db, tenantUuid, subjectsOf("affiliation"));
  return latest.flatMap((entry): LoggedGraphChange[] => {
    const subject = entry.subject_uuid;
    switch (entry.kind) {
      case "email":
      case "meeting": {
        const interaction = (entry.kind === "email" ? emails : meetings).get(subject);
        return [{ subject, change: interaction ? { type: "upsert-interaction", interaction } : { type: "remove-interaction", id: subject } }];
      }
      case "affiliation":
        return [{ subject, change: { type: "set-person-affiliations", personUuid: subject, companyUuids: companies.get(subject) ?? [] } }];
      case "merge":
        if (entry.merged_into_uuid === null || entry.merged_into_uuid === subject) return [];
        return [{ subject, change: { type: "merge-persons", canonicalUuid: entry.merged_into_uuid, supersededUuid: subject } }];
    }
  });
}

/** Each person's current companies, as the tenant's hydration takes them (`currentAffiliationPairs`). */
async function currentCompaniesByPerson(db: Kysely<Database>, tenantUuid: string, personUuids: readonly string[]): Promise<Map<string, string[]>> {
  const companies = new Map<string, string[]>();
  if (personUuids.length === 0) return companies;
  // From the list into (tenant_uuid, person_uuid), as the store's other reads of many persons' affiliations.
  const rows = await sql<{ person_uuid: string; company_uuid: string }>`select a.person_uuid, a.company_uuid
    from json_each(${JSON.stringify(personUuids)}) as wanted
    cross join affiliations a on a.tenant_uuid = ${tenantUuid} and a.person_uuid = wanted.value
    join persons p on p.uuid = a.person_uuid and p.deleted_at is null
    join companies c on c.uuid = a.company_uuid and c.deleted_at is null
    where a.is_current = 1`.execute(db);
  for (const row of rows.rows) {
    const list = companies.get(row.person_uuid);
    if (list) list.push(row.company_uuid);
    else companies.set(row.person_uuid, [row.company_uuid]);
  }
  return companies;
}
