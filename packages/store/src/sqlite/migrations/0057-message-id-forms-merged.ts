/**
 * Migration 0057: an email stored twice under one Message-ID's two forms (`<id@host>` and `id@host`) becomes one.
 * Until 2026-12-06 ingest took the forms for two messages, so one email imported with its brackets and synced by a
 * mail API without them counted twice in every score, path and activity count.
 *
 * - Within a tenant, the emails stored are taken in the order stored (`created_at`, then uuid) as ingest takes
 *   them now: one whose id has a form (`messageIdForms`) already kept is a duplicate of that one. The one kept stays,
 *   as it is, with its uuid: ingest answers `DUPLICATE` with it for either form, and a re-sent message changes
 *   nothing of a stored one, so its participants, time and subject are what the store already showed for the
 *   message. Mixing the others' in could give one email two senders. What only another one knew, a kept body, moves to it when it has none.
 *   The one that takes a body moves to the activity feed's end (its `has_body` changed).
 * - The others are deleted as an erasure deletes an email: their participants and bodies first, then the row, whose
 *   triggers announce the removal in the activity feed (migration 0033) and log it for the graphs (0041). The
 *   opportunities' stored activity dates that may have come from them are recomputed (as after an erasure).
 * - Only live tenants holding both a bracketed and a bare id are read, each found by seeks on `emails_tenant_message`:
 *   a tenant whose ids all have one form (every benchmark tenant) costs two seeks.
 */
import { sql, type Kysely, type Migration } from "kysely";
import type { Database } from "../../database-schema.js";
import { chunksOf } from "../../repositories/chunks-of.js";
import { messageIdForms } from "../../repositories/message-id-forms.js";
import { lowerOpportunityActivityAfterLosses } from "../../repositories/opportunity-activity.js";

/** What JavaScript's `trim` takes off (SQL: a string of those characters), as `messageIdForms` trims the inside. */
const JS_WHITESPACE = `char(${[9, 10, 11, 12, 13, 32, 160, 5760, ...Array.from({ length: 11 }, (_, index) => 8192 + index), 8232, 8233, 8239, 8287, 12288, 65279].join(", ")})`;

/** A stored email under one form of an id also stored in its other: its uuid, id as stored, the bare id, when stored. */
interface StoredForm {
  uuid: string;
  message_id: string;
  bare: string;
  created_at: number;
}

/** An email that stays, and those stored later that ingest would have taken for it (each a `DUPLICATE`). */
interface Merge {
  survivor: string;
  others: string[];
}

/** Tenants with at least one bracketed and one bare Message-ID: `<` sorts between the digits and the letters. */
async function tenantsWithBothForms(db: Kysely<unknown>): Promise<string[]> {
  const { rows } = await sql<{ uuid: string }>`select t.uuid from tenants t
    where t.deleted_at is null and exists (select 1 from emails e where e.tenant_uuid = t.uuid and e.message_id >= '<' and e.message_id < '=')
      and (exists (select 1 from emails e where e.tenant_uuid = t.uuid and e.message_id < '<')
        or exists (select 1 from emails e where e.tenant_uuid = t.uuid and e.message_id >= '='))`.execute(db);
  return rows.map((row) => row.uuid);
}

/** The tenant's emails stored under a bare id and under a bracketed id around it, by bare id. */
async function formsOfOneMessage(db: Kysely<unknown>, tenantUuid: string): Promise<Map<string, StoredForm[]>> {
  // The bare form as `messageIdForms` makes it: the inside, trimmed, neither empty nor holding a bracket.
  const { rows } = await sql<StoredForm>`with bracketed as (
      select uuid, message_id, created_at, trim(substr(message_id, 2, length(message_id) - 2), ${sql.raw(JS_WHITESPACE)}) as bare
      from emails where tenant_uuid = ${tenantUuid} and message_id >= '<' and message_id < '=' and message_id like '%>'
    )
    select b.uuid, b.message_id, b.bare, b.created_at from bracketed b
      join emails e on e.tenant_uuid = ${tenantUuid} and e.message_id = b.bare
      where b.bare <> '' and instr(b.bare, '<') = 0 and instr(b.bare, '>') = 0
    union
    select e.uuid, e.message_id, e.message_id as bare, e.created_at from bracketed b
      join emails e on e.tenant_uuid = ${tenantUuid} and e.message_id = b.bare
      where b.bare <> '' and instr(b.bare, '<') = 0 and instr(b.bare, '>') = 0`.execute(db);
  const groups = new Map<string, StoredForm[]>();
  for (const row of rows) groups.set(row.bare, [...(groups.get(row.bare) ?? []), { ...row, created_at: Number(row.created_at) }]);
  return groups;
}

