/**
 * Erasing a person (a data subject's right to erasure): every row of the tenant that holds the person's data,
 * or that of a person merged into them, is deleted or loses them, in one transaction; the graph then takes the
 * changed interactions and ended affiliations, in the commit's order. The transaction overwrites what it deletes
 * (`withSecureDelete`), and its commit is followed by `afterErasureCommitted` (the WAL's truncation).
 */
import { withWriteStamp } from "../repositories/write-stamps.js";
import { sql, type Kysely } from "kysely";
import type { Database } from "../database-schema.js";
import { importMentionNeedles } from "../personal-data/import-jobs-mentioning.js";
import { normalizeLinkedinUrl } from "../normalize.js";
import type { GraphChange } from "../graph/graph-change.js";
import { graphChangesPosition } from "../graph/graph-change-log.js";
import { currentCompanyUuidsOf } from "../repositories/affiliation-rows.js";
import { interactionsByIds } from "../repositories/interaction-records.js";
import { applyPendingOpportunityActivity, lastActivityOfPersons, lowerOpportunityActivityAfterLosses } from "../repositories/opportunity-activity.js";
import { stampNotesAndTasksChanged } from "../repositories/note-and-task-change-stamp.js";
import { stampOpportunitiesChanged } from "../repositories/opportunity-change-stamp.js";
import { withTransaction, type RepositoryContext } from "../repositories/repository-context.js";
import { hydratePersons } from "../repositories/person-repository.js";
import type { Person } from "../records.js";
import type { ConditionalWriteOptions } from "../store.js";
import { eraseActivity } from "./erase-activity.js";
import { eraseDerivedRows } from "./erase-derived-rows.js";
import { eraseImportMentions } from "./erase-import-mentions.js";
import { emailIdentifier, linkedinIdentifier, rememberErasedIdentifiers } from "./erased-identifiers.js";
import { deactivatedOwnersOf, eraseUserAccounts, type ErasedUser } from "./erase-user-accounts.js";
import { raiseErasuresGeneration } from "./erasures-generation.js";
import { withSecureDelete } from "./with-secure-delete.js";
import { pendingWriteMark } from "../sqlite/written-claims.js";
import { chunksOf } from "../repositories/chunks-of.js";
import { tenantOnly } from "../repositories/tenant-filter.js";
import { ROWS_PER_ERASURE_STATEMENT } from "./rows-per-erasure-statement.js";

/**
 * Erases the live person `personUuid` of the tenant; false when there is none (another tenant's included). An
 * active user's own person (directly or through a merge) is a ConflictError naming the user, and nothing is
 * written; a deactivated user's is erased, and their account keeps only its uuid, role and dates
 * (`eraseUserAccounts`).
 */
export async function erasePerson(
  context: RepositoryContext,
  tenantUuid: string,
  personUuid: string,
  options: ConditionalWriteOptions<Person> = {},
): Promise<boolean> {
  // A heavy contact's erasure takes seconds: on a connection of its own, other requests' reads go on meanwhile.
  const db = context.longWrites?.db() ?? context.db;
  const changes = await withTransaction(db, (transaction) =>
    withSecureDelete(transaction, async () => {
      // The erased rows' entries in the feed and the deletions log take the store's stamp (migration 0092).
      // One stamp for the erasure's own writes and those entries alike.
      const now = context.now(tenantUuid);
      const erased = await withWriteStamp(transaction, tenantUuid, now, () => eraseInTransaction(context, transaction, tenantUuid, personUuid, now, options));
      // The store's connection marks a claimed request's commits written (written-claims.ts); this one is another,
      // so the erasure marks its own: a retry after a lost answer is then refused, not answered "not found".
      const mark = erased === null ? null : pendingWriteMark();
      if (mark !== null) await transaction.executeQuery(mark);
      return erased;
    }),
  );
  if (changes === null) return false;
  context.longWrites?.committed();
  for (const change of changes) context.emit(tenantUuid, change);
  await context.afterErasureCommitted?.();
  return true;
}

