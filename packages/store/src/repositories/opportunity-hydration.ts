/**
 * Turns opportunity rows into full `Opportunity` records with a fixed number of queries per page:
 * types, stages, users, intro persons, parents, children sums, associations with their persons and
 * companies, and last-activity dates.
 */
import type { Kysely } from "kysely";
import type { Database, OpportunitiesTable } from "../database-schema.js";
import type { AssociatedCompany, AssociatedPerson, ChildrenMetadata, Opportunity, OpportunityAssociation } from "../deal-records.js";
import type { Viewer } from "../deal-store.js";
import { loadLinks } from "./association-repository.js";
import { decimalAmount } from "./decimal-amount.js";
import type { EntityActivitySource } from "./opportunity-activity.js";
import { loadOpportunityStages, loadOpportunityTypes } from "./opportunity-type-repository.js";
import { loadPersonEmails } from "./person-repository.js";
import { loadPersonReferences, loadUserReferences } from "./record-references.js";
import { parseJson } from "./repository-context.js";
import { tenantOnly } from "./tenant-filter.js";

export const DAY_MS = 86_400_000;

const emptyChildren = (): ChildrenMetadata => ({ count: 0, probability_sum: 0, value_sum: 0, weighted_value_sum: 0 });

const nullableNumber = (value: number | null) => (value === null ? null : Number(value));

async function loadChildrenMetadata(db: Kysely<Database>, tenantUuid: string, parentUuids: readonly string[]) {
  const metadata = new Map<string, ChildrenMetadata>();
  if (parentUuids.length === 0) return metadata;
  const rows = await db
    .selectFrom("opportunities")
    .select((expression) => [
      "parent_uuid",
      expression.fn.countAll<number>().as("count"),
      expression.fn.sum<number | null>("probability").as("probability_sum"),
      expression.fn.sum<number | null>("value").as("value_sum"),
      expression.fn.sum<number | null>("weighted_value").as("weighted_value_sum"),
    ])
    .where("tenant_uuid", "=", tenantUuid)
    .where("parent_uuid", "in", [...parentUuids])
    .where("deleted_at", "is", null)
    .groupBy("parent_uuid")
    .execute();
  for (const row of rows) {
    metadata.set(row.parent_uuid!, {
      count: Number(row.count),
      probability_sum: decimalAmount(Number(row.probability_sum ?? 0)),
      value_sum: decimalAmount(Number(row.value_sum ?? 0)),
      weighted_value_sum: decimalAmount(Number(row.weighted_value_sum ?? 0)),
    });
  }
  return metadata;
}

async function loadAssociatedPersons(db: Kysely<Database>, tenantUuid: string, uuids: readonly string[]) {
  const persons = new Map<string, Omit<AssociatedPerson, "last_activity_at">>();
  if (uuids.length === 0) return persons;
  const rows = await db
    .selectFrom("persons")
    .select(["uuid", "name", "logo_url", "city", "state", "country"])
    .where(tenantOnly("tenant_uuid"), "=", tenantUuid)
    .where("uuid", "in", [...new Set(uuids)])
    .where("deleted_at", "is", null)
    .execute();
  const emails = await loadPersonEmails(db, tenantUuid, rows.map((row) => row.uuid));
  for (const row of rows) {
    persons.set(row.uuid, { ...row, email: emails.get(row.uuid)?.[0]?.address ?? null });
  }
  return persons;
}

async function loadAssociatedCompanies(db: Kysely<Database>, tenantUuid: string, uuids: readonly string[]) {
  const companies = new Map<string, Omit<AssociatedCompany, "last_activity_at">>();
  if (uuids.length === 0) return companies;
  const rows = await db
    .selectFrom("companies")
    .select(["uuid", "company_name", "logo_url", "city", "state", "country"])
    .where(tenantOnly("tenant_uuid"), "=", tenantUuid)
    .where("uuid", "in", [...new Set(uuids)])
    .where("deleted_at", "is", null)
    .execute();
  for (const { company_name, ...row } of rows) companies.set(row.uuid, { ...row, name: company_name });
  return companies;
}

