/**
 * @module
 * Last-activity dates of opportunities. The one source of an entity's last activity is
 * `lastActivityOfEntities`; `refreshOpportunityActivity` stores what it yields on the opportunity
 * rows, where the list filters, sorts and shows it.
 */
import { sql, type Kysely } from "kysely";
import type { Database } from "../database-schema.js";
import { withTransaction, type RepositoryContext } from "./repository-context.js";
import { currentCompanyUuidsOf } from "./affiliation-rows.js";
import { chunksOf } from "./chunks-of.js";

export interface EntityActivity {
  /** Person UUID → epoch ms of the last email or meeting; absent when none. */
  persons: Map<string, number>;
  companies: Map<string, number>;
}

/** Where an entity's last activity comes from: the database (`lastActivityOfEntities`) or the graph. */
export type EntityActivitySource = (
  tenantUuid: string,
  entities: { personUuids: readonly string[]; companyUuids: readonly string[] },
  now: number,
) => Promise<EntityActivity>;

/**
 * Where a repository reads last activity from through `executor`: outside a transaction, the tenant's
 * graph (hydrated on first use); in the repository's own transaction, the graph when it is hydrated
 * already; else, and in a caller's transaction, the database through `executor`. Only for transactions
 * that write no interaction or affiliation before they read: the graph sees their writes after the commit.
 */
export function entityActivitySource(context: RepositoryContext, executor: Kysely<Database>, tenantUuid: string): EntityActivitySource {
  const fromDatabase: EntityActivitySource = (tenant, entities, now) => lastActivityOfEntities(executor, tenant, entities, now);
  if (!executor.isTransaction) return context.entityActivity ?? fromDatabase;
  return context.hydratedEntityActivity?.(tenantUuid) ?? fromDatabase;
}

/** Largest value per key of rows `(key, at)`. */
function maxByKey(rows: ReadonlyArray<{ key: string; at: number | string | bigint | null }>, into: Map<string, number>): void {
  for (const row of rows) {
    if (row.at === null) continue;
    const at = Number(row.at);
    if (at > (into.get(row.key) ?? Number.NEGATIVE_INFINITY)) into.set(row.key, at);
  }
}

/**
 * The last past email or confirmed meeting each of these persons took part in with someone else (declined
 * attendees excluded, as the graph counts: an email to oneself, or a meeting nobody else attends, is no
 * interaction): per person, a walk back from the latest time in each of the indexes of migration 0024, whose
 * times hold only what counts (a meeting's `counted_at` is null while it does not), that stops at the first
 * interaction with another person in it, found by key. Most are, so the walk is usually one step.
 */
export async function lastActivityOfPersons(db: Kysely<Database>, tenantUuid: string, personUuids: readonly string[], now: number) {
  const last = new Map<string, number>();
  const unique = [...new Set(personUuids)];
  for (let start = 0; start < unique.length; start += 500) {
    const chunk = JSON.stringify(unique.slice(start, start + 500));
    const rows = await sql<{ key: string; email_at: number | null; meeting_at: number | null }>`
      select persons.value as key,
        (select p.sent_at from email_participants p
          where p.tenant_uuid = ${tenantUuid} and p.person_uuid = persons.value and p.sent_at <= ${now}
            and exists (select 1 from email_participants other where other.email_uuid = p.email_uuid and other.person_uuid <> p.person_uuid)
          order by p.sent_at desc limit 1) as email_at,
        (select a.counted_at from meeting_attendees a
          where a.tenant_uuid = ${tenantUuid} and a.person_uuid = persons.value and a.counted_at <= ${now}
            and exists (select 1 from meeting_attendees other
              where other.meeting_uuid = a.meeting_uuid and other.person_uuid <> a.person_uuid and other.counted_at is not null)
          order by a.counted_at desc limit 1) as meeting_at
      from json_each(${chunk}) as persons`.execute(db);
    maxByKey(
      rows.rows.flatMap((row) => [
        { key: row.key, at: row.email_at },
        { key: row.key, at: row.meeting_at },
      ]),
      last,
    );
  }
  return last;
}

/**
 * The last past email or meeting with each person, and with each company (over its current external members:
 * a user's own person is the team's, not the company's contact, as in the graph). Entities with none are absent.
 */
