/** Migration 0001: tenants, users, API keys, persons and their emails, companies, usage, settings. */
import { type Kysely, type Migration } from "kysely";

export const foundationMigration: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable("tenants")
      .addColumn("uuid", "text", (column) => column.primaryKey())
      .addColumn("name", "text", (column) => column.notNull())
      .addColumn("tier", "text", (column) => column.notNull())
      .addColumn("per_second_limit", "integer")
      .addColumn("monthly_limit", "integer")
      .addColumn("created_at", "bigint", (column) => column.notNull())
      .addColumn("deleted_at", "bigint")
      .execute();

    await db.schema
      .createTable("users")
      .addColumn("uuid", "text", (column) => column.primaryKey())
      .addColumn("tenant_uuid", "text", (column) => column.notNull().references("tenants.uuid"))
      .addColumn("person_uuid", "text", (column) => column.notNull())
      .addColumn("name", "text", (column) => column.notNull())
      .addColumn("email", "text", (column) => column.notNull())
      .addColumn("role", "text", (column) => column.notNull())
      .addColumn("is_active", "integer", (column) => column.notNull())
      .addColumn("created_at", "bigint", (column) => column.notNull())
      .addColumn("updated_at", "bigint", (column) => column.notNull())
      .execute();
    await db.schema
      .createIndex("users_tenant_email")
      .on("users")
      .columns(["tenant_uuid", "email"])
      .unique()
      .execute();

    await db.schema
      .createTable("api_keys")
      .addColumn("uuid", "text", (column) => column.primaryKey())
      .addColumn("tenant_uuid", "text", (column) => column.notNull().references("tenants.uuid"))
      .addColumn("user_uuid", "text")
      .addColumn("key_hash", "text", (column) => column.notNull().unique())
      .addColumn("key_prefix", "text", (column) => column.notNull())
      .addColumn("label", "text")
      .addColumn("created_at", "bigint", (column) => column.notNull())
      .addColumn("revoked_at", "bigint")
      .execute();

    await db.schema
      .createTable("persons")
      .addColumn("uuid", "text", (column) => column.primaryKey())
      .addColumn("tenant_uuid", "text", (column) => column.notNull().references("tenants.uuid"))
      .addColumn("first_name", "text")
      .addColumn("last_name", "text")
      .addColumn("name", "text", (column) => column.notNull())
      .addColumn("job_title", "text")
      .addColumn("primary_company_uuid", "text")
      .addColumn("linkedin_url", "text")
      .addColumn("twitter_url", "text")
      .addColumn("facebook_url", "text")
      .addColumn("logo_url", "text")
      .addColumn("city", "text")
      .addColumn("state", "text")
      .addColumn("country", "text")
      .addColumn("tags", "text", (column) => column.notNull().defaultTo("[]"))
      .addColumn("is_internal", "integer", (column) => column.notNull().defaultTo(0))
      .addColumn("created_at", "bigint", (column) => column.notNull())
      .addColumn("service_updated_at", "bigint", (column) => column.notNull())
      .addColumn("deleted_at", "bigint")
      .execute();
    for (const column of ["service_updated_at", "created_at", "name"]) {
      await db.schema
        .createIndex(`persons_tenant_${column}`)
        .on("persons")
        .columns(["tenant_uuid", column, "uuid"])
        .execute();
    }

    await db.schema
      .createTable("person_emails")
      .addColumn("tenant_uuid", "text", (column) => column.notNull().references("tenants.uuid"))
      .addColumn("person_uuid", "text", (column) => column.notNull().references("persons.uuid"))
      .addColumn("address", "text", (column) => column.notNull())
      .addColumn("is_primary", "integer", (column) => column.notNull().defaultTo(0))
      .addColumn("created_at", "bigint", (column) => column.notNull())
      .addPrimaryKeyConstraint("person_emails_pk", ["tenant_uuid", "address"])
      .execute();
    await db.schema
      .createIndex("person_emails_person")
      .on("person_emails")
      .columns(["person_uuid"])
      .execute();

    await db.schema
      .createTable("companies")
      .addColumn("uuid", "text", (column) => column.primaryKey())
      .addColumn("tenant_uuid", "text", (column) => column.notNull().references("tenants.uuid"))
      .addColumn("company_name", "text", (column) => column.notNull())
      .addColumn("domain", "text")
      .addColumn("acquisition_status", "text")
      .addColumn("business_model", "text")
      .addColumn("city", "text")
      .addColumn("company_custom_fields", "text", (column) => column.notNull().defaultTo("{}"))
      .addColumn("company_type", "text")
      .addColumn("country", "text")
      .addColumn("description", "text")
      .addColumn("email", "text")
      .addColumn("employee_count", "text")
      .addColumn("facebook_url", "text")
      .addColumn("ipo_status", "text")
      .addColumn("linkedin_url", "text")
      .addColumn("logo_url", "text")
      .addColumn("operating_status", "text")
      .addColumn("phone", "text")
      .addColumn("region", "text")
      .addColumn("sector", "text")
      .addColumn("state", "text")
      .addColumn("street_address", "text")
      .addColumn("thesis_area", "text")
      .addColumn("twitter_url", "text")
      .addColumn("website", "text")
      .addColumn("year_founded", "text")
      .addColumn("service_industry_tags", "text", (column) => column.notNull().defaultTo("[]"))
      .addColumn("created_at", "bigint", (column) => column.notNull())
      .addColumn("service_updated_at", "bigint", (column) => column.notNull())
      .addColumn("deleted_at", "bigint")
      .execute();
    for (const column of ["service_updated_at", "created_at", "company_name"]) {
      await db.schema
        .createIndex(`companies_tenant_${column}`)
        .on("companies")
        .columns(["tenant_uuid", column, "uuid"])
        .execute();
    }

    await db.schema
      .createTable("monthly_usage")
      .addColumn("tenant_uuid", "text", (column) => column.notNull())
      .addColumn("month", "text", (column) => column.notNull())
      .addColumn("count", "integer", (column) => column.notNull())
      .addPrimaryKeyConstraint("monthly_usage_pk", ["tenant_uuid", "month"])
      .execute();

    await db.schema
      .createTable("settings")
      .addColumn("key", "text", (column) => column.primaryKey())
      .addColumn("value", "text", (column) => column.notNull())
      .execute();
  },
};
