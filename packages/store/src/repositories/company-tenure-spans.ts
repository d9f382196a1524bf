/**
 * @module
 * The spans of time each person's tenures at a company cover (`affiliations.tenureSpans`): what a company's
 * activity reads, so that the company keeps what happened with its people while they were there, and a person who
 * moved on takes nothing of it along. Dates are days (UTC): a tenure covers its `started_on` from midnight and its
 * `ended_on` to the day's last millisecond.
 *
 * A date not recorded is read from the person's other tenures, never from nothing: a tenure with no `started_on`
 * starts on the latest `ended_on` of the person's other tenures that ended by its own end (a job change ends the
 * old tenure today and records the new one undated: the new one starts that day), and is open when there is none;
 * a past tenure with no `ended_on` ends on the earliest `started_on` of the person's other tenures that started
 * from its own start on, and is open when there is none. A current tenure has no end.
 */
import { sql, type Kysely } from "kysely";
import type { Database } from "../database-schema.js";
import type { TenureSpan } from "../store.js";

const DAY_MS = 86_400_000;

/** The person's tenure spans at the company, live persons only, by person then start; one person's overlapping spans made one. */
export async function companyTenureSpans(db: Kysely<Database>, tenantUuid: string, companyUuid: string): Promise<TenureSpan[]> {
  // Each date not recorded is a correlated read of the person's few other tenures (their index by person); most
  // tenures have what they need recorded, or are current, and read nothing more (coalesce stops at the first value).
  const rows = await db
    .selectFrom("affiliations as tenure")
    .innerJoin("persons", "persons.uuid", "tenure.person_uuid")
    .select([
      "tenure.person_uuid",
      sql<string | null>`coalesce(tenure.started_on, (
        select max(other.ended_on) from affiliations as other
        where other.tenant_uuid = tenure.tenant_uuid and other.person_uuid = tenure.person_uuid and other.uuid <> tenure.uuid
          and other.ended_on is not null and (tenure.ended_on is null or other.ended_on <= tenure.ended_on)))`.as("from_day"),
      sql<string | null>`case when tenure.is_current = 1 then null else coalesce(tenure.ended_on, (
        select min(other.started_on) from affiliations as other
        where other.tenant_uuid = tenure.tenant_uuid and other.person_uuid = tenure.person_uuid and other.uuid <> tenure.uuid
          and other.started_on is not null and (tenure.started_on is null or other.started_on >= tenure.started_on))) end`.as("to_day"),
    ])
    .where("tenure.tenant_uuid", "=", tenantUuid)
    .where("tenure.company_uuid", "=", companyUuid)
    .where("persons.deleted_at", "is", null)
    .execute();
  const spans = rows
    .map((row) => ({
      person_uuid: row.person_uuid,
      from: row.from_day === null ? null : Date.parse(`${row.from_day}T00:00:00Z`),
      to: row.to_day === null ? null : Date.parse(`${row.to_day}T00:00:00Z`) + DAY_MS - 1,
    }))
    // A tenure recorded as ending before it started covers nothing.
    .filter((span) => span.from === null || span.to === null || span.from <= span.to)
    .sort((left, right) => (left.person_uuid < right.person_uuid ? -1 : left.person_uuid > right.person_uuid ? 1 : (left.from ?? -Infinity) - (right.from ?? -Infinity)));
  return joinedSpans(spans);
}

/** Spans sorted by person then start, each person's overlapping or touching ones joined. */
function joinedSpans(sorted: readonly TenureSpan[]): TenureSpan[] {
  const joined: TenureSpan[] = [];
  for (const span of sorted) {
    const last = joined.at(-1);
    if (last !== undefined && last.person_uuid === span.person_uuid && (last.to === null || span.from === null || span.from <= last.to + 1)) {
      if (last.to !== null && (span.to === null || span.to > last.to)) last.to = span.to;
      continue;
    }
    joined.push({ ...span });
  }
  return joined;
}
