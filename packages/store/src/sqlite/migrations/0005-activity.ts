/** Migration 0005: email and meeting activity, the raw material of the relationship graph. */
import type { Kysely, Migration } from "kysely";

export const activityMigration: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable("emails")
      .addColumn("uuid", "text", (column) => column.primaryKey())
      .addColumn("tenant_uuid", "text", (column) => column.notNull().references("tenants.uuid"))
      .addColumn("message_id", "text", (column) => column.notNull())
      .addColumn("sent_at", "bigint", (column) => column.notNull())
      .addColumn("subject", "text")
      .addColumn("from_person_uuid", "text", (column) => column.notNull())
      .addColumn("created_at", "bigint", (column) => column.notNull())
      .execute();
    await db.schema.createIndex("emails_tenant_message").on("emails").columns(["tenant_uuid", "message_id"]).unique().execute();
    await db.schema.createIndex("emails_tenant_sent").on("emails").columns(["tenant_uuid", "sent_at"]).execute();

    await db.schema
      .createTable("email_participants")
      .addColumn("tenant_uuid", "text", (column) => column.notNull())
      .addColumn("email_uuid", "text", (column) => column.notNull().references("emails.uuid"))
      .addColumn("person_uuid", "text", (column) => column.notNull())
      .addColumn("role", "text", (column) => column.notNull())
      .addPrimaryKeyConstraint("email_participants_pk", ["email_uuid", "person_uuid", "role"])
      .execute();
    await db.schema
      .createIndex("email_participants_person")
      .on("email_participants")
      .columns(["tenant_uuid", "person_uuid"])
      .execute();

    await db.schema
      .createTable("meetings")
      .addColumn("uuid", "text", (column) => column.primaryKey())
      .addColumn("tenant_uuid", "text", (column) => column.notNull().references("tenants.uuid"))
      .addColumn("title", "text", (column) => column.notNull())
      .addColumn("starts_at", "bigint", (column) => column.notNull())
      .addColumn("ends_at", "bigint")
      .addColumn("status", "text", (column) => column.notNull())
      .addColumn("organizer_person_uuid", "text")
      .addColumn("location", "text")
      .addColumn("external_id", "text")
      .addColumn("created_by_user_uuid", "text")
      .addColumn("created_at", "bigint", (column) => column.notNull())
      .addColumn("updated_at", "bigint", (column) => column.notNull())
      .addColumn("deleted_at", "bigint")
      .execute();
    await db.schema.createIndex("meetings_tenant_starts").on("meetings").columns(["tenant_uuid", "starts_at", "uuid"]).execute();
    await db.schema.createIndex("meetings_tenant_external").on("meetings").columns(["tenant_uuid", "external_id"]).execute();

    await db.schema
      .createTable("meeting_attendees")
      .addColumn("tenant_uuid", "text", (column) => column.notNull())
      .addColumn("meeting_uuid", "text", (column) => column.notNull().references("meetings.uuid"))
      .addColumn("person_uuid", "text", (column) => column.notNull())
      .addColumn("response", "text", (column) => column.notNull().defaultTo("accepted"))
      .addPrimaryKeyConstraint("meeting_attendees_pk", ["meeting_uuid", "person_uuid"])
      .execute();
    await db.schema
      .createIndex("meeting_attendees_person")
      .on("meeting_attendees")
      .columns(["tenant_uuid", "person_uuid"])
      .execute();
  },
};