export async function lastActivityOfEntities(
  db: Kysely<Database>,
  tenantUuid: string,
  entities: { personUuids: readonly string[]; companyUuids: readonly string[] },
  now: number,
): Promise<EntityActivity> {
  const members =
    entities.companyUuids.length === 0
      ? []
      : await db
          .selectFrom("affiliations")
          .innerJoin("persons", "persons.uuid", "affiliations.person_uuid")
          .select(["affiliations.company_uuid", "affiliations.person_uuid"])
          .where("affiliations.tenant_uuid", "=", tenantUuid)
          .where("affiliations.is_current", "=", 1)
          .where("affiliations.company_uuid", "in", [...new Set(entities.companyUuids)])
          .where("persons.is_internal", "=", 0)
          .execute();
  const persons = await lastActivityOfPersons(db, tenantUuid, [...entities.personUuids, ...members.map((member) => member.person_uuid)], now);
  const companies = new Map<string, number>();
  maxByKey(members.map((member) => ({ key: member.company_uuid, at: persons.get(member.person_uuid) ?? null })), companies);
  const requested = new Set(entities.personUuids);
  for (const person of persons.keys()) if (!requested.has(person)) persons.delete(person);
  return { persons, companies };
}

/** The companies whose activity these persons count for (`currentExternalAffiliationsOf`), each once. */
export async function currentCompaniesOf(db: Kysely<Database>, tenantUuid: string, personUuids: readonly string[]): Promise<string[]> {
  return [...new Set((await currentExternalAffiliationsOf(db, tenantUuid, personUuids)).map((row) => row.company_uuid))];
}

/**
 * The current affiliations (person, company) of those of these persons who are external: only they count for
 * their companies' activity (`lastActivityOfEntities`), so a user's own person raises or lowers no company date.
 */
async function currentExternalAffiliationsOf(db: Kysely<Database>, tenantUuid: string, personUuids: readonly string[]) {
  if (personUuids.length === 0) return [];
  // From the list into (tenant_uuid, person_uuid): statistics like scale L's (a thousand rows guessed per tenant)
  // make `tenant_uuid = ? and person_uuid in (...)` of hundreds walk every affiliation of the tenant instead.
  const rows = await sql<{ person_uuid: string; company_uuid: string }>`select a.person_uuid, a.company_uuid
    from json_each(${JSON.stringify([...new Set(personUuids)])}) as wanted
    cross join affiliations a on a.tenant_uuid = ${tenantUuid} and a.person_uuid = wanted.value
    cross join persons p on p.uuid = a.person_uuid
    where a.is_current = 1 and p.is_internal = 0`.execute(db);
  return rows.rows;
}

/** The links from live opportunities of the tenant to these entities of one type (`a`), each with its opportunity (`o`). */
function liveOpportunityLinks(db: Kysely<Database>, tenantUuid: string, entityType: string, entityUuids: readonly string[]) {
  return db
    .selectFrom("associations as a")
    .innerJoin("opportunities as o", "o.uuid", "a.owner_uuid")
    .where("a.tenant_uuid", "=", tenantUuid)
    .where("a.owner_type", "=", "OPPORTUNITY")
    .where("a.entity_type", "=", entityType)
    .where("a.entity_uuid", "in", [...entityUuids])
    .where("o.tenant_uuid", "=", tenantUuid)
    .where("o.deleted_at", "is", null);
}

/**
 * After `supersededUuid` was merged into `canonicalUuid`: the canonical person now has both persons'
 * emails and meetings, current companies and opportunity links, so its last activity is the later of the
 * two, and no date of an opportunity linked to it or to its companies can go down, but for what the merge
 * stopped counting: the interactions of the two alone, now a note to oneself or a meeting of one, and the
 * meetings only one of them did not decline (`lost`, per person the latest time lost: `activityLostToMerge`,
 * read before the merge). The merge therefore lowers only the dates that may have come from those
 * (`lowerOpportunityActivityAfterLosses`), then raises, as ingest does (`recordOpportunityActivity`), rather
 * than recomputing every member of those companies (seconds at a large tenant). The canonical person's floor
 * goes first: the opportunities it took over may hold dates below it. Call it after the movers, in the merge's
 * transaction.
 */
