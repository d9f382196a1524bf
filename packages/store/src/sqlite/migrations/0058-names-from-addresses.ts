/**
 * Migration 0058: a person remembers whether their name was only derived from an address (`name_from_address`), so
 * that mail, a calendar or a contact card seen later can name them, and a name a user or an integrator gave never
 * changes. Until now a person created from `bob@x.example` kept that name (or none, or `bob`) for good.
 *
 * Existing rows are taken as typed unless the name is clearly derived, by the rule ingest applies
 * (`isNameFromAddress`): blank, or one of the person's addresses or the part before its `@`, in any case
 * (`Élodie` for `élodie@x.example` too). Nothing a client reads changes, so no change time moves.
 *
 * SQL decides the names of printable ASCII, where its `lower` and `trim` fold as JavaScript's do; the rest (accented
 * letters, other whitespace), and persons with an address holding two `@`, whose local part SQL would cut at the
 * first, are read and decided by `isNameFromAddress` itself: a few rows where most names are ASCII.
 */
import { sql, type Kysely, type Migration } from "kysely";
import { chunksOf } from "../../repositories/chunks-of.js";
import { isNameFromAddress } from "../../repositories/names-from-addresses.js";

/** A person SQL cannot judge, with one of their addresses (null for none): a row per address. */
interface CandidateAddress {
  uuid: string;
  name: string;
  address: string | null;
}

export const namesFromAddressesMigration: Migration = {
  async up(db: Kysely<unknown>) {
    await sql`alter table persons add column name_from_address integer not null default 0`.execute(db);
    // Each person's addresses are found by `person_emails_by_person`; one pass over the persons.
    await sql`update persons set name_from_address = 1
      where trim(name) = ''
        or exists (
          select 1 from person_emails
          where person_emails.person_uuid = persons.uuid and person_emails.tenant_uuid = persons.tenant_uuid
            and person_emails.address not like '%@%@%'
            and lower(trim(persons.name)) in (person_emails.address, substr(person_emails.address, 1, instr(person_emails.address, '@') - 1))
        )`.execute(db);
    const { rows } = await sql<CandidateAddress>`select persons.uuid, persons.name, person_emails.address from persons
      left join person_emails on person_emails.person_uuid = persons.uuid and person_emails.tenant_uuid = persons.tenant_uuid
      where persons.name_from_address = 0
        and (persons.name glob '*[^ -~]*'
          or exists (select 1 from person_emails twice where twice.person_uuid = persons.uuid and twice.address like '%@%@%'))`.execute(db);
    const candidates = new Map<string, { name: string; addresses: string[] }>();
    for (const row of rows) {
      const candidate = candidates.get(row.uuid) ?? { name: row.name, addresses: [] };
      if (row.address !== null) candidate.addresses.push(row.address);
      candidates.set(row.uuid, candidate);
    }
    const derived = [...candidates].filter(([, candidate]) => isNameFromAddress(candidate.name, candidate.addresses)).map(([uuid]) => uuid);
    for (const chunk of chunksOf(derived)) await sql`update persons set name_from_address = 1 where uuid in (${sql.join(chunk)})`.execute(db);
  },
};