async function eraseInTransaction(
  context: RepositoryContext,
  db: Kysely<Database>,
  tenantUuid: string,
  personUuid: string,
  now: number,
  options: ConditionalWriteOptions<Person>,
): Promise<GraphChange[] | null> {
  const person = await db
    .selectFrom("persons")
    .selectAll()
    .where("tenant_uuid", "=", tenantUuid)
    .where("uuid", "=", personUuid)
    .where("deleted_at", "is", null)
    .executeTakeFirst();
  if (!person) return null;
  if (options.precondition) options.precondition((await hydratePersons(db, tenantUuid, [person]))[0]!);
  // Persons merged into this one are the same data subject: their soft-deleted rows hold old names and addresses.
  const merged = await db
    .selectFrom("person_merges")
    .select("superseded_uuid")
    .where("tenant_uuid", "=", tenantUuid)
    .where("canonical_uuid", "=", personUuid)
    .execute();
  const personUuids = [personUuid, ...merged.map((row) => row.superseded_uuid)];
  // A former employee's person: their deactivated account loses what named them with it.
  const users = await deactivatedOwnersOf(db, tenantUuid, personUuid, personUuids);

  // Every entry of the graph changes log after this one is the erasure's (its transaction is the only writer).
  const logBefore = await graphChangesPosition(db, tenantUuid);
  const traces = await tracesOf(db, tenantUuid, personUuids, users);
  // Mail, calendars and contact imports naming them later must not bring them back (migration 0060).
  await rememberErasedIdentifiers(db, tenantUuid, traces.identifiers, now);
  await applyPendingOpportunityActivity(db, tenantUuid);
  // Read before their activity goes: their companies' dates may have come from it.
  const ownLastActivity = [...(await lastActivityOfPersons(db, tenantUuid, personUuids, now)).values()].reduce((latest, at) => Math.max(latest, at), Number.NEGATIVE_INFINITY);
  const activity = await eraseActivity(db, tenantUuid, personUuids, now);
  await db.deleteFrom("affiliations").where("tenant_uuid", "=", tenantUuid).where("person_uuid", "in", personUuids).execute();
  await db.deleteFrom("person_emails").where("tenant_uuid", "=", tenantUuid).where("person_uuid", "in", personUuids).execute();
  // The lists they leave change membership: each takes the erasure's `updated_at`, as after a removal through the API.
  const theirLists = await db.selectFrom("entity_list_members").select("list_uuid").distinct().where("tenant_uuid", "=", tenantUuid).where("entity_uuid", "in", personUuids).execute();
  if (theirLists.length > 0) {
    await db
      .updateTable("entity_lists")
      .set({ updated_at: now })
      .where(tenantOnly("tenant_uuid"), "=", tenantUuid)
      .where("uuid", "in", theirLists.map((row) => row.list_uuid))
      .execute();
  }
  await db.deleteFrom("entity_list_members").where("tenant_uuid", "=", tenantUuid).where("entity_uuid", "in", personUuids).execute();
  const linkedChunks = chunksOf(traces.linkedOpportunityUuids, ROWS_PER_ERASURE_STATEMENT);
  for (const chunk of linkedChunks) {
    await db
      .deleteFrom("associations")
      .where("entity_uuid", "in", personUuids)
      .where("tenant_uuid", "=", tenantUuid)
      .where("entity_type", "=", "PERSON")
      .where("owner_uuid", "in", chunk)
      .execute();
  }
  // The links to them owned by other records than opportunities; the notes and tasks among those records change.
  const otherOwners = await db
    .deleteFrom("associations")
    .where("tenant_uuid", "=", tenantUuid)
    .where("entity_type", "=", "PERSON")
    .where("entity_uuid", "in", personUuids)
    .returning(["owner_type", "owner_uuid"])
    .execute();
  await stampNotesAndTasksChanged(db, tenantUuid, otherOwners.map((link) => ({ type: link.owner_type, uuid: link.owner_uuid })), now);
  // Their record lists their links: an `updated_after` poller gets them again, as after any change of their links.
  for (const chunk of linkedChunks) await stampOpportunitiesChanged(db, tenantUuid, chunk, now);
  await db
    .updateTable("opportunities")
    .set({ intro_person_uuid: null, updated_at: now })
    .where("tenant_uuid", "=", tenantUuid)
    .where("intro_person_uuid", "in", personUuids)
    .execute();
  // Two deletes, each seeking its own index: one `or` of both walked every merge of the tenant.
  await db.deleteFrom("person_merges").where("tenant_uuid", "=", tenantUuid).where("canonical_uuid", "in", personUuids).execute();
  await db.deleteFrom("person_merges").where("tenant_uuid", "=", tenantUuid).where("superseded_uuid", "in", personUuids).execute();
  await db.deleteFrom("persons").where("tenant_uuid", "=", tenantUuid).where("uuid", "in", personUuids).execute();
  await eraseDerivedRows(db, tenantUuid, { personUuids, linkedOpportunityUuids: traces.linkedOpportunityUuids, values: traces.values, identifying: traces.identifying });
  await eraseImportMentions(db, tenantUuid, traces.importMentionNeedles);
  await eraseUserAccounts(db, tenantUuid, users, now);

  // Their activity no longer counts for the opportunities linked to them or to their companies, nor the deleted
  // emails for the other persons on them: those whose dates may have come from it are recomputed, in one refresh.
  const companiesLosingThem = new Map(Number.isFinite(ownLastActivity) ? traces.currentCompanyUuids.map((company) => [company, ownLastActivity]) : []);
  await lowerOpportunityActivityAfterLosses(db, tenantUuid, { persons: activity.lostByPerson, companies: companiesLosingThem }, now, traces.linkedOpportunityUuids);

  const changes: GraphChange[] = activity.deletedEmailUuids.map((id) => ({ type: "remove-interaction", id }));
  for (const [kind, ids] of [
    ["email", activity.keptEmailUuids],
    ["meeting", activity.rewrittenMeetingUuids],
  ] as const) {
    // One read per set of interactions: a heavy contact's erasure keeps tens of thousands.
    const interactions = await interactionsByIds(db, tenantUuid, kind, ids);
    for (const id of ids) {
      const interaction = interactions.get(id);
      changes.push(interaction ? { type: "upsert-interaction", interaction } : { type: "remove-interaction", id });
    }
  }
  for (const companyUuid of traces.currentCompanyUuids) changes.push({ type: "end-affiliation", personUuid, companyUuid });
  changes.push({ type: "erasure-applied", generation: await raiseErasuresGeneration(db, tenantUuid) });
  changes.push({ type: "changes-applied", after: logBefore, through: await graphChangesPosition(db, tenantUuid) });
  return changes;
}

