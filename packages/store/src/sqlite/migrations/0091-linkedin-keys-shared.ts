/**
 * Migration 0091: every person takes their URL's LinkedIn key (`normalizeLinkedinUrl`), the persons migrations 0063
 * and 0089 left on their URL's former key too, though another person of the tenant matches by the profile's key. No
 * lookup found them by any spelling of their own URL (it found the other person only), and once that person changed
 * URL or was erased, nobody: a lookup by a profile two persons hold finds both, as one by a domain finds every person
 * at it, and match-or-create takes the oldest. They stay duplicates `rapport status` names (`linkedinKeysLeft`), each
 * beside the person the profile finds first, to merge. Nothing a client reads of a person changes: no change time moves.
 */
import { sql, type Kysely, type Migration } from "kysely";
import { normalizeLinkedinUrl } from "../../normalize.js";

export const linkedinKeysSharedMigration: Migration = {
  async up(db: Kysely<unknown>) {
    // A deleted tenant's rows refuse writes (migration 0031) and are never read again.
    const { rows } = await sql<{ uuid: string; linkedin_url: string; linkedin_key: string | null }>`select p.uuid, p.linkedin_url, p.linkedin_key
      from persons p join tenants t on t.uuid = p.tenant_uuid and t.deleted_at is null
      where p.linkedin_url is not null`.execute(db);
    for (const row of rows) {
      const key = normalizeLinkedinUrl(row.linkedin_url);
      if (key !== row.linkedin_key) await sql`update persons set linkedin_key = ${key} where uuid = ${row.uuid}`.execute(db);
    }
  },
};
