/**
 * Answering a data subject's access request (GDPR Art. 15): everything the tenant holds about a person and the
 * persons merged into them, read from one snapshot, with what the relationship graph derives about them; their
 * emails, which may be hundreds of megabytes with stored bodies, then a page at a time.
 */
import type { Kysely } from "kysely";
import type { Database } from "../database-schema.js";
import type { TenantGraphs } from "../graph/tenant-graphs.js";
import type { RepositoryContext } from "../repositories/repository-context.js";
import { personEmails, personMeetings } from "./personal-data-activity.js";
import { derivedAbout } from "./personal-data-derived.js";
import type { PagedPersonalDataExport, PersonalDataEmail, PersonalDataExport } from "./personal-data-export.js";
import { importMentions } from "./personal-data-import-mentions.js";
import { personAffiliations, personListMemberships, personNotes, personOpportunities, personTasks } from "./personal-data-links.js";
import { personEmailAddresses, personMerges, personRecords, personUser } from "./personal-data-records.js";
import { inReadSnapshot } from "./read-snapshot.js";

/** Emails a page reads: with a 2 kB stored body each, about 1 MB. */
const EMAILS_PER_PAGE = 500;

/**
 * The personal data the tenant holds about the live person `personUuid`, its emails to be read a page at a time;
 * null when there is none (another tenant's, or a uuid merged into another person: export that one). A user's own
 * person is exported too.
 */
export async function exportPersonalDataInPages(
  context: RepositoryContext,
  graphs: TenantGraphs,
  tenantUuid: string,
  personUuid: string,
  { emailsPerPage = EMAILS_PER_PAGE }: { emailsPerPage?: number } = {},
): Promise<PagedPersonalDataExport | null> {
  const stored = await inReadSnapshot(context.db, (db) => storedData(db, tenantUuid, personUuid));
  if (stored === null) return null;
  const now = context.now();
  // A caller's transaction holds the connection a hydration would read through: only a loaded graph serves there.
  // Elsewhere an unloaded tenant's graph is not loaded for one person: the person's own graph scores them the same.
  const graph = context.db.isTransaction ? graphs.hydrated(tenantUuid) : await graphs.ofPerson(tenantUuid, personUuid);
  const derived = graph === null ? null : derivedAbout(graph, personUuid, stored.userNames, now);
  const { personUuids } = stored;
  return {
    document: { tenant_uuid: tenantUuid, person_uuid: personUuid, exported_at: now, ...stored.sections, derived },
    async *emailPages() {
      let after: PersonalDataEmail | undefined;
      for (;;) {
        // Each page its own read: other requests are served between pages, and only one page is held.
        const page = await personEmails(context.db, tenantUuid, personUuids, { after, limit: emailsPerPage });
        if (page.length > 0) yield page;
        if (page.length < emailsPerPage) return;
        after = page.at(-1);
      }
    },
  };
}

/** The same document whole, its emails read into it (a mailbox with stored bodies may take hundreds of megabytes). */
export async function exportPersonalData(context: RepositoryContext, graphs: TenantGraphs, tenantUuid: string, personUuid: string): Promise<PersonalDataExport | null> {
  const paged = await exportPersonalDataInPages(context, graphs, tenantUuid, personUuid);
  if (paged === null) return null;
  const emails: PersonalDataEmail[] = [];
  for await (const page of paged.emailPages()) emails.push(...page);
  return { ...paged.document, emails };
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
  const users = await db.selectFrom("users").select(["uuid", "name"]).where("tenant_uuid", "=", tenantUuid).execute();
  return {
    personUuids,
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
      // Read a page at a time after the snapshot (`emailPages`).
      emails: [] as PersonalDataEmail[],
      meetings: await personMeetings(db, tenantUuid, personUuids),
      import_mentions: await importMentions(
        db,
        tenantUuid,
        emailAddresses.map((address) => address.address),
        persons.map((person) => person.name),
      ),
    },
  };
}
