/**
 * Person merges: the superseded person's references move to the canonical person in one
 * transaction. A preview runs the very same merge and rolls it back, so what it shows is exactly
 * what the real merge would do, and nothing persists.
 */
import type { Kysely } from "kysely";
import type { Database, PersonsTable } from "../database-schema.js";
import { InvalidInputError } from "../errors.js";
import type { GraphChange } from "../graph/graph-change.js";
import { activityLostToMerge } from "../merge/activity-lost-to-merge.js";
import { mergeOrPreview } from "../merge/merge-or-preview.js";
import { mergedIntoOf } from "../merge/merged-into.js";
import { mergePairOf } from "../merge/merge-pair.js";
import { moveReferences, recordMerge } from "../merge/merge-steps.js";
import { personReferenceMovers } from "../merge/person-reference-movers.js";
import { meetingsLosingACount } from "../merge/rewrite-meetings-losing-a-count.js";
import type { ConditionalWriteOptions, MergedPair, PersonMergeOutcome, PersonMergeRepository, PersonMergeRequest } from "../store.js";
import type { Person } from "../records.js";
import { currentCompanyUuidsOf, ensurePrimaryAffiliation } from "./affiliation-rows.js";
import { checkMergedPersonLimits } from "../merge/check-merged-person-limits.js";
import { interactionsByIds } from "./interaction-records.js";
import { raiseOpportunityActivityAfterMerge } from "./opportunity-activity.js";
import { userOwningPerson, type PersonOwner } from "./person-owner.js";
import { nameSortKey } from "./name-sort-key.js";
import { distinctTags } from "./tag-key.js";
import { hydratePersons } from "./person-repository.js";
import { parseJson, type RepositoryContext } from "./repository-context.js";

/** Fields the canonical person takes from the superseded one when its own are empty (the name: see `mergedFields`). */
const FILLED_FIELDS = [
  "first_name",
  "last_name",
  "linkedin_url",
  "linkedin_key",
  "twitter_url",
  "facebook_url",
  "logo_url",
  "city",
  "state",
  "country",
] as const;

/**
 * `currentCompanies`: the companies the canonical person is currently at once the affiliations moved; a superseded
 * primary company it is not at (a stale record's employer the canonical person left) does not travel.
 */
function mergedFields(canonical: PersonsTable, superseded: PersonsTable, timestamp: number, currentCompanies: ReadonlySet<string>): Partial<PersonsTable> {
  const changes: Partial<PersonsTable> = { service_updated_at: timestamp };
  for (const field of FILLED_FIELDS) {
    if (canonical[field] === null && superseded[field] !== null) changes[field] = superseded[field];
  }
  // Employer and title travel together: a title alone would describe the wrong company. A canonical primary company
  // the superseded record says the person left is no longer theirs, nor its title.
  const canonicalLeft = canonical.primary_company_uuid !== null && !currentCompanies.has(canonical.primary_company_uuid);
  if (canonicalLeft) {
    const next = superseded.primary_company_uuid !== null && currentCompanies.has(superseded.primary_company_uuid) ? superseded.primary_company_uuid : null;
    changes.primary_company_uuid = next;
    changes.job_title = next === null ? null : superseded.job_title;
  } else if (canonical.primary_company_uuid === null && superseded.primary_company_uuid !== null && currentCompanies.has(superseded.primary_company_uuid)) {
    changes.primary_company_uuid = superseded.primary_company_uuid;
    changes.job_title = canonical.job_title ?? superseded.job_title;
  } else if (canonical.job_title === null && canonical.primary_company_uuid === superseded.primary_company_uuid) {
    changes.job_title = superseded.job_title;
  }
  // A name derived from an address is as good as empty: a typed name (or, for a blank one, any name) fills it.
  if (canonical.name_from_address === 1 && superseded.name.trim() !== "" && (superseded.name_from_address === 0 || canonical.name.trim() === "")) {
    changes.name = superseded.name;
    changes.name_sort_key = nameSortKey(superseded.name);
    changes.name_from_address = superseded.name_from_address;
  }
  const tags = distinctTags([...parseJson<string[]>(canonical.tags, []), ...parseJson<string[]>(superseded.tags, [])]);
  changes.tags = JSON.stringify(tags);
  return changes;
}

function ownPersonOf(owner: PersonOwner): string {
  return `user ${owner.uuid}'s own${owner.is_active === 1 ? "" : " (a deactivated user)"}`;
}

async function loadPair(db: Kysely<Database>, request: PersonMergeRequest) {
  const { tenant_uuid: tenantUuid, canonical_uuid: canonicalUuid, superseded_uuid: supersededUuid } = request;
  const rows = await db
    .selectFrom("persons")
    .selectAll()
    .where("tenant_uuid", "=", tenantUuid)
    .where("uuid", "in", [canonicalUuid, supersededUuid])
    .execute();
  const { canonical, superseded } = mergePairOf("person", canonicalUuid, supersededUuid, rows);
  // A person is one user's at most (`users.create` keeps it so): merged, two users would share one, and the
  // deactivated one could never be reactivated. Checked before the direction rule below, which merging the
  // other way would not get past either. A validation failure (400), not a conflict: the specification keeps 409
  // for the same person twice or one already merged.
  const supersededOwner = await userOwningPerson(db, tenantUuid, supersededUuid);
  const canonicalOwner = supersededOwner && (await userOwningPerson(db, tenantUuid, canonicalUuid));
  if (supersededOwner && canonicalOwner) {
    throw new InvalidInputError(
      `person ${supersededUuid} is ${ownPersonOf(supersededOwner)} and person ${canonicalUuid} is ${ownPersonOf(canonicalOwner)}: ` +
        "two users never share a person, so neither can be merged into the other",
    );
  }
  if (superseded.is_internal === 1) {
    throw new InvalidInputError(
      `person ${supersededUuid} is an internal user's own record and cannot be superseded: merge the other way, with it as the canonical person`,
    );
  }
  return { canonical, superseded };
}