export async function raiseOpportunityActivityAfterMerge(
  db: Kysely<Database>,
  tenantUuid: string,
  merge: { canonicalUuid: string; supersededUuid: string; lost?: ReadonlyMap<string, number>; companiesLeft?: readonly string[] },
  now: number,
): Promise<void> {
  const { canonicalUuid, supersededUuid, lost, companiesLeft = [] } = merge;
  await forgetFloors(db, tenantUuid, [
    { entity_type: "PERSON", entity_uuid: canonicalUuid },
    { entity_type: "PERSON", entity_uuid: supersededUuid },
  ]);
  if (lost !== undefined && lost.size > 0) await lowerOpportunityActivityAfterLosses(db, tenantUuid, { persons: lost, companies: new Map() }, now, []);
  const last = (await lastActivityOfPersons(db, tenantUuid, [canonicalUuid], now)).get(canonicalUuid);
  if (last !== undefined) await recordOpportunityActivity(db, tenantUuid, new Map([[canonicalUuid, last]]), now);
  // A contact merged into a user's own person leaves the companies it brought: they may go down.
  if (await isInternal(db, tenantUuid, canonicalUuid)) await refreshCompanyActivityAfterTeamChange(db, tenantUuid, canonicalUuid, now);
  // A company one of the two was current at and the merged person is not (a tenure the other record ended) lost a
  // member, whose activity may have been its latest: its opportunities are recomputed.
  await refreshCompaniesActivity(db, tenantUuid, companiesLeft, now);
}

async function isInternal(db: Kysely<Database>, tenantUuid: string, personUuid: string): Promise<boolean> {
  const row = await db.selectFrom("persons").select("is_internal").where("tenant_uuid", "=", tenantUuid).where("uuid", "=", personUuid).executeTakeFirst();
  return row?.is_internal === 1;
}

/**
 * `personUuid` became a user's own person or stopped being one (a user created on a contact's address, deactivated,
 * reactivated; a contact merged into a user's person): their current companies' activity now leaves them out, or
 * counts them again. Recomputes the opportunities linked to those companies from the database, whose `is_internal`
 * the caller's transaction has changed (the graph sees it only after the commit). The person's own date does not
 * depend on it. Rare enough to recompute rather than raise or lower; call it in the transaction of the change.
 */
export async function refreshCompanyActivityAfterTeamChange(db: Kysely<Database>, tenantUuid: string, personUuid: string, now: number): Promise<void> {
  await refreshCompaniesActivity(db, tenantUuid, await currentCompanyUuidsOf(db, tenantUuid, [personUuid]), now);
}

/** Recomputes, from the database, the dates of the live opportunities linked to these companies; none: nothing. */
export async function refreshCompaniesActivity(db: Kysely<Database>, tenantUuid: string, companies: readonly string[], now: number): Promise<void> {
  if (companies.length === 0) return;
  // Pending times may hold the person's, raised for their companies or not by the status they had: recomputed after.
  await applyPendingOpportunityActivity(db, tenantUuid);
  const opportunities = new Set<string>();
  for (const chunk of chunksOf(companies)) {
    for (const row of await liveOpportunityLinks(db, tenantUuid, "COMPANY", chunk).select("o.uuid").execute()) opportunities.add(row.uuid);
  }
  if (opportunities.size > 0) await refreshOpportunityActivity(db, tenantUuid, [...opportunities], { now });
}

/**
 * An interaction at `lostAt` stopped counting for these persons (a meeting cancelled, deleted, moved, or
 * left): recomputes the dates of the opportunities that may have taken theirs from it, those linked to
 * the persons with a person date not later than `lostAt`, or to their current companies with a company
 * date not later than it. A later stored date came from another interaction, which still counts, so the
 * other opportunities keep theirs. At a large tenant this skips reading the last activity of every person
 * at every linked company (tens of seconds) unless the interaction was someone's latest.
 */
