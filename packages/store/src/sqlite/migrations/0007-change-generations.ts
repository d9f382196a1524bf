/**
 * Migration 0007: change generations. A per-tenant counter per scope, raised by triggers on every
 * write to the tables of the scope, whichever process or connection writes: a cache keyed by the
 * generation is exact without knowing every code path that writes. Scopes: `deal_links`, what the
 * opportunity signals of persons and companies depend on (associations; opportunities created,
 * deleted, or with a new `updated_at` or `deleted_at`); `access`, API keys and the tenant row;
 * `users`, the tenant's users.
 */
import { sql, type Kysely, type Migration } from "kysely";
import { raiseOn, raiseOnEveryWrite } from "./generation-triggers.js";

const DEAL_LINKS = "deal_links";

export const changeGenerationsMigration: Migration = {
  async up(db: Kysely<unknown>) {
    await sql`
      create table change_generations (
        tenant_uuid text not null,
        scope text not null,
        generation integer not null,
        primary key (tenant_uuid, scope)
      )`.execute(db);
    const triggers = [
      ...raiseOnEveryWrite("associations", DEAL_LINKS),
      raiseOn("opportunities_raise_deal_links_on_insert", "insert", "opportunities", "NEW", DEAL_LINKS),
      // Not on the activity dates an email or meeting raises: the signals do not depend on them.
      raiseOn("opportunities_raise_deal_links_on_update", "update of updated_at, deleted_at", "opportunities", "NEW", DEAL_LINKS),
      raiseOn("opportunities_raise_deal_links_on_delete", "delete", "opportunities", "OLD", DEAL_LINKS),
      ...raiseOnEveryWrite("api_keys", "access"),
      ...raiseOnEveryWrite("tenants", "access", "uuid"),
      ...raiseOnEveryWrite("users", "users"),
    ];
    for (const trigger of triggers) await trigger.execute(db);
  },
};
