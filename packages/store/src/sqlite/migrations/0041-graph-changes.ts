/**
 * Migration 0041: the graph changes log. Each process holds a tenant's relationship graph in memory and keeps it
 * in step with its own writes; until now a write by another process (`rapport import` beside the server, a second
 * `rapport serve` on the same file) reached that graph only at its next load. `graph_changes` names, per tenant,
 * every record a graph is built from that a write touched, so a process catches its graph up by reading again what
 * it names (`graph/graph-change-log.ts`).
 *
 * - `position` counts the tenant's entries: it is the tenant's `graph` generation (migration 0007's table) raised by
 *   the same trigger, so entries are numbered 1, 2, 3... in commit order across processes, without gaps, and the
 *   generation snapshots a request already reads tell whether a tenant's graph has anything to catch up.
 * - Kinds: `email` and `meeting` (the interaction's uuid: inserted, changed or deleted), `affiliation` (the person
 *   whose affiliations changed), `merge` (the person merged away, with `merged_into_uuid`). A person's erasure is
 *   not followed entry by entry: it raises the `erasures` generation, and a graph that missed one is loaded again.
 *   Email participants and meeting attendees are written with their email or meeting, or moved by a merge.
 * - The log keeps each tenant's latest GRAPH_CHANGES_KEPT entries: each entry deletes the one that many before it
 *   (one seek). A graph further behind than that, whose next entry is gone, is loaded again instead.
 * - Deleting a tenant drops its entries. Written in SQL (triggers), like 0007: every writer is covered, and a
 *   rollback writes nothing.
 */
import { sql, type Kysely, type Migration } from "kysely";

/** How many of a tenant's latest entries the log keeps. */
export const GRAPH_CHANGES_KEPT = 100_000;

/** The generation scope whose value is a tenant's latest entry's position. */
export const GRAPH_CHANGES_SCOPE = "graph";

/** The tenant's current position (SQL): its `graph` generation. */
const currentPosition = (tenant: string) => `(select generation from change_generations where tenant_uuid = ${tenant} and scope = '${GRAPH_CHANGES_SCOPE}')`;

/**
 * Statements logging one entry of `tenant` (SQL expressions of a trigger's row). The raise is an upsert: it holds
 * under any conflict policy of the statement that fired the trigger (see `raiseStatementsUnderAnyPolicy`).
 */
export function logEntry(tenant: string, kind: string, subject: string, mergedInto = "null"): string {
  return `insert into change_generations (tenant_uuid, scope, generation) values (${tenant}, '${GRAPH_CHANGES_SCOPE}', 1)
        on conflict (tenant_uuid, scope) do update set generation = generation + 1;
      insert into graph_changes (tenant_uuid, position, kind, subject_uuid, merged_into_uuid)
        values (${tenant}, ${currentPosition(tenant)}, '${kind}', ${subject}, ${mergedInto});
      delete from graph_changes where tenant_uuid = ${tenant} and position = ${currentPosition(tenant)} - ${GRAPH_CHANGES_KEPT};`;
}

const interactionTriggers = (table: "emails" | "meetings", kind: "email" | "meeting") => [
  `create trigger ${table}_log_graph_change_on_insert after insert on ${table} begin
      ${logEntry("NEW.tenant_uuid", kind, "NEW.uuid")}
    end`,
  `create trigger ${table}_log_graph_change_on_update after update on ${table} begin
      ${logEntry("NEW.tenant_uuid", kind, "NEW.uuid")}
    end`,
  `create trigger ${table}_log_graph_change_on_delete after delete on ${table} begin
      ${logEntry("OLD.tenant_uuid", kind, "OLD.uuid")}
    end`,
];

const triggers = [
  ...interactionTriggers("emails", "email"),
  ...interactionTriggers("meetings", "meeting"),
  `create trigger affiliations_log_graph_change_on_insert after insert on affiliations begin
      ${logEntry("NEW.tenant_uuid", "affiliation", "NEW.person_uuid")}
    end`,
  `create trigger affiliations_log_graph_change_on_update after update on affiliations begin
      ${logEntry("NEW.tenant_uuid", "affiliation", "NEW.person_uuid")}
    end`,
  // An affiliation moved to another person (a merge) changed the first person's too.
  `create trigger affiliations_log_graph_change_on_move after update of person_uuid on affiliations
    when NEW.person_uuid is not OLD.person_uuid begin
      ${logEntry("OLD.tenant_uuid", "affiliation", "OLD.person_uuid")}
    end`,
  `create trigger affiliations_log_graph_change_on_delete after delete on affiliations begin
      ${logEntry("OLD.tenant_uuid", "affiliation", "OLD.person_uuid")}
    end`,
  `create trigger persons_log_graph_change_on_merge after update of merged_into_uuid on persons
    when NEW.merged_into_uuid is not null and NEW.merged_into_uuid is not OLD.merged_into_uuid begin
      ${logEntry("NEW.tenant_uuid", "merge", "NEW.uuid", "NEW.merged_into_uuid")}
    end`,
  `create trigger tenants_drop_graph_changes after update of deleted_at on tenants
    when OLD.deleted_at is null and NEW.deleted_at is not null begin
      delete from graph_changes where tenant_uuid = NEW.uuid;
    end`,
];

export const graphChangesMigration: Migration = {
  async up(db: Kysely<unknown>) {
    await sql`
      create table graph_changes (
        tenant_uuid text not null,
        position integer not null,
        kind text not null check (kind in ('email', 'meeting', 'affiliation', 'merge')),
        subject_uuid text not null,
        merged_into_uuid text,
        primary key (tenant_uuid, position)
      ) without rowid`.execute(db);
    for (const trigger of triggers) await sql.raw(trigger).execute(db);
  },
};