export async function lowerOpportunityActivity(
  db: Kysely<Database>,
  tenantUuid: string,
  personUuids: readonly string[],
  lostAt: number,
  now: number,
): Promise<void> {
  if (personUuids.length === 0) return;
  // Pending times may come from the interaction that stopped counting: applied first, so that the dates
  // compared with `lostAt` hold them and a recomputed date is not raised again afterwards.
  await applyPendingOpportunityActivity(db, tenantUuid);
  const persons = [...new Set(personUuids)];
  const candidates = new Set<string>();
  const sides = [
    { entityType: "PERSON", uuids: persons, column: "person_last_activity_at" as const },
    { entityType: "COMPANY", uuids: await currentCompaniesOf(db, tenantUuid, persons), column: "company_last_activity_at" as const },
  ];
  for (const { entityType, uuids, column } of sides) {
    for (const chunk of chunksOf(uuids)) {
      const rows = await liveOpportunityLinks(db, tenantUuid, entityType, chunk).select("o.uuid").where(`o.${column}`, "<=", lostAt).execute();
      for (const row of rows) candidates.add(row.uuid);
    }
  }
  if (candidates.size > 0) await refreshOpportunityActivity(db, tenantUuid, [...candidates], { now });
}

/**
 * `personUuid` changed companies (a new primary company, replaced affiliations): `before` and `after` are the
 * companies their activity counted for (`currentCompaniesOf`) before and after the change. The companies joined
 * are raised with the person's last activity, as ingest does; for those left, only the opportunities whose company
 * date may have come from the person are recomputed (`lowerOpportunityActivityAfterLosses`, as for an erased
 * member). A person without past activity, or without a change, costs one read at most. Call it in the transaction
 * of the change, after the affiliations were written.
 */
export async function followCompanyChangeOfPerson(
  db: Kysely<Database>,
  tenantUuid: string,
  personUuid: string,
  companies: { before: readonly string[]; after: readonly string[] },
  now: number,
): Promise<void> {
  const before = new Set(companies.before);
  const after = new Set(companies.after);
  const joined = [...after].filter((company) => !before.has(company));
  const left = [...before].filter((company) => !after.has(company));
  if (joined.length === 0 && left.length === 0) return;
  const last = (await lastActivityOfPersons(db, tenantUuid, [personUuid], now)).get(personUuid);
  if (last === undefined) return;
  if (left.length > 0) {
    await lowerOpportunityActivityAfterLosses(db, tenantUuid, { persons: new Map(), companies: new Map(left.map((company) => [company, last])) }, now, []);
  }
  // Pending, so the person's time reaches their current companies at the next read, the joined ones included.
  if (joined.length > 0) await recordOpportunityActivity(db, tenantUuid, new Map([[personUuid, last]]), now);
}

/** What a write took away: per person or company, the latest time of an interaction it no longer has. */
export interface ActivityLosses {
  /** Persons who lost interactions (and keep their other ones): the latest time lost of each. */
  persons: ReadonlyMap<string, number>;
  /** Companies that lost a member (an erased person): that member's last activity. */
  companies: ReadonlyMap<string, number>;
}

/**
 * After interactions and members were taken away (`losses`): recomputes `alsoRefresh` and the opportunities whose
 * dates may have come from what went, in one refresh. A person's last activity went down only if it is now
 * earlier than the latest time they lost; the others' did not change, and neither did their companies' because
 * of them. Of the persons who went down and the companies that lost a member, only the opportunities whose stored
 * date is not later than that lost time may have taken it from there (a later date came from an interaction that
 * stays). Where `lowerOpportunityActivity` rereads everyone at the companies of everyone who lost something, this
 * reads those persons once and the members of the companies that may have gone down.
 */
export async function lowerOpportunityActivityAfterLosses(
  db: Kysely<Database>,
  tenantUuid: string,
  losses: ActivityLosses,
  now: number,
  alsoRefresh: readonly string[],
): Promise<void> {
  await applyPendingOpportunityActivity(db, tenantUuid);
  // A time after `now` never counted, so losing it lowers nothing.
  const due = [...losses.persons].filter(([, at]) => at <= now);
  const current = await lastActivityOfPersons(db, tenantUuid, due.map(([person]) => person), now);
  const lowered = new Map(due.filter(([person, at]) => (current.get(person) ?? Number.NEGATIVE_INFINITY) < at));
  const companies = new Map([...losses.companies].filter(([, at]) => at <= now));
  for (const row of await currentExternalAffiliationsOf(db, tenantUuid, [...lowered.keys()])) {
    companies.set(row.company_uuid, Math.max(companies.get(row.company_uuid) ?? Number.NEGATIVE_INFINITY, lowered.get(row.person_uuid)!));
  }
  const candidates = new Set(alsoRefresh);
  const sides = [
    { entityType: "PERSON", lost: lowered, column: "person_last_activity_at" as const },
    { entityType: "COMPANY", lost: companies, column: "company_last_activity_at" as const },
  ];
  for (const { entityType, lost, column } of sides) {
    for (const chunk of chunksOf([...lost.keys()])) {
      const rows = await liveOpportunityLinks(db, tenantUuid, entityType, chunk).select(["a.entity_uuid", "o.uuid", `o.${column} as stored`]).execute();
      for (const row of rows) if (row.stored !== null && Number(row.stored) <= lost.get(row.entity_uuid)!) candidates.add(row.uuid);
    }
  }
  if (candidates.size > 0) await refreshOpportunityActivity(db, tenantUuid, [...candidates], { now });
}

