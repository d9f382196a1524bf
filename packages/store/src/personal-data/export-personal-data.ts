/**
 * Answering a data subject's access request (GDPR Art. 15): everything the tenant holds about a person and the
 * persons merged into them, read from one snapshot, with what the relationship graph derives about them.
 */
import type { Kysely } from "kysely";
import type { Database } from "../database-schema.js";
import type { TenantGraphs } from "../graph/tenant-graphs.js";
import type { RepositoryContext } from "../repositories/repository-context.js";
import { personEmails, personMeetings } from "./personal-data-activity.js";
import { derivedAbout } from "./personal-data-derived.js";
import type { PersonalDataExport } from "./personal-data-export.js";
import { importMentions } from "./personal-data-import-mentions.js";
import { personAffiliations, personListMemberships, personNotes, personOpportunities, personTasks } from "./personal-data-links.js";
import { personEmailAddresses, personMerges, personRecords, personUser } from "./personal-data-records.js";
import { inReadSnapshot } from "./read-snapshot.js";

/**
 * The personal data the tenant holds about the live person `personUuid`; null when there is none (another
 * tenant's, or a uuid merged into another person: export that one). A user's own person is exported too.
 */
export async function exportPersonalData(context: RepositoryContext, graphs: TenantGraphs, tenantUuid: string, personUuid: string): Promise<PersonalDataExport | null> {
  const stored = await inReadSnapshot(context.db, (db) => storedData(db, tenantUuid, personUuid));
  if (stored === null) return null;
  const now = context.now();
  // A caller's transaction holds the connection a hydration would read through: only a loaded graph serves there.
  // Elsewhere an unloaded tenant's graph is not loaded for one person: the person's own graph scores them the same.
  const graph = context.db.isTransaction ? graphs.hydrated(tenantUuid) : await graphs.ofPerson(tenantUuid, personUuid);
  const derived = graph === null ? null : derivedAbout(graph, personUuid, stored.userNames, now);
  return { tenant_uuid: tenantUuid, person_uuid: personUuid, exported_at: now, ...stored.sections, derived };
}

async function storedData(db: Kysely<Database>, tenantUuid: string, personUuid: string) {
  const live = await db
    .selectFrom("persons")
    .select("uuid")
    .where("tenant_uuid", "=", tenantUuid)
    .where("uuid", "=", personUuid)
    .where("deleted_at", "is", null)
    .executeTakeFirst();
  if (!live) return null;
  // Persons merged into this one are the same data subject: their soft-deleted rows hold old names and addresses.
  const merged = await db.selectFrom("person_merges").select("superseded_uuid").where("tenant_uuid", "=", tenantUuid).where("canonical_uuid", "=", personUuid).execute();
  const personUuids = [personUuid, ...merged.map((row) => row.superseded_uuid)];

  const persons = await personRecords(db, tenantUuid, personUuids);
  const emailAddresses = await personEmailAddresses(db, tenantUuid, personUuids);
  const names = persons.map((person) => person.name).filter((name) => name.trim().length >= 3);
  const users = await db.selectFrom("users").select(["uuid", "name"]).where("tenant_uuid", "=", tenantUuid).execute();
  return {
    userNames: new Map(users.map((user) => [user.uuid, user.name])),
    sections: {
      persons,
      merges: await personMerges(db, tenantUuid, personUuids),
      email_addresses: emailAddresses,
      user: await personUser(db, tenantUuid, personUuids),
      affiliations: await personAffiliations(db, tenantUuid, personUuids),
      lists: await personListMemberships(db, tenantUuid, personUuids),
      opportunities: await personOpportunities(db, tenantUuid, personUuids),
      notes: await personNotes(db, tenantUuid, personUuids),
      tasks: await personTasks(db, tenantUuid, personUuids),
      emails: await personEmails(db, tenantUuid, personUuids),
      meetings: await personMeetings(db, tenantUuid, personUuids),
      import_mentions: await importMentions(db, tenantUuid, [...emailAddresses.map((address) => address.address), ...names]),
    },
  };
}
