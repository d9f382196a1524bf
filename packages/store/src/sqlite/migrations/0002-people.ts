/**
 * Migration 0002: people and companies in full. Match keys (LinkedIn key, email domain), company
 * investor fields and filter columns, company tag values, affiliations, entity lists and their
 * members, and the person merge history. Existing rows are backfilled.
 */
import { randomUUID } from "node:crypto";
import { type Kysely, type Migration } from "kysely";
import { emailDomain, normalizeLinkedinUrl } from "../../normalize.js";
import { employeeCountRange } from "../../records.js";

/** The columns this migration reads, as they were when it was written. */
interface BackfillDatabase {
  persons: {
    uuid: string;
    tenant_uuid: string;
    linkedin_url: string | null;
    linkedin_key: string | null;
    primary_company_uuid: string | null;
    job_title: string | null;
    created_at: number;
    deleted_at: number | null;
  };
  person_emails: { tenant_uuid: string; address: string; domain: string | null };
  companies: {
    uuid: string;
    tenant_uuid: string;
    service_industry_tags: string;
    year_founded: string | null;
    employee_count: string | null;
    founded_year: number | null;
    employee_count_min: number | null;
    employee_count_max: number | null;
  };
  company_tags: { tenant_uuid: string; company_uuid: string; kind: string; value: string };
  affiliations: {
    uuid: string;
    tenant_uuid: string;
    person_uuid: string;
    company_uuid: string;
    title: string | null;
    is_current: number;
    started_on: string | null;
    ended_on: string | null;
    created_at: number;
    updated_at: number;
  };
}

function parseTags(text: string): string[] {
  try {
    const parsed: unknown = JSON.parse(text);
    return Array.isArray(parsed) ? parsed.filter((tag): tag is string => typeof tag === "string") : [];
  } catch {
    return [];
  }
}

async function addColumns(db: Kysely<unknown>) {
  await db.schema.alterTable("persons").addColumn("linkedin_key", "text").execute();
  await db.schema.alterTable("persons").addColumn("merged_into_uuid", "text").execute();
  await db.schema.createIndex("persons_tenant_linkedin_key").on("persons").columns(["tenant_uuid", "linkedin_key"]).execute();

  await db.schema.alterTable("person_emails").addColumn("domain", "text").execute();
  await db.schema.createIndex("person_emails_tenant_domain").on("person_emails").columns(["tenant_uuid", "domain"]).execute();

  const companyColumns: Array<[string, "text" | "double precision" | "integer", string | null]> = [
    ["investor_types", "text", "[]"],
    ["last_investment_type", "text", null],
    ["last_investment_date", "text", null],
    ["npi_types", "text", "[]"],
    ["npi_date", "text", null],
    ["score", "double precision", null],
    ["overall_operating_score", "double precision", null],
    ["overall_investor_score", "double precision", null],
    ["founded_year", "integer", null],
    ["employee_count_min", "integer", null],
    ["employee_count_max", "integer", null],
  ];
  for (const [name, type, defaultValue] of companyColumns) {
    await db.schema
      .alterTable("companies")
      .addColumn(name, type, (column) => (defaultValue === null ? column : column.notNull().defaultTo(defaultValue)))
      .execute();
  }
  await db.schema.createIndex("companies_tenant_domain").on("companies").columns(["tenant_uuid", "domain"]).execute();
}

