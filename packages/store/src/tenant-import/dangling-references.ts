/**
 * The links between an export's records that SQLite's foreign keys do not hold, checked once every record is in: a
 * hand-edited export naming a person, company, user, list or linked record it does not hold (or a merged-away one
 * where only a live record may be named), or an opportunity's stage of another type, is refused before the commit, not
 * served with a dangling link.
 */
import type SqliteDatabase from "better-sqlite3";

/** The links to a user, as the export names them: table, field, column (a file's uploader is checked as it goes in: files have no index by tenant). */
const USER_LINKS: ReadonlyArray<readonly [string, string, string]> = [
  ["opportunities", "owner", "owner_user_uuid"],
  ["opportunities", "created_by", "created_by_user_uuid"],
  ["opportunities", "updated_by", "updated_by_user_uuid"],
  ["notes", "owner", "owner_user_uuid"],
  ["tasks", "assignee", "assignee_user_uuid"],
  ["tasks", "created_by", "created_by_user_uuid"],
  ["meetings", "created_by_user_uuid", "created_by_user_uuid"],
  ["entity_lists", "owner_user_uuid", "owner_user_uuid"],
];

/** The kinds of record an association joins: type, table, and whether only a live row (not deleted or merged away) counts. */
const LINKED_TABLES: ReadonlyArray<readonly [string, string, boolean]> = [
  ["PERSON", "persons", true],
  ["COMPANY", "companies", true],
  ["OPPORTUNITY", "opportunities", true],
  ["NOTE", "notes", true],
  ["TASK", "tasks", true],
  ["FILE", "files", false],
];

/** A record a check found: its uuid, the record it names, and what the check's `which` says of it. */
interface FoundLink {
  uuid: string;
  target: string;
  [column: string]: string;
}

/**
 * A link from `table.column` (the record named by `uuidColumn`) to a row of `targetTable` of the tenant, as most links
 * are: the statement finds a row whose target is not the tenant's.
 */
function link(field: string, table: string, uuidColumn: string, column: string, targetTable: string) {
  return {
    field,
    statement: `select s.${uuidColumn} as uuid, s.${column} as target from ${table} s where s.tenant_uuid = :tenant and s.${column} is not null
      and not exists (select 1 from ${targetTable} t where t.uuid = s.${column} and t.tenant_uuid = :tenant)`,
  };
}

/**
 * Each link: the file and field it is read from, and a statement giving one record (`uuid`) whose target (`target`) is
 * missing, or (`which`) is not one the link may name.
 */