/**
 * The merges of one group, as ingest would have made them had it known both forms then: in the order stored, an
 * email whose id has a form already kept is that one's duplicate. (`<m>` and `< m >` both pair with `m`, but not
 * with each other: stored in that order, `m` goes to `<m>` and `< m >` stays.)
 */
function mergesOf(forms: readonly StoredForm[]): Merge[] {
  const inOrder = [...forms].sort((left, right) => left.created_at - right.created_at || (left.uuid < right.uuid ? -1 : 1));
  const kept = new Map<string, Merge>();
  for (const form of inOrder) {
    const earlier = messageIdForms(form.message_id).find((id) => kept.has(id));
    if (earlier === undefined) kept.set(form.message_id, { survivor: form.uuid, others: [] });
    else kept.get(earlier)!.others.push(form.uuid);
  }
  return [...kept.values()].filter((merge) => merge.others.length > 0);
}

/**
 * What migration 0057 does, at the instant `now` (epoch ms; the migration passes the clock's): merges each tenant's
 * emails stored under both forms of one Message-ID into the first one stored. Exported for its test.
 */
export async function mergeMessageIdForms(db: Kysely<unknown>, now: number): Promise<void> {
  for (const tenantUuid of await tenantsWithBothForms(db)) {
    const merges = [...(await formsOfOneMessage(db, tenantUuid)).values()].flatMap(mergesOf);
    if (merges.length === 0) continue;
    const lostByPerson = new Map<string, number>();
    for (const { survivor, others } of merges) {
      // A body only another one kept goes to the survivor (the earliest stored of them, as the ingest would keep).
      const moved = await sql`update email_bodies set email_uuid = ${survivor}
        where email_uuid = (select b.email_uuid from email_bodies b join emails e on e.uuid = b.email_uuid
          where b.email_uuid in (${sql.join(others)}) order by e.created_at, e.uuid limit 1)
          and not exists (select 1 from email_bodies where email_uuid = ${survivor})`.execute(db);
      // It now keeps a body: it takes a new place in the activity feed, as an email an erasure changes does, so a
      // poller reading `has_body` with the feed's emails learns it.
      if (Number(moved.numAffectedRows ?? 0) > 0) {
        await sql`insert or replace into activity_feed (tenant_uuid, kind, item_uuid, recorded_at, ever_listed)
          values (${tenantUuid}, 'email', ${survivor}, ${now}, 1)`.execute(db);
      }
      // Each person on a deleted one loses its time (a time after `now` never counted, so losing it lowers nothing).
      const { rows: lost } = await sql<{ person_uuid: string; lost_at: number }>`select person_uuid, max(sent_at) as lost_at
        from email_participants where email_uuid in (${sql.join(others)}) and sent_at <= ${now} group by person_uuid`.execute(db);
      for (const row of lost) lostByPerson.set(row.person_uuid, Math.max(Number(row.lost_at), lostByPerson.get(row.person_uuid) ?? -Infinity));
    }
    for (const chunk of chunksOf(merges.flatMap((merge) => merge.others))) {
      const uuids = sql.join(chunk);
      await sql`delete from email_participants where email_uuid in (${uuids})`.execute(db);
      await sql`delete from email_bodies where email_uuid in (${uuids})`.execute(db);
      // The triggers announce each as removed in the activity feed and log it for the graphs.
      await sql`delete from emails where uuid in (${uuids})`.execute(db);
    }
    await lowerOpportunityActivityAfterLosses(db as Kysely<Database>, tenantUuid, { persons: lostByPerson, companies: new Map() }, now, []);
  }
}

export const messageIdFormsMergedMigration: Migration = {
  async up(db: Kysely<unknown>) {
    await mergeMessageIdForms(db, Date.now());
  },
};
