/** Existence checks across the record kinds that associations point at, and user resolution. */
import type { Kysely } from "kysely";
import type { Database } from "../database-schema.js";
import type { EntityType } from "../deal-records.js";
import type { RecordLookupRepository, Viewer } from "../deal-store.js";
import { repointPersonReferences } from "./person-reference-repointing.js";
import type { RepositoryContext } from "./repository-context.js";
import { tenantOnly } from "./tenant-filter.js";

/** Which of `uuids` name a live record of `entityType` in the tenant that the viewer may see. */
export async function existingRecords(
  db: Kysely<Database>,
  tenantUuid: string,
  entityType: EntityType,
  uuids: readonly string[],
  viewer: Viewer,
): Promise<Set<string>> {
  const wanted = [...new Set(uuids)];
  if (wanted.length === 0) return new Set();
  let rows: Array<{ uuid: string }>;
  switch (entityType) {
    case "PERSON":
    case "COMPANY":
    case "NOTE":
    case "OPPORTUNITY": {
      const table = ({ PERSON: "persons", COMPANY: "companies", NOTE: "notes", OPPORTUNITY: "opportunities" } as const)[entityType];
      rows = await db
        .selectFrom(table)
        .select("uuid")
        .where(tenantOnly("tenant_uuid"), "=", tenantUuid)
        .where("uuid", "in", wanted)
        .where("deleted_at", "is", null)
        .execute();
      break;
    }
    case "FILE":
      rows = await db.selectFrom("files").select("uuid").where(tenantOnly("tenant_uuid"), "=", tenantUuid).where("uuid", "in", wanted).execute();
      break;
    case "TASK":
      rows = await db
        .selectFrom("tasks")
        .select("uuid")
        .where(tenantOnly("tenant_uuid"), "=", tenantUuid)
        .where("uuid", "in", wanted)
        .where("deleted_at", "is", null)
        .where((expression) =>
          viewer.user_uuid === null
            ? expression("scope", "=", "WORKSPACE")
            : expression.or([expression("scope", "=", "WORKSPACE"), expression("created_by_user_uuid", "=", viewer.user_uuid)]),
        )
        .execute();
      break;
  }
  return new Set(rows.map((row) => row.uuid));
}

/** Maps user UUIDs and users' person UUIDs of the tenant to user UUIDs. */
export async function resolveUserUuids(
  db: Kysely<Database>,
  tenantUuid: string,
  uuids: readonly string[],
): Promise<Map<string, string>> {
  const resolved = new Map<string, string>();
  const wanted = [...new Set(uuids)];
  if (wanted.length === 0) return resolved;
  // Two seeks, by the primary key and by `users_by_person` (migration 0035), rather than one `or` that reads every
  // user of the tenant.
  const users = () => db.selectFrom("users").select(["uuid", "person_uuid", "created_at"]).where("tenant_uuid", "=", tenantUuid);
  const rows = await users().where("uuid", "in", wanted).unionAll(users().where("person_uuid", "in", wanted)).orderBy("created_at").execute();
  for (const row of rows) {
    if (wanted.includes(row.uuid)) resolved.set(row.uuid, row.uuid);
    if (wanted.includes(row.person_uuid) && !resolved.has(row.person_uuid)) resolved.set(row.person_uuid, row.uuid);
  }
  return resolved;
}

export function createRecordLookupRepository({ db, now }: RepositoryContext): RecordLookupRepository {
  return {
    existing: (tenantUuid, entityType, uuids, viewer) => existingRecords(db, tenantUuid, entityType, uuids, viewer),
    resolveUsers: (tenantUuid, uuids) => resolveUserUuids(db, tenantUuid, uuids),
    repointPersonReferences: (tenantUuid, fromPersonUuid, toPersonUuid) =>
      repointPersonReferences(db, tenantUuid, fromPersonUuid, toPersonUuid, now),
  };
}
