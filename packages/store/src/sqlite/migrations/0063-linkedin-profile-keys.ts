/**
 * Migration 0063: each person's LinkedIn match key (`linkedin_key`) computed again as `normalizeLinkedinUrl` now makes
 * it, the profile's identity: `/in/x/en`, `/in/x/details/experience/`, `/in/%58` were keys of their own, so a profile
 * written one way and imported another made two persons; every `/profile/view?id=…` was one key, now one per id. A person whose new key another person of the tenant already
 * matches by (its key, or that of an older person given it here) keeps the key they had: two persons are never made
 * to share a key unseen, and who a URL found before still finds it. `rapport status` counts the persons so left
 * (`linkedinKeysLeft`), for an operator to merge. Nothing a client reads changes, so no change time moves.
 */
import { sql, type Kysely, type Migration } from "kysely";
import { normalizeLinkedinUrl } from "../../normalize.js";

interface KeyedPerson {
  uuid: string;
  tenant_uuid: string;
  linkedin_url: string;
  linkedin_key: string | null;
  /** 1 when lookups find the person: live, or merged into a live one. */
  matched: number;
}

export const linkedinProfileKeysMigration: Migration = {
  async up(db: Kysely<unknown>) {
    // Oldest first in each tenant, so the older of two persons of one profile takes its key. A deleted tenant's rows
    // refuse writes (migration 0031) and are never read again.
    const { rows } = await sql<KeyedPerson>`select p.uuid, p.tenant_uuid, p.linkedin_url, p.linkedin_key,
        (p.deleted_at is null or p.merged_into_uuid is not null) as matched
      from persons p join tenants t on t.uuid = p.tenant_uuid and t.deleted_at is null
      where p.linkedin_url is not null
      order by p.tenant_uuid, p.created_at, p.uuid`.execute(db);
    const heldKeys = new Map<string, Set<string>>();
    for (const row of rows) {
      if (!row.matched || row.linkedin_key === null) continue;
      const held = heldKeys.get(row.tenant_uuid) ?? new Set<string>();
      held.add(row.linkedin_key);
      heldKeys.set(row.tenant_uuid, held);
    }
    for (const row of rows) {
      const key = normalizeLinkedinUrl(row.linkedin_url);
      if (key === row.linkedin_key) continue;
      if (row.matched && key !== null) {
        const held = heldKeys.get(row.tenant_uuid) ?? new Set<string>();
        if (held.has(key)) continue;
        held.add(key);
        heldKeys.set(row.tenant_uuid, held);
      }
      await sql`update persons set linkedin_key = ${key} where uuid = ${row.uuid}`.execute(db);
    }
  },
};