const REFERENCES: ReadonlyArray<{ field: string; statement: string; which?: (row: FoundLink) => string }> = [
  link("users.jsonl person_uuid", "users", "uuid", "person_uuid", "persons"),
  link("persons.jsonl primary_company", "persons", "uuid", "primary_company_uuid", "companies"),
  link("persons.jsonl affiliations[].company", "affiliations", "person_uuid", "company_uuid", "companies"),
  ...(["person_merges", "company_merges"] as const).flatMap((table) => [
    link(`${table}.jsonl merged_by_user_uuid`, table, "superseded_uuid", "merged_by_user_uuid", "users"),
    link(`${table}.jsonl canonical_uuid`, table, "superseded_uuid", "canonical_uuid", table === "person_merges" ? "persons" : "companies"),
  ]),
  link("emails.jsonl participants[].person_uuid", "email_participants", "email_uuid", "person_uuid", "persons"),
  link("meetings.jsonl organizer_person_uuid", "meetings", "uuid", "organizer_person_uuid", "persons"),
  link("meetings.jsonl attendees[].person_uuid", "meeting_attendees", "meeting_uuid", "person_uuid", "persons"),
  link("meetings.jsonl departed_person_uuids[]", "meeting_departures", "meeting_uuid", "person_uuid", "persons"),
  ...USER_LINKS.map(([table, field, column]) => link(`${table}.jsonl ${field}`, table, "uuid", column, "users")),
  {
    field: "deletions.jsonl visible_to_user_uuid",
    statement: `select d.uuid, d.visible_to_user_uuid as target from record_deletions d where d.tenant_uuid = :tenant and d.visible_to_user_uuid <> ''
      and not exists (select 1 from users u where u.uuid = d.visible_to_user_uuid and u.tenant_uuid = :tenant)`,
  },
  // SQLite's foreign keys hold these to a row of any tenant.
  ...(["type", "stage"] as const).map((kind) => link(`opportunities.jsonl ${kind}`, "opportunities", "uuid", `${kind}_uuid`, `opportunity_${kind}s`)),
  link("opportunity_stages.jsonl type_uuid", "opportunity_stages", "uuid", "type_uuid", "opportunity_types"),
  {
    // A deletion takes an opportunity's sub-opportunities with it: a live one's parent is live.
    field: "opportunities.jsonl parent_uuid",
    statement: `select o.uuid, o.parent_uuid as target from opportunities o where o.tenant_uuid = :tenant and o.parent_uuid is not null
      and not exists (select 1 from opportunities p where p.uuid = o.parent_uuid and p.tenant_uuid = :tenant and (p.deleted_at is null or o.deleted_at is not null))`,
  },
  {
    // As the API refuses it: a stage is valid only together with the type it belongs to, at the opportunity's level.
    field: "opportunities.jsonl stage",
    statement: `select o.uuid, o.stage_uuid as target, o.type_uuid as type, case when o.parent_uuid is null then 'PARENT' else 'CHILD' end as level
      from opportunities o cross join opportunity_stages s on s.uuid = o.stage_uuid
      where o.tenant_uuid = :tenant and (s.type_uuid <> o.type_uuid or s.stage_type <> case when o.parent_uuid is null then 'PARENT' else 'CHILD' end)`,
    which: (row) => `which is not a ${row.level} stage of its type ${row.type}`,
  },
  {
    field: "opportunities.jsonl intro_person",
    statement: `select o.uuid, o.intro_person_uuid as target from opportunities o where o.tenant_uuid = :tenant and o.intro_person_uuid is not null
      and not exists (select 1 from persons p where p.uuid = o.intro_person_uuid and p.tenant_uuid = :tenant and p.deleted_at is null)`,
  },
  ...(["owner", "entity"] as const).map((side) => ({
    field: "opportunities.jsonl, notes.jsonl or tasks.jsonl associations[].entity_uuid",
    statement: `select a.${side === "owner" ? "entity" : "owner"}_uuid as uuid, a.${side}_uuid as target from associations a where a.tenant_uuid = :tenant
      and not (case a.${side}_type ${LINKED_TABLES.map(
        ([type, table, softDeleted]) =>
          `when '${type}' then exists (select 1 from ${table} r where r.uuid = a.${side}_uuid and r.tenant_uuid = :tenant${softDeleted ? " and r.deleted_at is null" : ""})`,
      ).join(" ")} else 1 end)`,
  })),
  link("entity_list_members.jsonl list_uuid", "entity_list_members", "entity_uuid", "list_uuid", "entity_lists"),
  link("entity_list_members.jsonl added_by_user_uuid", "entity_list_members", "list_uuid", "added_by_user_uuid", "users"),
  {
    field: "deletions.jsonl merged_into_uuid",
    statement: `select d.uuid, d.merged_into_uuid as target from record_deletions d where d.tenant_uuid = :tenant and d.merged_into_uuid is not null
      and not (case d.entity_type when 'PERSON' then exists (select 1 from persons p where p.uuid = d.merged_into_uuid and p.tenant_uuid = :tenant)
        when 'COMPANY' then exists (select 1 from companies c where c.uuid = d.merged_into_uuid and c.tenant_uuid = :tenant) else 0 end)`,
  },
  {
    field: "entity_list_members.jsonl entity_uuid",
    statement: `select m.list_uuid as uuid, m.entity_uuid as target from entity_list_members m join entity_lists l on l.uuid = m.list_uuid
      where m.tenant_uuid = :tenant and not exists (select 1 from persons p where p.uuid = m.entity_uuid and p.tenant_uuid = :tenant and l.kind = 'persons')
      and not exists (select 1 from companies c where c.uuid = m.entity_uuid and c.tenant_uuid = :tenant and l.kind = 'companies')`,
  },
];

/** The checks' statements, bound to `:tenant`: for their plan test. */
export const DANGLING_REFERENCE_STATEMENTS: readonly string[] = REFERENCES.map((reference) => reference.statement);

/** The first link of the tenant's records to a record it does not hold, said for the host; null when every link holds. */
export function danglingReference(sqlite: SqliteDatabase.Database, tenantUuid: string): string | null {
  for (const { field, statement, which } of REFERENCES) {
    const row = sqlite.prepare(statement).get({ tenant: tenantUuid }) as FoundLink | undefined;
    if (row) return `${field}: record ${row.uuid} names ${row.target}, ${which ? which(row) : "which the export does not hold"}`;
  }
  return null;
}