export async function hydrateOpportunities(
  db: Kysely<Database>,
  tenantUuid: string,
  rows: readonly OpportunitiesTable[],
  viewer: Viewer,
  now: number,
  activityOf: EntityActivitySource,
): Promise<Opportunity[]> {
  if (rows.length === 0) return [];
  const uuids = rows.map((row) => row.uuid);
  const parentUuids = rows.flatMap((row) => (row.parent_uuid ? [row.parent_uuid] : []));
  const [types, stages, users, introPersons, children, links, parents] = await Promise.all([
    loadOpportunityTypes(db, tenantUuid, rows.map((row) => row.type_uuid)),
    loadOpportunityStages(db, tenantUuid, rows.map((row) => row.stage_uuid)),
    loadUserReferences(db, tenantUuid, rows.flatMap((row) => [row.owner_user_uuid, row.created_by_user_uuid, row.updated_by_user_uuid])),
    loadPersonReferences(db, tenantUuid, rows.map((row) => row.intro_person_uuid)),
    loadChildrenMetadata(db, tenantUuid, uuids),
    loadLinks(db, tenantUuid, "OPPORTUNITY", uuids, viewer),
    parentUuids.length === 0
      ? Promise.resolve([] as Array<{ uuid: string; name: string }>)
      : db
          .selectFrom("opportunities")
          .select(["uuid", "name"])
          // By key, the tenant condition unindexed: under statistics like scale L's, a page of a few hundred
          // sub-opportunities walked every opportunity of the tenant for their parents' names.
          .where(tenantOnly("tenant_uuid"), "=", tenantUuid)
          .where("uuid", "in", parentUuids)
          .execute(),
  ]);
  const allLinks = [...links.values()].flat();
  const personUuids = allLinks.filter((link) => link.entity_type === "PERSON").map((link) => link.entity_uuid);
  const companyUuids = allLinks.filter((link) => link.entity_type === "COMPANY").map((link) => link.entity_uuid);
  const [persons, companies, activity] = await Promise.all([
    loadAssociatedPersons(db, tenantUuid, personUuids),
    loadAssociatedCompanies(db, tenantUuid, companyUuids),
    activityOf(tenantUuid, { personUuids, companyUuids }, now),
  ]);
  const parentNames = new Map(parents.map((parent) => [parent.uuid, parent.name]));

  return rows.map((row) => {
    const associations: OpportunityAssociation[] = (links.get(row.uuid) ?? []).map((link) => {
      const person = link.entity_type === "PERSON" ? persons.get(link.entity_uuid) : undefined;
      const company = link.entity_type === "COMPANY" ? companies.get(link.entity_uuid) : undefined;
      const lastActivity =
        (person ? activity.persons.get(link.entity_uuid) : company ? activity.companies.get(link.entity_uuid) : undefined) ?? null;
      return {
        ...link,
        last_activity_at: lastActivity,
        person: person ? { ...person, last_activity_at: lastActivity } : null,
        company: company ? { ...company, last_activity_at: lastActivity } : null,
      };
    });
    const type = types.get(row.type_uuid)!;
    const stage = stages.get(row.stage_uuid)!;
    const names = associations.flatMap((association) => [association.person?.name ?? [], association.company?.name ?? []].flat());
    return {
      uuid: row.uuid,
      tenant_uuid: row.tenant_uuid,
      name: row.name,
      details: row.details,
      next_step: row.next_step,
      value: nullableNumber(row.value),
      probability: nullableNumber(row.probability),
      // Stored before weights were written without binary noise (2.002 at 50 % was 0.010009999999999998).
      weighted_value: row.weighted_value === null ? null : decimalAmount(Number(row.weighted_value)),
      type,
      stage,
      parent_uuid: row.parent_uuid,
      parent_name: row.parent_uuid ? (parentNames.get(row.parent_uuid) ?? null) : null,
      owner: row.owner_user_uuid ? (users.get(row.owner_user_uuid) ?? null) : null,
      intro_person: row.intro_person_uuid ? (introPersons.get(row.intro_person_uuid) ?? null) : null,
      created_by: row.created_by_user_uuid ? (users.get(row.created_by_user_uuid) ?? null) : null,
      updated_by: row.updated_by_user_uuid ? (users.get(row.updated_by_user_uuid) ?? null) : null,
      source_date: row.source_date,
      intro_date: row.intro_date,
      close_date: row.close_date,
      stage_entered_at: Number(row.stage_entered_at),
      days_in_stage: Math.floor((now - Number(row.stage_entered_at)) / DAY_MS),
      last_activity_at: nullableNumber(row.last_activity_at),
      company_last_activity_at: nullableNumber(row.company_last_activity_at),
      person_last_activity_at: nullableNumber(row.person_last_activity_at),
      custom_fields: parseJson<Record<string, unknown>>(row.custom_fields, {}),
      children_metadata: children.get(row.uuid) ?? emptyChildren(),
      notes_and_files_count: associations.filter((association) => association.entity_type === "NOTE" || association.entity_type === "FILE")
        .length,
      associations,
      search_string: [row.name, ...names].join(" "),
      created_at: Number(row.created_at),
      updated_at: Number(row.updated_at),
    };
  });
}
