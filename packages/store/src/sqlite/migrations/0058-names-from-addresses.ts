/**
 * Migration 0058: a person remembers whether their name was only derived from an address (`name_from_address`), so
 * that mail, a calendar or a contact card seen later can name them, and a name a user or an integrator gave never
 * changes. Until now a person created from `bob@x.example` kept that name (or none, or `bob`) for good.
 *
 * Existing rows are taken as typed unless the name is clearly derived: blank, or equal (ignoring the case of A–Z, as
 * addresses are stored lower-cased) to one of the person's addresses or to the part before its `@`. Nothing a client
 * reads changes, so no change time moves.
 */
import { sql, type Kysely, type Migration } from "kysely";

export const namesFromAddressesMigration: Migration = {
  async up(db: Kysely<unknown>) {
    await sql`alter table persons add column name_from_address integer not null default 0`.execute(db);
    // Each person's addresses are found by `person_emails_by_person`; one pass over the persons.
    await sql`update persons set name_from_address = 1
      where trim(name) = ''
        or exists (
          select 1 from person_emails
          where person_emails.person_uuid = persons.uuid and person_emails.tenant_uuid = persons.tenant_uuid
            and lower(trim(persons.name)) in (person_emails.address, substr(person_emails.address, 1, instr(person_emails.address, '@') - 1))
        )`.execute(db);
  },
};
