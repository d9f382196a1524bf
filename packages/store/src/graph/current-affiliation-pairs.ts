/** The pairs a tenant's graph is built with from its affiliations, read in pages. */
import { sql, type Kysely } from "kysely";
import type { Database } from "../database-schema.js";

/** Affiliations read per page. */
const PAGE = 2_000;

/**
 * The tenant's current affiliations of live persons with live companies, as the graph takes them. In
 * pages along the (tenant_uuid, person_uuid) index, each seeking past the last row of the one before, so
 * no statement holds the connection for long: one statement for the 200,000 affiliations of benchmark
 * scale L kept every other request waiting for two seconds.
 */
export async function* currentAffiliationPairs(
  db: Kysely<Database>,
  tenantUuid: string,
  pageSize = PAGE,
): AsyncGenerator<{ personUuid: string; companyUuid: string }> {
  let after: { personUuid: string; rowid: number } | null = null;
  for (;;) {
    let query = db
      .selectFrom("affiliations")
      .innerJoin("persons", "persons.uuid", "affiliations.person_uuid")
      .innerJoin("companies", "companies.uuid", "affiliations.company_uuid")
      .select(["affiliations.person_uuid as personUuid", "affiliations.company_uuid as companyUuid", sql<number>`affiliations.rowid`.as("rowid")])
      .where("affiliations.tenant_uuid", "=", tenantUuid)
      .where("affiliations.is_current", "=", 1)
      .where("persons.deleted_at", "is", null)
      .where("companies.deleted_at", "is", null);
    if (after !== null) query = query.where(sql<boolean>`(affiliations.person_uuid, affiliations.rowid) > (${after.personUuid}, ${after.rowid})`);
    const rows = await query.orderBy("affiliations.person_uuid").orderBy(sql`affiliations.rowid`).limit(pageSize).execute();
    for (const { personUuid, companyUuid } of rows) yield { personUuid, companyUuid };
    if (rows.length < pageSize) return;
    const last = rows[rows.length - 1]!;
    after = { personUuid: last.personUuid, rowid: last.rowid };
  }
}
