/** Export sections of what links to the subject: affiliations, list memberships, opportunities, notes and tasks. */
import type { Kysely } from "kysely";
import type { Database } from "../database-schema.js";
import { tenantOnly } from "../repositories/tenant-filter.js";
import type {
  PersonalDataAffiliation,
  PersonalDataAttachment,
  PersonalDataListMembership,
  PersonalDataNote,
  PersonalDataOpportunity,
  PersonalDataTask,
} from "./personal-data-export.js";

const timeOrNull = (value: number | null) => (value === null ? null : Number(value));

export async function personAffiliations(db: Kysely<Database>, tenantUuid: string, personUuids: readonly string[]): Promise<PersonalDataAffiliation[]> {
  const rows = await db
    .selectFrom("affiliations")
    .innerJoin("companies", (join) => join.onRef("companies.uuid", "=", "affiliations.company_uuid").onRef("companies.tenant_uuid", "=", "affiliations.tenant_uuid"))
    .select([
      "affiliations.person_uuid",
      "affiliations.company_uuid",
      "companies.company_name",
      "affiliations.title",
      "affiliations.is_current",
      "affiliations.started_on",
      "affiliations.ended_on",
      "affiliations.created_at",
      "affiliations.updated_at",
    ])
    .where("affiliations.tenant_uuid", "=", tenantUuid)
    .where("affiliations.person_uuid", "in", personUuids)
    .orderBy("affiliations.is_current", "desc")
    .orderBy("affiliations.created_at")
    .orderBy("affiliations.uuid")
    .execute();
  return rows.map((row) => ({ ...row, is_current: row.is_current === 1, created_at: Number(row.created_at), updated_at: Number(row.updated_at) }));
}

export async function personListMemberships(db: Kysely<Database>, tenantUuid: string, personUuids: readonly string[]): Promise<PersonalDataListMembership[]> {
  const rows = await db
    .selectFrom("entity_list_members")
    .innerJoin("entity_lists", (join) => join.onRef("entity_lists.uuid", "=", "entity_list_members.list_uuid").onRef("entity_lists.tenant_uuid", "=", "entity_list_members.tenant_uuid"))
    .select(["entity_list_members.list_uuid", "entity_lists.name", "entity_list_members.entity_uuid", "entity_list_members.added_at"])
    .where("entity_list_members.tenant_uuid", "=", tenantUuid)
    .where("entity_list_members.entity_uuid", "in", personUuids)
    .orderBy("entity_lists.name")
    .orderBy("entity_list_members.list_uuid")
    .execute();
  return rows.map((row) => ({ list_uuid: row.list_uuid, list_name: row.name, person_uuid: row.entity_uuid, added_at: Number(row.added_at) }));
}

/** The links from records of `ownerType` to the subject: owner uuid → the link's context. */
async function linksFrom(db: Kysely<Database>, tenantUuid: string, ownerType: string, personUuids: readonly string[]): Promise<Map<string, string | null>> {
  const rows = await db
    .selectFrom("associations")
    .select(["owner_uuid", "context"])
    .where("tenant_uuid", "=", tenantUuid)
    .where("owner_type", "=", ownerType)
    .where("entity_type", "=", "PERSON")
    .where("entity_uuid", "in", personUuids)
    .execute();
  const links = new Map<string, string | null>();
  for (const row of rows) links.set(row.owner_uuid, links.get(row.owner_uuid) ?? row.context);
  return links;
}

/** Opportunities linked to the subject or introduced by them, deleted ones included (their rows are kept). */
export async function personOpportunities(db: Kysely<Database>, tenantUuid: string, personUuids: readonly string[]): Promise<PersonalDataOpportunity[]> {
  const links = await linksFrom(db, tenantUuid, "OPPORTUNITY", personUuids);
  const rows = await db
    .selectFrom("opportunities")
    .leftJoin("opportunity_types", (join) => join.onRef("opportunity_types.uuid", "=", "opportunities.type_uuid").onRef("opportunity_types.tenant_uuid", "=", "opportunities.tenant_uuid"))
    .leftJoin("opportunity_stages", (join) => join.onRef("opportunity_stages.uuid", "=", "opportunities.stage_uuid").onRef("opportunity_stages.tenant_uuid", "=", "opportunities.tenant_uuid"))
    .select([
      "opportunities.uuid",
      "opportunities.name",
      "opportunity_types.label",
      "opportunity_stages.name as stage_name",
      "opportunities.intro_person_uuid",
      "opportunities.intro_date",
      "opportunities.created_at",
      "opportunities.deleted_at",
    ])
    // The tenant condition unindexed at the top (tenantOnly) and indexed in the introductions' branch: SQLite seeks
    // the introductions by (tenant_uuid, intro_person_uuid) and the linked opportunities by uuid, where under
    // statistics like scale L's hundreds of links walked every opportunity of the tenant.
    .where(tenantOnly("opportunities.tenant_uuid"), "=", tenantUuid)
    .where((builder) =>
      builder.or([
        builder.and([builder("opportunities.tenant_uuid", "=", tenantUuid), builder("opportunities.intro_person_uuid", "in", personUuids)]),
        ...(links.size > 0 ? [builder("opportunities.uuid", "in", [...links.keys()])] : []),
      ]),
    )
    .orderBy("opportunities.created_at")
    .orderBy("opportunities.uuid")
    .execute();
  return rows.map((row) => ({
    uuid: row.uuid,
    name: row.name,
    type_label: row.label,
    stage_name: row.stage_name,
    linked: links.has(row.uuid),
    link_context: links.get(row.uuid) ?? null,
    introduced: row.intro_person_uuid !== null && personUuids.includes(row.intro_person_uuid),
    intro_date: row.intro_date,
    created_at: Number(row.created_at),
    deleted_at: timeOrNull(row.deleted_at),
  }));
}

