/**
 * @module
 * `linkedinKeysLeft`: the persons store migration 0063 left on the LinkedIn key their URL had before, because another
 * person of their tenant already matched by the profile's key: duplicates for an operator to merge.
 */
import type SqliteDatabase from "better-sqlite3";
import { normalizeLinkedinUrl } from "../normalize.js";

/** A person left on their URL's former LinkedIn key, and the person their profile's key finds. */
export interface LinkedinKeyLeft {
  tenant_uuid: string;
  /** The person left on their URL's former key. */
  person_uuid: string;
  /** The live person the profile's key finds (the one to merge into), or null when it finds none now. */
  matched_person_uuid: string | null;
}

/** How many persons are left on a former LinkedIn key, and the first `listed` of them. */
export interface LinkedinKeysLeft {
  count: number;
  persons: LinkedinKeyLeft[];
}

interface PersonKeys {
  uuid: string;
  tenant_uuid: string;
  linkedin_url: string;
  linkedin_key: string | null;
}

/**
 * Live persons of live tenants whose stored key is not their URL's (`normalizeLinkedinUrl`): every write computes it,
 * so after migration 0063 only the persons it left are. One pass over the persons with a profile; a seek of
 * `persons_tenant_linkedin_key` for each listed one.
 */
export function linkedinKeysLeft(db: SqliteDatabase.Database, listed = 20): LinkedinKeysLeft {
  const rows = db
    .prepare(
      `select p.uuid, p.tenant_uuid, p.linkedin_url, p.linkedin_key from persons p
      join tenants t on t.uuid = p.tenant_uuid and t.deleted_at is null
      where p.linkedin_url is not null and p.deleted_at is null order by p.tenant_uuid, p.created_at, p.uuid`,
    )
    .all() as PersonKeys[];
  const left = rows.filter((row) => normalizeLinkedinUrl(row.linkedin_url) !== row.linkedin_key);
  const matched = db.prepare(
    `select coalesce(c.uuid, p.uuid) from persons p
    left join persons c on p.deleted_at is not null and c.uuid = p.merged_into_uuid and c.deleted_at is null
    where p.tenant_uuid = ? and p.linkedin_key = ? and (p.deleted_at is null or c.uuid is not null)
    order by p.created_at, p.uuid limit 1`,
  );
  return {
    count: left.length,
    persons: left.slice(0, listed).map((row) => {
      const key = normalizeLinkedinUrl(row.linkedin_url);
      const found = key === null ? undefined : (matched.pluck().get(row.tenant_uuid, key) as string | undefined);
      return { tenant_uuid: row.tenant_uuid, person_uuid: row.uuid, matched_person_uuid: found ?? null };
    }),
  };
}