/** `column`, raised to `at` when it is null or earlier (portable: no GREATEST/MAX(a, b)). */
const raisedTo = (column: "last_activity_at", at: number) =>
  sql<number>`case when ${sql.ref(column)} is null or ${sql.ref(column)} < ${at} then ${at} else ${sql.ref(column)} end`;

/**
 * New emails or meetings: `activity` maps each person who took part to the time of their latest new
 * interaction. The time is recorded as pending (migration 0011), one row per person, and the first read
 * of opportunities applies it (`applyPendingOpportunityActivity`): the opportunities linked to those
 * persons, or to their current companies, get their activity dates raised where the new time is later.
 * Adding interactions can only move a last activity forward, so this gives what recomputing those
 * opportunities would (`refreshOpportunityActivity`), and a message costs one row however many
 * opportunities its persons' companies have. An interaction that changes or disappears may lower dates:
 * `lowerOpportunityActivity`. Times after `now` do not count (yet), as in `lastActivityOfEntities`.
 */
export async function recordOpportunityActivity(
  db: Kysely<Database>,
  tenantUuid: string,
  activity: ReadonlyMap<string, number>,
  now: number,
): Promise<void> {
  const due = [...activity].filter(([, at]) => at <= now);
  for (const chunk of chunksOf(due, 200)) {
    await db
      .insertInto("opportunity_activity_pending")
      .values(chunk.map(([person_uuid, at]) => ({ tenant_uuid: tenantUuid, person_uuid, at })))
      .onConflict((conflict) =>
        conflict.columns(["tenant_uuid", "person_uuid"]).doUpdateSet({
          at: sql<number>`case when excluded.at > opportunity_activity_pending.at then excluded.at else opportunity_activity_pending.at end`,
        }),
      )
      .execute();
  }
}

/**
 * Raises the opportunities' activity dates by every time `recordOpportunityActivity` recorded for the
 * tenant, then forgets those times; in one transaction (the caller's when there is one). Every read of
 * opportunities' stored dates calls it first: with nothing pending it costs one index probe.
 */
export async function applyPendingOpportunityActivity(db: Kysely<Database>, tenantUuid: string): Promise<void> {
  const probe = await db.selectFrom("opportunity_activity_pending").select("person_uuid").where("tenant_uuid", "=", tenantUuid).limit(1).executeTakeFirst();
  if (probe === undefined) return;
  await withTransaction(db, async (transaction) => {
    const rows = await transaction
      .selectFrom("opportunity_activity_pending")
      .select(["person_uuid", "at"])
      .where("tenant_uuid", "=", tenantUuid)
      .execute();
    await transaction.deleteFrom("opportunity_activity_pending").where("tenant_uuid", "=", tenantUuid).execute();
    await raiseOpportunityActivity(transaction, tenantUuid, new Map(rows.map((row) => [row.person_uuid, Number(row.at)])));
  });
}