async function createTables(db: Kysely<unknown>) {
  await db.schema
    .createTable("company_tags")
    .addColumn("tenant_uuid", "text", (column) => column.notNull().references("tenants.uuid"))
    .addColumn("company_uuid", "text", (column) => column.notNull().references("companies.uuid"))
    .addColumn("kind", "text", (column) => column.notNull())
    .addColumn("value", "text", (column) => column.notNull())
    .addPrimaryKeyConstraint("company_tags_pk", ["company_uuid", "kind", "value"])
    .execute();
  await db.schema.createIndex("company_tags_tenant_kind_value").on("company_tags").columns(["tenant_uuid", "kind", "value"]).execute();

  await db.schema
    .createTable("affiliations")
    .addColumn("uuid", "text", (column) => column.primaryKey())
    .addColumn("tenant_uuid", "text", (column) => column.notNull().references("tenants.uuid"))
    .addColumn("person_uuid", "text", (column) => column.notNull().references("persons.uuid"))
    .addColumn("company_uuid", "text", (column) => column.notNull().references("companies.uuid"))
    .addColumn("title", "text")
    .addColumn("is_current", "integer", (column) => column.notNull())
    .addColumn("started_on", "text")
    .addColumn("ended_on", "text")
    .addColumn("created_at", "bigint", (column) => column.notNull())
    .addColumn("updated_at", "bigint", (column) => column.notNull())
    .execute();
  await db.schema.createIndex("affiliations_tenant_person").on("affiliations").columns(["tenant_uuid", "person_uuid"]).execute();
  await db.schema
    .createIndex("affiliations_tenant_company_current")
    .on("affiliations")
    .columns(["tenant_uuid", "company_uuid", "is_current"])
    .execute();

  await db.schema
    .createTable("entity_lists")
    .addColumn("uuid", "text", (column) => column.primaryKey())
    .addColumn("tenant_uuid", "text", (column) => column.notNull().references("tenants.uuid"))
    .addColumn("name", "text", (column) => column.notNull())
    .addColumn("kind", "text", (column) => column.notNull())
    .addColumn("owner_user_uuid", "text")
    .addColumn("created_at", "bigint", (column) => column.notNull())
    .addColumn("updated_at", "bigint", (column) => column.notNull())
    .execute();
  await db.schema.createIndex("entity_lists_tenant_name").on("entity_lists").columns(["tenant_uuid", "name", "uuid"]).execute();

  await db.schema
    .createTable("entity_list_members")
    .addColumn("tenant_uuid", "text", (column) => column.notNull().references("tenants.uuid"))
    .addColumn("list_uuid", "text", (column) => column.notNull().references("entity_lists.uuid"))
    .addColumn("entity_uuid", "text", (column) => column.notNull())
    .addColumn("added_at", "bigint", (column) => column.notNull())
    .addColumn("added_by_user_uuid", "text")
    .addPrimaryKeyConstraint("entity_list_members_pk", ["list_uuid", "entity_uuid"])
    .execute();
  await db.schema
    .createIndex("entity_list_members_tenant_entity")
    .on("entity_list_members")
    .columns(["tenant_uuid", "entity_uuid"])
    .execute();
  await db.schema
    .createIndex("entity_list_members_list_added")
    .on("entity_list_members")
    .columns(["list_uuid", "added_at", "entity_uuid"])
    .execute();

  await db.schema
    .createTable("person_merges")
    .addColumn("tenant_uuid", "text", (column) => column.notNull().references("tenants.uuid"))
    .addColumn("superseded_uuid", "text", (column) => column.notNull())
    .addColumn("canonical_uuid", "text", (column) => column.notNull())
    .addColumn("merged_at", "bigint", (column) => column.notNull())
    .addColumn("merged_by_user_uuid", "text")
    .addColumn("moved", "text", (column) => column.notNull())
    .addPrimaryKeyConstraint("person_merges_pk", ["tenant_uuid", "superseded_uuid"])
    .execute();
  await db.schema.createIndex("person_merges_tenant_canonical").on("person_merges").columns(["tenant_uuid", "canonical_uuid"]).execute();
}

async function backfill(untyped: Kysely<unknown>) {
  const db = untyped as unknown as Kysely<BackfillDatabase>;
  const emails = await db.selectFrom("person_emails").select(["tenant_uuid", "address"]).execute();
  for (const email of emails) {
    await db
      .updateTable("person_emails")
      .set({ domain: emailDomain(email.address) })
      .where("tenant_uuid", "=", email.tenant_uuid)
      .where("address", "=", email.address)
      .execute();
  }

  const persons = await db
    .selectFrom("persons")
    .select(["uuid", "tenant_uuid", "linkedin_url", "primary_company_uuid", "job_title", "created_at"])
    .where("deleted_at", "is", null)
    .execute();
  for (const person of persons) {
    if (person.linkedin_url) {
      await db.updateTable("persons").set({ linkedin_key: normalizeLinkedinUrl(person.linkedin_url) }).where("uuid", "=", person.uuid).execute();
    }
    if (person.primary_company_uuid) {
      await db
        .insertInto("affiliations")
        .values({
          uuid: randomUUID(),
          tenant_uuid: person.tenant_uuid,
          person_uuid: person.uuid,
          company_uuid: person.primary_company_uuid,
          title: person.job_title,
          is_current: 1,
          started_on: null,
          ended_on: null,
          created_at: Number(person.created_at),
          updated_at: Number(person.created_at),
        })
        .execute();
    }
  }

  const companies = await db
    .selectFrom("companies")
    .select(["uuid", "tenant_uuid", "service_industry_tags", "year_founded", "employee_count"])
    .execute();
  for (const company of companies) {
    const year = /^\s*(\d{4})/.exec(company.year_founded ?? "")?.[1];
    const range = company.employee_count ? employeeCountRange(company.employee_count) : null;
    await db
      .updateTable("companies")
      .set({
        founded_year: year ? Number(year) : null,
        employee_count_min: range?.min ?? null,
        employee_count_max: range?.max ?? null,
      })
      .where("uuid", "=", company.uuid)
      .execute();
    const tags = [...new Set(parseTags(company.service_industry_tags).map((tag) => tag.trim().toLowerCase()).filter(Boolean))];
    if (tags.length > 0) {
      await db
        .insertInto("company_tags")
        .values(tags.map((value) => ({ tenant_uuid: company.tenant_uuid, company_uuid: company.uuid, kind: "industry", value })))
        .execute();
    }
  }
}

export const peopleMigration: Migration = {
  async up(db: Kysely<unknown>) {
    await addColumns(db);
    await createTables(db);
    await backfill(db);
  },
};
