/** Export sections of the subject's own rows: their person records, merges, addresses and user account. */
import type { Kysely } from "kysely";
import type { Database } from "../database-schema.js";
import { parseJson } from "../repositories/repository-context.js";
import type { PersonalDataEmailAddress, PersonalDataMerge, PersonalDataRecord, PersonalDataUser } from "./personal-data-export.js";

/** The subject's records: `personUuids[0]` (the live one) first, then the merged ones by uuid. */
export async function personRecords(db: Kysely<Database>, tenantUuid: string, personUuids: readonly string[]): Promise<PersonalDataRecord[]> {
  const rows = await db.selectFrom("persons").selectAll().where("tenant_uuid", "=", tenantUuid).where("uuid", "in", personUuids).orderBy("uuid").execute();
  const records = rows.map(
    (row): PersonalDataRecord => ({
      uuid: row.uuid,
      name: row.name,
      first_name: row.first_name,
      last_name: row.last_name,
      job_title: row.job_title,
      linkedin_url: row.linkedin_url,
      twitter_url: row.twitter_url,
      facebook_url: row.facebook_url,
      logo_url: row.logo_url,
      city: row.city,
      state: row.state,
      country: row.country,
      tags: parseJson<string[]>(row.tags, []),
      is_internal: row.is_internal === 1,
      created_at: Number(row.created_at),
      service_updated_at: Number(row.service_updated_at),
      merged_into_uuid: row.merged_into_uuid,
      deleted_at: row.deleted_at === null ? null : Number(row.deleted_at),
    }),
  );
  return [...records.filter((record) => record.uuid === personUuids[0]), ...records.filter((record) => record.uuid !== personUuids[0])];
}

/** The merges that made one of the records the subject's, oldest first. */
export async function personMerges(db: Kysely<Database>, tenantUuid: string, personUuids: readonly string[]): Promise<PersonalDataMerge[]> {
  const rows = await db
    .selectFrom("person_merges")
    .select(["superseded_uuid", "canonical_uuid", "merged_at"])
    .where("tenant_uuid", "=", tenantUuid)
    .where((builder) => builder.or([builder("canonical_uuid", "in", personUuids), builder("superseded_uuid", "in", personUuids)]))
    .orderBy("merged_at")
    .orderBy("superseded_uuid")
    .execute();
  return rows.map((row) => ({ superseded_uuid: row.superseded_uuid, canonical_uuid: row.canonical_uuid, merged_at: Number(row.merged_at) }));
}

export async function personEmailAddresses(db: Kysely<Database>, tenantUuid: string, personUuids: readonly string[]): Promise<PersonalDataEmailAddress[]> {
  const rows = await db
    .selectFrom("person_emails")
    .select(["person_uuid", "address", "is_primary", "created_at"])
    .where("tenant_uuid", "=", tenantUuid)
    .where("person_uuid", "in", personUuids)
    .orderBy("is_primary", "desc")
    .orderBy("address")
    .execute();
  return rows.map((row) => ({ person_uuid: row.person_uuid, address: row.address, is_primary: row.is_primary === 1, created_at: Number(row.created_at) }));
}

/** The user whose own person one of the records is, or null. */
export async function personUser(db: Kysely<Database>, tenantUuid: string, personUuids: readonly string[]): Promise<PersonalDataUser | null> {
  const row = await db
    .selectFrom("users")
    .select(["uuid", "name", "email", "role", "is_active", "created_at", "updated_at"])
    .where("tenant_uuid", "=", tenantUuid)
    .where("person_uuid", "in", personUuids)
    .executeTakeFirst();
  if (!row) return null;
  return { ...row, is_active: row.is_active === 1, created_at: Number(row.created_at), updated_at: Number(row.updated_at) };
}
