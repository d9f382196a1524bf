/**
 * Company merges: the superseded company's references move to the canonical company in one transaction (as a person
 * merge's do: merge-or-preview.ts). A preview runs the very same merge and rolls it back.
 */
import type { Kysely } from "kysely";
import type { Database } from "../database-schema.js";
import type { GraphChange } from "../graph/graph-change.js";
import { checkMergedCompanyLimits } from "../merge/check-merged-company-limits.js";
import { companyReferenceMovers } from "../merge/company-reference-movers.js";
import { mergedCompanyPatch } from "../merge/merged-company-fields.js";
import { mergeOrPreview } from "../merge/merge-or-preview.js";
import { mergedIntoOf } from "../merge/merged-into.js";
import { mergePairOf } from "../merge/merge-pair.js";
import { moveReferences, recordMerge } from "../merge/merge-steps.js";
import type { CompanyMergeOutcome, CompanyMergeRepository, CompanyMergeRequest, ConditionalWriteOptions, MergedPair } from "../store.js";
import type { Company } from "../records.js";
import { chunksOf } from "./chunks-of.js";
import { companyColumnsOf, syncCompanyTags, toCompany } from "./company-repository.js";
import { refreshCompaniesActivity } from "./opportunity-activity.js";
import type { RepositoryContext } from "./repository-context.js";

async function loadPair(db: Kysely<Database>, request: CompanyMergeRequest) {
  const { tenant_uuid: tenantUuid, canonical_uuid: canonicalUuid, superseded_uuid: supersededUuid } = request;
  const rows = await db.selectFrom("companies").selectAll().where("tenant_uuid", "=", tenantUuid).where("uuid", "in", [canonicalUuid, supersededUuid]).execute();
  return mergePairOf("company", canonicalUuid, supersededUuid, rows);
}

async function formerDomainsOf(db: Kysely<Database>, companyUuid: string): Promise<string[]> {
  const rows = await db.selectFrom("company_former_domains").select("domain").where("company_uuid", "=", companyUuid).orderBy("left_at", "desc").orderBy("domain").execute();
  return rows.map((row) => row.domain);
}

/** Each person's current companies after the merge: the tenant's graph takes them as the moved persons' affiliations. */
async function affiliationChanges(db: Kysely<Database>, tenantUuid: string, personUuids: readonly string[]): Promise<GraphChange[]> {
  const companies = new Map<string, string[]>(personUuids.map((person) => [person, []]));
  for (const chunk of chunksOf(personUuids)) {
    const rows = await db
      .selectFrom("affiliations")
      .innerJoin("companies", "companies.uuid", "affiliations.company_uuid")
      .select(["affiliations.person_uuid", "affiliations.company_uuid"])
      .where("affiliations.tenant_uuid", "=", tenantUuid)
      .where("affiliations.person_uuid", "in", chunk)
      .where("affiliations.is_current", "=", 1)
      .where("companies.deleted_at", "is", null)
      .execute();
    for (const row of rows) companies.get(row.person_uuid)!.push(row.company_uuid);
  }
  return [...companies].map(([personUuid, companyUuids]) => ({ type: "set-person-affiliations" as const, personUuid, companyUuids: [...new Set(companyUuids)] }));
}

async function runMerge(
  context: RepositoryContext,
  db: Kysely<Database>,
  request: CompanyMergeRequest,
  options: ConditionalWriteOptions<MergedPair<Company>>,
): Promise<CompanyMergeOutcome> {
  const { tenant_uuid: tenantUuid, canonical_uuid: canonicalUuid, superseded_uuid: supersededUuid } = request;
  const rows = await loadPair(db, request);
  const [canonical, superseded] = [toCompany(rows.canonical), toCompany(rows.superseded)];
  options.precondition?.({ canonical, superseded });
  const patch = mergedCompanyPatch(canonical, superseded);
  checkMergedCompanyLimits(patch, request.limits);
  const formerBefore = { canonical: await formerDomainsOf(db, canonicalUuid), superseded: await formerDomainsOf(db, supersededUuid) };
  const timestamp = context.now(tenantUuid);

  // The people of the superseded company, read before their tenures move: their current companies change. Made
  // distinct here: `select distinct` was planned along the persons' index, through every affiliation of the tenant.
  const tenures = await db.selectFrom("affiliations").select("person_uuid").where("tenant_uuid", "=", tenantUuid).where("company_uuid", "=", supersededUuid).execute();
  const members = [...new Set(tenures.map((tenure) => tenure.person_uuid))];
  // The superseded company leaves first: its domain then no longer stands beside the canonical company's.
  await db
    .updateTable("companies")
    .set({ deleted_at: timestamp, merged_into_uuid: canonicalUuid, service_updated_at: timestamp })
    .where("tenant_uuid", "=", tenantUuid)
    .where("uuid", "=", supersededUuid)
    .execute();
  await db.deleteFrom("company_tags").where("tenant_uuid", "=", tenantUuid).where("company_uuid", "=", supersededUuid).execute();
  await db
    .updateTable("companies")
    .set({ ...companyColumnsOf(patch), service_updated_at: timestamp })
    .where("tenant_uuid", "=", tenantUuid)
    .where("uuid", "=", canonicalUuid)
    .execute();
  await syncCompanyTags(db, tenantUuid, canonicalUuid, patch);

  const mergeContext = { db, tenantUuid, canonicalUuid, supersededUuid, now: timestamp };
  const moved = await moveReferences(companyReferenceMovers, mergeContext);
  // The canonical company has the superseded one's people and opportunities: its opportunities' company dates are
  // recomputed from its members as they are now.
  await refreshCompaniesActivity(db, tenantUuid, [canonicalUuid], timestamp);
  await recordMerge(db, "company_merges", mergeContext, request.merged_by_user_uuid, moved);

  const mergedRow = await db.selectFrom("companies").selectAll().where("tenant_uuid", "=", tenantUuid).where("uuid", "=", canonicalUuid).executeTakeFirstOrThrow();
  return {
    canonical,
    superseded,
    merged: toCompany(mergedRow),
    former_domains: { ...formerBefore, merged: await formerDomainsOf(db, canonicalUuid) },
    moved,
    preview: request.preview,
    graph_changes: await affiliationChanges(db, tenantUuid, members),
  };
}

/** The company merge repository over the store's database (`store.companyMerges`). */
export function createCompanyMergeRepository(context: RepositoryContext): CompanyMergeRepository {
  const { db } = context;
  return {
    async merge(request, conditions = {}) {
      const options = { tenantUuid: request.tenant_uuid, preview: request.preview, operation: "companyMerges.merge" };
      return mergeOrPreview(context, options, (transaction) => runMerge(context, transaction, request, conditions));
    },
    mergedInto: (tenantUuid, companyUuid) => mergedIntoOf(db, "companies", tenantUuid, companyUuid),
  };
}