/** The opportunities linked to these persons, or to their current companies, raised to each person's time where it is later. */
async function raiseOpportunityActivity(db: Kysely<Database>, tenantUuid: string, persons: ReadonlyMap<string, number>): Promise<void> {
  if (persons.size === 0) return;
  const companies = new Map<string, number>();
  for (const row of await currentExternalAffiliationsOf(db, tenantUuid, [...persons.keys()])) {
    companies.set(row.company_uuid, Math.max(companies.get(row.company_uuid) ?? Number.NEGATIVE_INFINITY, persons.get(row.person_uuid)!));
  }
  const sides = [
    { entityType: "PERSON", times: persons, column: "person_last_activity_at" as const },
    { entityType: "COMPANY", times: companies, column: "company_last_activity_at" as const },
  ];
  for (const { entityType, times, column } of sides) {
    const unfloored = await entitiesAboveTheirFloors(db, tenantUuid, entityType, times);
    const raised = new Map<string, number>();
    const floors = new Map<string, number>();
    for (const chunk of chunksOf([...unfloored.keys()])) {
      // Found through the links, then written one by one by primary key: an UPDATE ... WHERE uuid IN
      // (...) lets SQLite's planner walk every opportunity of the tenant instead. Every live link is
      // read, not only those to raise: the lowest date after raising is the entity's new floor. An
      // entity without links gets none (its walk is one index probe; a row per contact would not pay).
      const rows = await liveOpportunityLinks(db, tenantUuid, entityType, chunk)
        .select(["a.entity_uuid", "o.uuid", `o.${column} as stored`])
        .execute();
      for (const row of rows) {
        const at = unfloored.get(row.entity_uuid)!;
        const stored = row.stored === null ? null : Number(row.stored);
        if ((stored === null || stored < at) && at > (raised.get(row.uuid) ?? Number.NEGATIVE_INFINITY)) raised.set(row.uuid, at);
        const after = stored === null ? at : Math.max(stored, at);
        floors.set(row.entity_uuid, Math.min(floors.get(row.entity_uuid) ?? Number.POSITIVE_INFINITY, after));
      }
    }
    for (const [uuid, at] of raised) {
      await db
        .updateTable("opportunities")
        .set({ [column]: at, last_activity_at: raisedTo("last_activity_at", at) })
        .where("tenant_uuid", "=", tenantUuid)
        .where("uuid", "=", uuid)
        .execute();
    }
    await storeFloors(db, tenantUuid, entityType, floors);
  }
}

/** The entities of `times` whose time is after their floor (or that have none), with their times. */
async function entitiesAboveTheirFloors(
  db: Kysely<Database>,
  tenantUuid: string,
  entityType: string,
  times: ReadonlyMap<string, number>,
): Promise<Map<string, number>> {
  const above = new Map(times);
  for (const chunk of chunksOf([...times.keys()])) {
    const rows = await db
      .selectFrom("opportunity_activity_floors")
      .select(["entity_uuid", "floor_at"])
      .where("tenant_uuid", "=", tenantUuid)
      .where("entity_type", "=", entityType)
      .where("entity_uuid", "in", chunk)
      .execute();
    for (const row of rows) if (times.get(row.entity_uuid)! <= Number(row.floor_at)) above.delete(row.entity_uuid);
  }
  return above;
}

async function storeFloors(db: Kysely<Database>, tenantUuid: string, entityType: string, floors: ReadonlyMap<string, number>): Promise<void> {
  for (const chunk of chunksOf([...floors], 200)) {
    await db
      .insertInto("opportunity_activity_floors")
      .values(chunk.map(([entity_uuid, floor_at]) => ({ tenant_uuid: tenantUuid, entity_type: entityType, entity_uuid, floor_at })))
      .onConflict((conflict) => conflict.columns(["tenant_uuid", "entity_type", "entity_uuid"]).doUpdateSet({ floor_at: (eb) => eb.ref("excluded.floor_at") }))
      .execute();
  }
}

/** Forgets the floors of these entities (all of the tenant's without a list): their dates may go down. */
async function forgetFloors(db: Kysely<Database>, tenantUuid: string, links?: ReadonlyArray<{ entity_type: string; entity_uuid: string }>): Promise<void> {
  if (links === undefined) {
    await db.deleteFrom("opportunity_activity_floors").where("tenant_uuid", "=", tenantUuid).execute();
    return;
  }
  for (const entityType of ["PERSON", "COMPANY"]) {
    const uuids = [...new Set(links.filter((link) => link.entity_type === entityType).map((link) => link.entity_uuid))];
    for (const chunk of chunksOf(uuids)) {
      await db
        .deleteFrom("opportunity_activity_floors")
        .where("tenant_uuid", "=", tenantUuid)
        .where("entity_type", "=", entityType)
        .where("entity_uuid", "in", chunk)
        .execute();
    }
  }
}

