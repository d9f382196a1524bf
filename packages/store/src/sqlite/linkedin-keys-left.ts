/**
 * @module
 * `linkedinKeysLeft`: the live persons whose LinkedIn profile another person of their tenant has, the one a lookup of
 * the profile finds first: duplicates for an operator to merge. Most are those store migration 0063 left on their URL's
 * former key (migration 0091 gave them the profile's, so lookups find both); two persons given one profile by the API
 * or an import are too.
 */
import type SqliteDatabase from "better-sqlite3";
import { normalizeLinkedinUrl } from "../normalize.js";

/** A person whose LinkedIn profile another person has, and the person the profile finds first. */
export interface LinkedinKeyLeft {
  tenant_uuid: string;
  /** The duplicate. */
  person_uuid: string;
  /** The live person the profile finds first: the one to merge into (null in no case now; kept for readers of before). */
  matched_person_uuid: string | null;
}

/** How many persons share a LinkedIn profile with the person it finds first, and the first `listed` of them. */
export interface LinkedinKeysLeft {
  count: number;
  persons: LinkedinKeyLeft[];
}

interface PersonKeys {
  uuid: string;
  tenant_uuid: string;
  linkedin_url: string;
  linkedin_key: string | null;
  /** 1 for a live person; 0 for one merged into `found`. */
  live: number;
  /** Who a lookup of the person's key finds: the person, or the live person they were merged into. */
  found: string;
}

/**
 * Live persons of live tenants whose profile (`normalizeLinkedinUrl` of their URL) a lookup finds another person by
 * first: the first person stored under the profile's key (a database migration 0091 has not reached yet leaves the
 * persons 0063 left on another key), else the oldest. One pass over the persons with a profile, live or merged into a
 * live one, their merge survivors sought by primary key.
 */
export function linkedinKeysLeft(db: SqliteDatabase.Database, listed = 20): LinkedinKeysLeft {
  const rows = db
    .prepare(
      `select p.uuid, p.tenant_uuid, p.linkedin_url, p.linkedin_key, p.deleted_at is null as live, coalesce(c.uuid, p.uuid) as found from persons p
      join tenants t on t.uuid = p.tenant_uuid and t.deleted_at is null
      left join persons c on p.deleted_at is not null and c.uuid = p.merged_into_uuid and c.deleted_at is null
      where p.linkedin_url is not null and (p.deleted_at is null or c.uuid is not null) order by p.tenant_uuid, p.created_at, p.uuid`,
    )
    .all() as PersonKeys[];
  const profiles = rows.map((row) => normalizeLinkedinUrl(row.linkedin_url));
  // Per tenant and profile, who a lookup finds first: the oldest person under the profile's key, else the oldest.
  const first = new Map<string, { found: string; underKey: boolean }>();
  rows.forEach((row, index) => {
    const profile = profiles[index];
    if (profile === null) return;
    const group = `${row.tenant_uuid} ${profile}`;
    const underKey = row.linkedin_key === profile;
    const known = first.get(group);
    if (known === undefined || (underKey && !known.underKey)) first.set(group, { found: row.found, underKey });
  });
  const left: LinkedinKeyLeft[] = [];
  rows.forEach((row, index) => {
    const profile = profiles[index];
    if (profile === null || !row.live) return;
    const found = first.get(`${row.tenant_uuid} ${profile}`)!.found;
    if (found !== row.uuid) left.push({ tenant_uuid: row.tenant_uuid, person_uuid: row.uuid, matched_person_uuid: found });
  });
  return { count: left.length, persons: left.slice(0, listed) };
}