async function runMerge(
  context: RepositoryContext,
  db: Kysely<Database>,
  request: PersonMergeRequest,
  options: ConditionalWriteOptions<MergedPair<Person>>,
): Promise<PersonMergeOutcome> {
  const { tenant_uuid: tenantUuid, canonical_uuid: canonicalUuid, superseded_uuid: supersededUuid } = request;
  const { canonical, superseded } = await loadPair(db, request);
  const [canonicalBefore, supersededBefore] = await hydratePersons(db, tenantUuid, [canonical, superseded]);
  options.precondition?.({ canonical: canonicalBefore!, superseded: supersededBefore! });
  const timestamp = context.now(tenantUuid);

  // Read before the movers: what the two persons did alone together stops counting once they are one, and the
  // companies either was current at, which the merged person may no longer be (a tenure one of them ended).
  const lost = await activityLostToMerge(db, tenantUuid, { canonicalUuid, supersededUuid }, timestamp);
  const companiesBefore = await currentCompanyUuidsOf(db, tenantUuid, [canonicalUuid, supersededUuid]);
  const recounted = await meetingsLosingACount(db, tenantUuid, canonicalUuid, supersededUuid);
  const mergeContext = { db, tenantUuid, canonicalUuid, supersededUuid, now: timestamp };
  const moved = await moveReferences(personReferenceMovers, mergeContext);
  const current = await db
    .selectFrom("affiliations")
    .select("company_uuid")
    .where("tenant_uuid", "=", tenantUuid)
    .where("person_uuid", "=", canonicalUuid)
    .where("is_current", "=", 1)
    .execute();
  const changes = mergedFields(canonical, superseded, timestamp, new Set(current.map((row) => row.company_uuid)));
  await db.updateTable("persons").set(changes).where("tenant_uuid", "=", tenantUuid).where("uuid", "=", canonicalUuid).execute();
  await db
    .updateTable("persons")
    .set({ deleted_at: timestamp, merged_into_uuid: canonicalUuid, service_updated_at: timestamp })
    .where("tenant_uuid", "=", tenantUuid)
    .where("uuid", "=", supersededUuid)
    .execute();
  const primaryCompany = changes.primary_company_uuid ?? canonical.primary_company_uuid;
  if (primaryCompany) {
    await ensurePrimaryAffiliation(
      { ...context, db },
      tenantUuid,
      canonicalUuid,
      primaryCompany,
      changes.job_title ?? canonical.job_title,
      timestamp,
    );
  }
  // The canonical person now has the superseded one's emails, meetings and companies: so do their opportunities.
  const companiesAfter = new Set(await currentCompanyUuidsOf(db, tenantUuid, [canonicalUuid]));
  const companiesLeft = companiesBefore.filter((company) => !companiesAfter.has(company));
  await raiseOpportunityActivityAfterMerge(db, tenantUuid, { canonicalUuid, supersededUuid, lost, companiesLeft }, timestamp);
  await recordMerge(db, "person_merges", mergeContext, request.merged_by_user_uuid, moved);

  const mergedRow = await db.selectFrom("persons").selectAll().where("uuid", "=", canonicalUuid).executeTakeFirstOrThrow();
  const [merged] = await hydratePersons(db, tenantUuid, [mergedRow]);
  // Checked on the merged person as hydrated: the union of addresses, tags and tenures is what a read of it shows.
  checkMergedPersonLimits(merged!, request.limits);
  const recountedMeetings = [...(await interactionsByIds(db, tenantUuid, "meeting", recounted)).values()];
  const graphChanges: GraphChange[] = [
    { type: "merge-persons", canonicalUuid, supersededUuid },
    // The graph's own merge knows no declined attendance: these meetings go to it again as the database holds them.
    ...recountedMeetings.map((interaction) => ({ type: "upsert-interaction" as const, interaction })),
    {
      type: "set-person-affiliations",
      personUuid: canonicalUuid,
      companyUuids: merged!.affiliations.filter((affiliation) => affiliation.is_current).map((affiliation) => affiliation.company_uuid),
    },
  ];
  return { canonical: canonicalBefore!, superseded: supersededBefore!, merged: merged!, moved, preview: request.preview, graph_changes: graphChanges };
}

export function createPersonMergeRepository(context: RepositoryContext): PersonMergeRepository {
  const { db } = context;
  return {
    async merge(request, conditions = {}) {
      const options = { tenantUuid: request.tenant_uuid, preview: request.preview, operation: "personMerges.merge" };
      return mergeOrPreview(context, options, (transaction) => runMerge(context, transaction, request, conditions));
    },
    mergedInto: (tenantUuid, personUuid) => mergedIntoOf(db, "persons", tenantUuid, personUuid),
    async listInto(tenantUuid, canonicalUuid) {
      const rows = await db
        .selectFrom("person_merges")
        .select(["superseded_uuid", "canonical_uuid", "merged_at", "merged_by_user_uuid"])
        .where("tenant_uuid", "=", tenantUuid)
        .where("canonical_uuid", "=", canonicalUuid)
        .orderBy("merged_at", "desc")
        .orderBy("superseded_uuid")
        .execute();
      return rows.map((row) => ({ ...row, merged_at: Number(row.merged_at) }));
    },
  };
}