const latest = (values: Iterable<number | undefined>): number | null => {
  let best: number | null = null;
  for (const value of values) if (value !== undefined && (best === null || value > best)) best = value;
  return best;
};

/** The stored dates of the live opportunities among `opportunityUuids`. */
async function liveOpportunitiesByUuid(db: Kysely<Database>, tenantUuid: string, opportunityUuids: readonly string[]) {
  if (opportunityUuids.length === 0) return [];
  // From the list into the table by primary key: with `tenant_uuid = ? and uuid in (...)`, statistics like scale
  // L's (a thousand rows per tenant) make the planner walk every live opportunity of the tenant instead.
  const rows = await sql<{ uuid: string; last_activity_at: number | null; person_last_activity_at: number | null; company_last_activity_at: number | null }>`
    select o.uuid, o.last_activity_at, o.person_last_activity_at, o.company_last_activity_at
    from json_each(${JSON.stringify([...new Set(opportunityUuids)])}) as wanted
    cross join opportunities o on o.uuid = wanted.value
    where o.tenant_uuid = ${tenantUuid} and o.deleted_at is null`.execute(db);
  return rows.rows;
}

/**
 * Recomputes `person_last_activity_at`, `company_last_activity_at` and `last_activity_at` (the later
 * of the two) of the given opportunities, or of every live opportunity of the tenant, at the store's time
 * `activity.now`. The entities' last activity comes from `activity.source`, by default the database.
 */
export async function refreshOpportunityActivity(
  db: Kysely<Database>,
  tenantUuid: string,
  opportunityUuids: readonly string[] | undefined,
  activity: { now: number; source?: EntityActivitySource },
): Promise<void> {
  const rows = opportunityUuids
    ? await liveOpportunitiesByUuid(db, tenantUuid, opportunityUuids)
    : await db
        .selectFrom("opportunities")
        .select(["uuid", "last_activity_at", "person_last_activity_at", "company_last_activity_at"])
        .where("tenant_uuid", "=", tenantUuid)
        .where("deleted_at", "is", null)
        .execute();
  if (rows.length === 0) return;
  const links = await db
    .selectFrom("associations")
    .select(["owner_uuid", "entity_type", "entity_uuid"])
    .where("tenant_uuid", "=", tenantUuid)
    .where("owner_type", "=", "OPPORTUNITY")
    .where("owner_uuid", "in", rows.map((row) => row.uuid))
    .where("entity_type", "in", ["PERSON", "COMPANY"])
    .execute();
  await forgetFloors(db, tenantUuid, opportunityUuids === undefined ? undefined : links);
  const entities = {
    personUuids: links.filter((link) => link.entity_type === "PERSON").map((link) => link.entity_uuid),
    companyUuids: links.filter((link) => link.entity_type === "COMPANY").map((link) => link.entity_uuid),
  };
  const last = activity.source
    ? await activity.source(tenantUuid, entities, activity.now)
    : await lastActivityOfEntities(db, tenantUuid, entities, activity.now);
  const linksByOwner = new Map<string, typeof links>();
  for (const link of links) {
    const own = linksByOwner.get(link.owner_uuid);
    if (own) own.push(link);
    else linksByOwner.set(link.owner_uuid, [link]);
  }
  for (const row of rows) {
    const own = linksByOwner.get(row.uuid) ?? [];
    const person = latest(own.filter((link) => link.entity_type === "PERSON").map((link) => last.persons.get(link.entity_uuid)));
    const company = latest(own.filter((link) => link.entity_type === "COMPANY").map((link) => last.companies.get(link.entity_uuid)));
    const overall = latest([person ?? undefined, company ?? undefined]);
    const stored = (value: number | null) => (value === null ? null : Number(value));
    if (
      stored(row.person_last_activity_at) === person &&
      stored(row.company_last_activity_at) === company &&
      stored(row.last_activity_at) === overall
    ) {
      continue;
    }
    await db
      .updateTable("opportunities")
      .set({ person_last_activity_at: person, company_last_activity_at: company, last_activity_at: overall })
      .where("tenant_uuid", "=", tenantUuid)
      .where("uuid", "=", row.uuid)
      .execute();
  }
}
