/** Persons and their email addresses. */
import { sql, type Kysely } from "kysely";
import type { Database, PersonsTable } from "../database-schema.js";
import { ConflictError } from "../errors.js";
import { normalizeEmail } from "../normalize.js";
import { keysetPage, type SortKey } from "../pagination/keyset-page.js";
import type { NewPerson, Person, PersonEmail } from "../records.js";
import type { PersonRepository } from "../store.js";
import { parseJson, toFlag, withTransaction, type RepositoryContext } from "./repository-context.js";

function displayName(input: NewPerson): string {
  const explicit = input.name?.trim();
  if (explicit) return explicit;
  const joined = [input.first_name, input.last_name].filter(Boolean).join(" ").trim();
  return joined || input.emails?.[0]?.trim() || "";
}

function toPerson(row: PersonsTable, emails: PersonEmail[]): Person {
  return {
    uuid: row.uuid,
    tenant_uuid: row.tenant_uuid,
    first_name: row.first_name,
    last_name: row.last_name,
    name: row.name,
    job_title: row.job_title,
    primary_company_uuid: row.primary_company_uuid,
    linkedin_url: row.linkedin_url,
    twitter_url: row.twitter_url,
    facebook_url: row.facebook_url,
    logo_url: row.logo_url,
    city: row.city,
    state: row.state,
    country: row.country,
    tags: parseJson<string[]>(row.tags, []),
    is_internal: row.is_internal === 1,
    emails,
    created_at: Number(row.created_at),
    service_updated_at: Number(row.service_updated_at),
  };
}

/** Loads the emails of many persons in one query, primary first, then by age. */
export async function loadPersonEmails(
  db: Kysely<Database>,
  tenantUuid: string,
  personUuids: readonly string[],
): Promise<Map<string, PersonEmail[]>> {
  const byPerson = new Map<string, PersonEmail[]>();
  if (personUuids.length === 0) return byPerson;
  const rows = await db
    .selectFrom("person_emails")
    .select(["person_uuid", "address", "is_primary", "created_at"])
    .where("tenant_uuid", "=", tenantUuid)
    .where("person_uuid", "in", [...personUuids])
    .orderBy("is_primary", "desc")
    .orderBy("created_at")
    .orderBy("address")
    .execute();
  for (const row of rows) {
    const list = byPerson.get(row.person_uuid) ?? [];
    list.push({ address: row.address, is_primary: row.is_primary === 1, created_at: Number(row.created_at) });
    byPerson.set(row.person_uuid, list);
  }
  return byPerson;
}

/** Inserts a person row and its emails; the first email is primary. Throws ConflictError on a taken email. */
export async function insertPerson(context: RepositoryContext, input: NewPerson): Promise<Person> {
  const { db, now, generateId } = context;
  const timestamp = now();
  const row: PersonsTable = {
    uuid: generateId(),
    tenant_uuid: input.tenant_uuid,
    first_name: input.first_name ?? null,
    last_name: input.last_name ?? null,
    name: displayName(input),
    job_title: input.job_title ?? null,
    primary_company_uuid: input.primary_company_uuid ?? null,
    linkedin_url: input.linkedin_url ?? null,
    twitter_url: input.twitter_url ?? null,
    facebook_url: input.facebook_url ?? null,
    logo_url: input.logo_url ?? null,
    city: input.city ?? null,
    state: input.state ?? null,
    country: input.country ?? null,
    tags: JSON.stringify(input.tags ?? []),
    is_internal: toFlag(input.is_internal ?? false),
    created_at: timestamp,
    service_updated_at: timestamp,
    deleted_at: null,
  };
  const addresses = [...new Set((input.emails ?? []).map(normalizeEmail).filter(Boolean))];
  const person = await withTransaction(db, async (transaction) => {
    if (addresses.length > 0) {
      const taken = await transaction
        .selectFrom("person_emails")
        .select("address")
        .where("tenant_uuid", "=", input.tenant_uuid)
        .where("address", "in", addresses)
        .executeTakeFirst();
      if (taken) throw new ConflictError(`email ${taken.address} already belongs to another person`);
    }
    await transaction.insertInto("persons").values(row).execute();
    const emails = addresses.map((address, index) => ({
      tenant_uuid: input.tenant_uuid,
      person_uuid: row.uuid,
      address,
      is_primary: toFlag(index === 0),
      created_at: timestamp,
    }));
    if (emails.length > 0) await transaction.insertInto("person_emails").values(emails).execute();
    return toPerson(
      row,
      emails.map((email) => ({ address: email.address, is_primary: email.is_primary === 1, created_at: timestamp })),
    );
  });
  if (person.primary_company_uuid) {
    context.emit(person.tenant_uuid, { type: "set-affiliation", personUuid: person.uuid, companyUuid: person.primary_company_uuid });
  }
  return person;
}

export function createPersonRepository(context: RepositoryContext): PersonRepository {
  const { db } = context;
  const livePersons = (tenantUuid: string) =>
    db.selectFrom("persons").selectAll().where("tenant_uuid", "=", tenantUuid).where("deleted_at", "is", null);

  return {
    create: (input) => insertPerson(context, input),
    async get(tenantUuid, personUuid) {
      const row = await livePersons(tenantUuid).where("uuid", "=", personUuid).executeTakeFirst();
      if (!row) return null;
      const emails = await loadPersonEmails(db, tenantUuid, [row.uuid]);
      return toPerson(row, emails.get(row.uuid) ?? []);
    },
    async getMany(tenantUuid, personUuids) {
      const persons = new Map<string, Person>();
      const unique = [...new Set(personUuids)];
      for (let start = 0; start < unique.length; start += 500) {
        const chunk = unique.slice(start, start + 500);
        const rows = await livePersons(tenantUuid).where("uuid", "in", chunk).execute();
        const emails = await loadPersonEmails(db, tenantUuid, rows.map((row) => row.uuid));
        for (const row of rows) persons.set(row.uuid, toPerson(row, emails.get(row.uuid) ?? []));
      }
      return persons;
    },
    async list(tenantUuid, request) {
      let query = livePersons(tenantUuid);
      const { uuids, modified_since } = request.filters;
      if (uuids) query = uuids.length > 0 ? query.where("uuid", "in", uuids) : query.where(sql<boolean>`1 = 0`);
      if (modified_since !== undefined) query = query.where("service_updated_at", ">=", modified_since);
      const keys: SortKey[] = [
        { column: `persons.${request.sort_by}`, direction: request.order },
        { column: "persons.uuid", direction: request.order },
      ];
      const page = await keysetPage(query, keys, request);
      const emails = await loadPersonEmails(
        db,
        tenantUuid,
        page.rows.map((row) => row.uuid),
      );
      return { ...page, rows: page.rows.map((row) => toPerson(row, emails.get(row.uuid) ?? [])) };
    },
  };
}
