/**
 * Migration 0003: the deal workspace. Opportunity types, their stages and custom fields;
 * opportunities; associations between records; notes, tasks and files (file bytes in their own table).
 */
import { type Kysely, type Migration } from "kysely";

export const dealsMigration: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable("opportunity_types")
      .addColumn("uuid", "text", (column) => column.primaryKey())
      .addColumn("tenant_uuid", "text", (column) => column.notNull().references("tenants.uuid"))
      .addColumn("label", "text", (column) => column.notNull())
      .addColumn("label_plural", "text", (column) => column.notNull())
      .addColumn("sub_label", "text", (column) => column.notNull())
      .addColumn("sub_label_plural", "text", (column) => column.notNull())
      .addColumn("description", "text")
      .addColumn("is_hidden", "integer", (column) => column.notNull().defaultTo(0))
      .addColumn("subopportunities_enabled", "integer", (column) => column.notNull().defaultTo(0))
      .addColumn("pinning_config", "text", (column) => column.notNull().defaultTo("{}"))
      .addColumn("created_at", "bigint", (column) => column.notNull())
      .addColumn("updated_at", "bigint", (column) => column.notNull())
      .execute();
    await db.schema
      .createIndex("opportunity_types_tenant")
      .on("opportunity_types")
      .columns(["tenant_uuid", "created_at", "uuid"])
      .execute();

    await db.schema
      .createTable("opportunity_stages")
      .addColumn("uuid", "text", (column) => column.primaryKey())
      .addColumn("tenant_uuid", "text", (column) => column.notNull().references("tenants.uuid"))
      .addColumn("type_uuid", "text", (column) => column.notNull().references("opportunity_types.uuid"))
      .addColumn("stage_type", "text", (column) => column.notNull())
      .addColumn("name", "text", (column) => column.notNull())
      .addColumn("color", "text")
      .addColumn("percentage", "real", (column) => column.notNull().defaultTo(0))
      .addColumn("is_hidden", "integer", (column) => column.notNull().defaultTo(0))
      .addColumn("position", "integer", (column) => column.notNull())
      .addColumn("created_at", "bigint", (column) => column.notNull())
      .addColumn("updated_at", "bigint", (column) => column.notNull())
      .execute();
    await db.schema
      .createIndex("opportunity_stages_pipeline")
      .on("opportunity_stages")
      .columns(["tenant_uuid", "type_uuid", "stage_type", "position"])
      .execute();

    await db.schema
      .createTable("opportunity_custom_fields")
      .addColumn("uuid", "text", (column) => column.primaryKey())
      .addColumn("tenant_uuid", "text", (column) => column.notNull().references("tenants.uuid"))
      .addColumn("key", "text", (column) => column.notNull())
      .addColumn("name", "text", (column) => column.notNull())
      .addColumn("type", "text", (column) => column.notNull())
      .addColumn("choices", "text", (column) => column.notNull().defaultTo("[]"))
      .addColumn("created_at", "bigint", (column) => column.notNull())
      .addColumn("updated_at", "bigint", (column) => column.notNull())
      .execute();
    await db.schema
      .createIndex("opportunity_custom_fields_key")
      .on("opportunity_custom_fields")
      .columns(["tenant_uuid", "key"])
      .unique()
      .execute();

    await db.schema
      .createTable("opportunities")
      .addColumn("uuid", "text", (column) => column.primaryKey())
      .addColumn("tenant_uuid", "text", (column) => column.notNull().references("tenants.uuid"))
      .addColumn("type_uuid", "text", (column) => column.notNull().references("opportunity_types.uuid"))
      .addColumn("stage_uuid", "text", (column) => column.notNull().references("opportunity_stages.uuid"))
      .addColumn("parent_uuid", "text")
      .addColumn("name", "text", (column) => column.notNull())
      .addColumn("details", "text")
      .addColumn("next_step", "text")
      .addColumn("value", "real")
      .addColumn("probability", "real")
      .addColumn("weighted_value", "real")
      .addColumn("owner_user_uuid", "text")
      .addColumn("intro_person_uuid", "text")
      .addColumn("source_date", "text")
      .addColumn("intro_date", "text")
      .addColumn("close_date", "text")
      .addColumn("stage_entered_at", "bigint", (column) => column.notNull())
      .addColumn("last_activity_at", "bigint")
      .addColumn("company_last_activity_at", "bigint")
      .addColumn("person_last_activity_at", "bigint")
      .addColumn("custom_fields", "text", (column) => column.notNull().defaultTo("{}"))
      .addColumn("created_by_user_uuid", "text")
      .addColumn("updated_by_user_uuid", "text")
      .addColumn("created_at", "bigint", (column) => column.notNull())
      .addColumn("updated_at", "bigint", (column) => column.notNull())
      .addColumn("deleted_at", "bigint")
      .execute();
    for (const column of ["created_at", "updated_at", "parent_uuid", "owner_user_uuid", "stage_uuid"]) {
      await db.schema
        .createIndex(`opportunities_tenant_${column}`)
        .on("opportunities")
        .columns(["tenant_uuid", column, "uuid"])
        .execute();
    }

    // One row per link between two records. `link_key` names the pair in a direction-free way, so
    // A→B and B→A are the same link and a duplicate in either direction finds the existing row.
    await db.schema
      .createTable("associations")
      .addColumn("uuid", "text", (column) => column.primaryKey())
      .addColumn("tenant_uuid", "text", (column) => column.notNull().references("tenants.uuid"))
      .addColumn("owner_type", "text", (column) => column.notNull())
      .addColumn("owner_uuid", "text", (column) => column.notNull())
      .addColumn("entity_type", "text", (column) => column.notNull())
      .addColumn("entity_uuid", "text", (column) => column.notNull())
      .addColumn("link_key", "text", (column) => column.notNull())
      .addColumn("context", "text")
      .addColumn("created_at", "bigint", (column) => column.notNull())
      .addColumn("updated_at", "bigint", (column) => column.notNull())
      .execute();
    await db.schema
      .createIndex("associations_link")
      .on("associations")
      .columns(["tenant_uuid", "link_key"])
      .unique()
      .execute();
    await db.schema
      .createIndex("associations_owner")
      .on("associations")
      .columns(["tenant_uuid", "owner_uuid", "entity_type"])
      .execute();
    await db.schema
      .createIndex("associations_entity")
      .on("associations")
      .columns(["tenant_uuid", "entity_uuid", "owner_type"])
      .execute();

    await db.schema
      .createTable("notes")
      .addColumn("uuid", "text", (column) => column.primaryKey())
      .addColumn("tenant_uuid", "text", (column) => column.notNull().references("tenants.uuid"))
      .addColumn("title", "text")
      .addColumn("content", "text", (column) => column.notNull())
      .addColumn("owner_user_uuid", "text")
      .addColumn("created_at", "bigint", (column) => column.notNull())
      .addColumn("updated_at", "bigint", (column) => column.notNull())
      .addColumn("deleted_at", "bigint")
      .execute();
    await db.schema
      .createIndex("notes_tenant_created_at")
      .on("notes")
      .columns(["tenant_uuid", "created_at", "uuid"])
      .execute();

    await db.schema
      .createTable("tasks")
      .addColumn("uuid", "text", (column) => column.primaryKey())
      .addColumn("tenant_uuid", "text", (column) => column.notNull().references("tenants.uuid"))
      .addColumn("title", "text", (column) => column.notNull())
      .addColumn("description", "text")
      .addColumn("status", "text", (column) => column.notNull())
      .addColumn("scope", "text", (column) => column.notNull())
      .addColumn("due_date", "text")
      .addColumn("assignee_user_uuid", "text")
      .addColumn("created_by_user_uuid", "text")
      .addColumn("created_at", "bigint", (column) => column.notNull())
      .addColumn("updated_at", "bigint", (column) => column.notNull())
      .addColumn("deleted_at", "bigint")
      .execute();
    await db.schema
      .createIndex("tasks_tenant_created_at")
      .on("tasks")
      .columns(["tenant_uuid", "created_at", "uuid"])
      .execute();

    await db.schema
      .createTable("files")
      .addColumn("uuid", "text", (column) => column.primaryKey())
      .addColumn("tenant_uuid", "text", (column) => column.notNull().references("tenants.uuid"))
      .addColumn("filename", "text", (column) => column.notNull())
      .addColumn("content_type", "text", (column) => column.notNull())
      .addColumn("size_bytes", "integer", (column) => column.notNull())
      .addColumn("sha256", "text", (column) => column.notNull())
      .addColumn("uploaded_by_user_uuid", "text")
      .addColumn("created_at", "bigint", (column) => column.notNull())
      .execute();
    // The bytes live apart from the metadata so that listing and counting never read them.
    await db.schema
      .createTable("file_contents")
      .addColumn("file_uuid", "text", (column) => column.primaryKey())
      .addColumn("tenant_uuid", "text", (column) => column.notNull().references("tenants.uuid"))
      .addColumn("content", "blob", (column) => column.notNull())
      .execute();
  },
};