/** The files attached to each of the notes or tasks `ownerUuids` (a file is never a link's owner). */
async function attachmentsOf(db: Kysely<Database>, tenantUuid: string, ownerUuids: readonly string[]): Promise<Map<string, PersonalDataAttachment[]>> {
  const attachments = new Map<string, PersonalDataAttachment[]>();
  if (ownerUuids.length === 0) return attachments;
  const rows = await db
    .selectFrom("associations")
    .innerJoin("files", (join) => join.onRef("files.uuid", "=", "associations.entity_uuid").onRef("files.tenant_uuid", "=", "associations.tenant_uuid"))
    .select(["associations.owner_uuid", "files.uuid", "files.filename", "files.content_type", "files.size_bytes", "files.created_at"])
    .where("associations.tenant_uuid", "=", tenantUuid)
    .where("associations.owner_uuid", "in", ownerUuids)
    .where("associations.entity_type", "=", "FILE")
    .orderBy("files.created_at")
    .orderBy("files.uuid")
    .execute();
  for (const row of rows) {
    const list = attachments.get(row.owner_uuid) ?? [];
    list.push({ uuid: row.uuid, filename: row.filename, content_type: row.content_type, size_bytes: Number(row.size_bytes), created_at: Number(row.created_at) });
    attachments.set(row.owner_uuid, list);
  }
  return attachments;
}

export async function personNotes(db: Kysely<Database>, tenantUuid: string, personUuids: readonly string[]): Promise<PersonalDataNote[]> {
  const links = await linksFrom(db, tenantUuid, "NOTE", personUuids);
  if (links.size === 0) return [];
  const rows = await db
    .selectFrom("notes")
    .select(["uuid", "title", "content", "created_at", "updated_at", "deleted_at"])
    // By key, the tenant condition unindexed: under statistics like scale L's, hundreds walked the tenant's rows.
    .where(tenantOnly("tenant_uuid"), "=", tenantUuid)
    .where("uuid", "in", [...links.keys()])
    .orderBy("created_at")
    .orderBy("uuid")
    .execute();
  const attachments = await attachmentsOf(db, tenantUuid, [...links.keys()]);
  return rows.map((row) => ({
    ...row,
    link_context: links.get(row.uuid) ?? null,
    attachments: attachments.get(row.uuid) ?? [],
    created_at: Number(row.created_at),
    updated_at: Number(row.updated_at),
    deleted_at: timeOrNull(row.deleted_at),
  }));
}

export async function personTasks(db: Kysely<Database>, tenantUuid: string, personUuids: readonly string[]): Promise<PersonalDataTask[]> {
  const links = await linksFrom(db, tenantUuid, "TASK", personUuids);
  if (links.size === 0) return [];
  const rows = await db
    .selectFrom("tasks")
    .select(["uuid", "title", "description", "status", "due_date", "created_at", "updated_at", "deleted_at"])
    // By key, the tenant condition unindexed: under statistics like scale L's, hundreds walked the tenant's rows.
    .where(tenantOnly("tenant_uuid"), "=", tenantUuid)
    .where("uuid", "in", [...links.keys()])
    .orderBy("created_at")
    .orderBy("uuid")
    .execute();
  const attachments = await attachmentsOf(db, tenantUuid, [...links.keys()]);
  return rows.map((row) => ({
    ...row,
    link_context: links.get(row.uuid) ?? null,
    attachments: attachments.get(row.uuid) ?? [],
    created_at: Number(row.created_at),
    updated_at: Number(row.updated_at),
    deleted_at: timeOrNull(row.deleted_at),
  }));
}