/**
 * What names the persons (and the accounts of the users they were) before their rows go: the values to look for,
 * their current companies and linked opportunities.
 */
async function tracesOf(db: Kysely<Database>, tenantUuid: string, personUuids: readonly string[], users: readonly ErasedUser[]) {
  const persons = await db
    .selectFrom("persons")
    .select(["name", "first_name", "last_name", "linkedin_url", "linkedin_key", "twitter_url", "facebook_url"])
    .where("tenant_uuid", "=", tenantUuid)
    .where("uuid", "in", personUuids)
    .execute();
  const addresses = await db
    .selectFrom("person_emails")
    .select(["address", "domain"])
    .where("tenant_uuid", "=", tenantUuid)
    .where("person_uuid", "in", personUuids)
    .execute();
  const currentCompanyUuids = await currentCompanyUuidsOf(db, tenantUuid, personUuids);
  // The covering index of opportunity links, named: under statistics like scale L's, SQLite walked every link of
  // the tenant through `associations_owner` to get the owners in order.
  const linked = await sql<{ owner_uuid: string }>`select distinct a.owner_uuid from associations a indexed by associations_opportunity_links
    where a.entity_uuid in (${sql.join(personUuids)}) and a.tenant_uuid = ${tenantUuid} and a.owner_type = 'OPPORTUNITY' and a.entity_type = 'PERSON'`.execute(db);
  const names = [...persons.flatMap((row) => [row.name, row.first_name, row.last_name]), ...users.map((user) => user.name)].filter(
    (value): value is string => !!value && value.length >= 3,
  );
  const userEmails = users.map((user) => user.email);
  // Theirs alone: not a domain nor a first or last name by itself, which others share.
  const fullNames = [
    ...persons.flatMap((row) => [row.name, row.first_name && row.last_name ? `${row.first_name} ${row.last_name}` : null]),
    ...users.map((user) => user.name),
  ].filter((value): value is string => !!value && value.trim().length >= 3);
  const profiles = persons.flatMap((row) => [row.linkedin_url, row.linkedin_key, row.twitter_url, row.facebook_url]).filter((value): value is string => !!value);
  return {
    identifying: { values: [...new Set([...personUuids, ...fullNames, ...profiles])], addresses: [...new Set([...addresses.map((row) => row.address), ...userEmails])] },
    // An address's domain too: a sample of the domain index may be the erased row's (a shared domain's samples
    // are only statistics, taken again at the next analysis).
    values: [...new Set([...personUuids, ...addresses.flatMap((row) => [row.address, row.domain ?? row.address]), ...userEmails, ...names])],
    // What quotes them in an import's summary, as the personal data export finds it.
    importMentionNeedles: importMentionNeedles(
      [...addresses.map((row) => row.address), ...userEmails],
      [...persons.map((row) => row.name), ...users.map((user) => user.name)],
    ),
    // Their addresses and LinkedIn profiles, to recognize them by without keeping them.
    identifiers: [
      ...addresses.map((row) => emailIdentifier(row.address)),
      // The profile's key, and the stored one when store migration 0063 left the person on the key their URL had before.
      ...persons.flatMap((row) =>
        [...new Set([row.linkedin_key, row.linkedin_url ? normalizeLinkedinUrl(row.linkedin_url) : null])].flatMap((key) => (key ? [linkedinIdentifier(key)] : [])),
      ),
    ],
    currentCompanyUuids,
    linkedOpportunityUuids: linked.rows.map((row) => row.owner_uuid),
  };
}
