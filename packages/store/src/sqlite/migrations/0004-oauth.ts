/**
 * Migration 0004: OAuth 2.0 for MCP. The authorization server's state (clients, grants, sessions,
 * codes, tokens, interactions), its signing keys, and internal users' login passwords.
 */
import { type Kysely, type Migration } from "kysely";

export const oauthMigration: Migration = {
  async up(db: Kysely<unknown>) {
    // Deployment-wide, like `settings`: registered clients belong to no tenant, and a grant names
    // its tenant inside its account id.
    await db.schema
      .createTable("oauth_models")
      .addColumn("model", "text", (column) => column.notNull())
      .addColumn("id", "text", (column) => column.notNull())
      .addColumn("payload", "text", (column) => column.notNull())
      .addColumn("grant_id", "text")
      .addColumn("uid", "text")
      .addColumn("user_code", "text")
      .addColumn("expires_at", "bigint")
      .addColumn("consumed_at", "bigint")
      .addPrimaryKeyConstraint("oauth_models_pk", ["model", "id"])
      .execute();
    await db.schema.createIndex("oauth_models_grant").on("oauth_models").columns(["grant_id"]).execute();
    await db.schema.createIndex("oauth_models_uid").on("oauth_models").columns(["model", "uid"]).execute();
    await db.schema.createIndex("oauth_models_user_code").on("oauth_models").columns(["model", "user_code"]).execute();
    await db.schema.createIndex("oauth_models_expires").on("oauth_models").columns(["expires_at"]).execute();

    await db.schema
      .createTable("oauth_signing_keys")
      .addColumn("kid", "text", (column) => column.primaryKey())
      .addColumn("private_jwk", "text", (column) => column.notNull())
      .addColumn("created_at", "bigint", (column) => column.notNull())
      .execute();

    await db.schema
      .createTable("user_passwords")
      .addColumn("tenant_uuid", "text", (column) => column.notNull().references("tenants.uuid"))
      .addColumn("user_uuid", "text", (column) => column.notNull().references("users.uuid"))
      .addColumn("password_hash", "text", (column) => column.notNull())
      .addColumn("updated_at", "bigint", (column) => column.notNull())
      .addPrimaryKeyConstraint("user_passwords_pk", ["tenant_uuid", "user_uuid"])
      .execute();
  },
};
