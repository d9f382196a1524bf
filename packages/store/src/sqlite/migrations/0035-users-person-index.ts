/**
 * Migration 0035: users by their own person. Finding the user of a person (`userOwningPerson`: every person merge,
 * a preview included, and `users.create` for an address a contact already has) read every user of the tenant
 * through `users_tenant_email`; it is one seek now. Users are few at the benchmark's scales (5 to 20 a tenant), so
 * this matters for tenants with many users. Not unique: the store keeps one person one user's (`users.create`,
 * merges, `users.reactivate`), and a database written before that rule must still migrate.
 */
import type { Kysely, Migration } from "kysely";

export const usersPersonIndexMigration: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema.createIndex("users_by_person").on("users").columns(["person_uuid", "tenant_uuid"]).execute();
  },
};
