/**
 * Migration 0083: the stored addresses and domains in the one form `normalizeEmail` and `normalizeDomain` now give an
 * internationalized or dotted domain: its Unicode labels ("anna@xn--mller-kva.de" is "anna@müller.de"), without a
 * trailing dot, full-width letters as their plain ones, a local part in its compatibility form (NFKC). Until now each
 * spelling was a key of its own, so mail from "anna@xn--mller-kva.de" made a second person beside "anna@müller.de". Persons' addresses (and
 * their domains), users' sign-in addresses, companies' domains, contact addresses and former domains. An address whose new form another
 * person of the tenant already holds stays as it is: two persons are never made one unseen (merge them); one a person
 * holds in two spellings becomes one address, primary if either was. The records whose
 * address or domain now reads differently have their change time moved, so a sync reads them again.
 *
 * And entity lists are listed by name as persons and companies are (migration 0064): each holds `nameSortKey` of its
 * name (`name_sort_key`, written by the store with the name), in place of migration 0053's `lower(name)`, which folded
 * A–Z only, so "Émile" came after "Zeta" and "İzmir" apart from "istanbul". Nothing a client reads changes there.
 */
import { sql, type Kysely, type Migration } from "kysely";
import { emailDomain, normalizeDomain, normalizeEmail } from "../../normalize.js";
import { nameSortKey } from "../../repositories/name-sort-key.js";
import { writeKeysAside } from "./keys-written-aside.js";

/** What may not be in its one form: a character other than printable ASCII, an `xn--` label, a trailing dot. */
const MAY_CHANGE = (column: string) => sql.raw(`(${column} glob '*[^!-~]*' or ${column} like '%xn--%' or ${column} like '%.')`);

export const addressFormsAndListNameKeysMigration: Migration = {
  async up(db: Kysely<unknown>) {
    const changedAt = Date.now();
    // A deleted tenant's rows refuse writes (migration 0031) and are never read again. Oldest first, so the older of
    // two spellings of one address takes its form.
    const addresses = await sql<{ tenant_uuid: string; person_uuid: string; address: string }>`select e.tenant_uuid, e.person_uuid, e.address
      from person_emails e join tenants t on t.uuid = e.tenant_uuid and t.deleted_at is null
      where ${MAY_CHANGE("e.address")} order by e.tenant_uuid, e.created_at, e.address`.execute(db);
    for (const row of addresses.rows) {
      const address = normalizeEmail(row.address);
      if (address === row.address) continue;
      const taken = await sql<{ person_uuid: string }>`select person_uuid from person_emails
        where tenant_uuid = ${row.tenant_uuid} and address = ${address}`.execute(db);
      if (taken.rows.length > 0) {
        if (taken.rows[0]!.person_uuid !== row.person_uuid) continue;
        // The person's own other spelling of the address: one address, as a write of both gives it, primary if either was.
        await sql`update person_emails set is_primary = 1 where tenant_uuid = ${row.tenant_uuid} and address = ${address}
          and exists (select 1 from person_emails where tenant_uuid = ${row.tenant_uuid} and address = ${row.address} and is_primary = 1)`.execute(db);
        await sql`delete from person_emails where tenant_uuid = ${row.tenant_uuid} and address = ${row.address}`.execute(db);
        await sql`update persons set service_updated_at = ${changedAt} where uuid = ${row.person_uuid}`.execute(db);
        continue;
      }
      await sql`update person_emails set address = ${address}, domain = ${emailDomain(address)}
        where tenant_uuid = ${row.tenant_uuid} and address = ${row.address}`.execute(db);
      await sql`update persons set service_updated_at = ${changedAt} where uuid = ${row.person_uuid}`.execute(db);
    }

    const users = await sql<{ uuid: string; tenant_uuid: string; email: string }>`select u.uuid, u.tenant_uuid, u.email
      from users u join tenants t on t.uuid = u.tenant_uuid and t.deleted_at is null
      where ${MAY_CHANGE("u.email")} order by u.tenant_uuid, u.created_at, u.uuid`.execute(db);
    for (const row of users.rows) {
      const email = normalizeEmail(row.email);
      if (email === row.email) continue;
      const taken = await sql`select 1 from users where tenant_uuid = ${row.tenant_uuid} and email = ${email}`.execute(db);
      if (taken.rows.length === 0) await sql`update users set email = ${email}, updated_at = ${changedAt} where uuid = ${row.uuid}`.execute(db);
    }

    // A company's domain, and its contact address (no key, but written as a person's is).
    const companies = await sql<{ uuid: string; domain: string | null; email: string | null }>`select c.uuid, c.domain, c.email
      from companies c join tenants t on t.uuid = c.tenant_uuid and t.deleted_at is null
      where (c.domain is not null and ${MAY_CHANGE("c.domain")}) or (c.email is not null and ${MAY_CHANGE("c.email")})`.execute(db);
    for (const row of companies.rows) {
      const domain = row.domain === null ? null : (normalizeDomain(row.domain) ?? row.domain);
      const email = row.email === null ? null : normalizeEmail(row.email);
      if (domain === row.domain && email === row.email) continue;
      await sql`update companies set domain = ${domain}, email = ${email}, service_updated_at = ${changedAt} where uuid = ${row.uuid}`.execute(db);
    }

    const formerDomains = await sql<{ company_uuid: string; domain: string }>`select f.company_uuid, f.domain
      from company_former_domains f join tenants t on t.uuid = f.tenant_uuid and t.deleted_at is null
      where ${MAY_CHANGE("f.domain")}`.execute(db);
    for (const row of formerDomains.rows) {
      const domain = normalizeDomain(row.domain);
      if (domain === null || domain === row.domain) continue;
      // The company listing both spellings keeps one.
      const taken = await sql`select 1 from company_former_domains where company_uuid = ${row.company_uuid} and domain = ${domain}`.execute(db);
      if (taken.rows.length > 0) await sql`delete from company_former_domains where company_uuid = ${row.company_uuid} and domain = ${row.domain}`.execute(db);
      else await sql`update company_former_domains set domain = ${domain} where company_uuid = ${row.company_uuid} and domain = ${row.domain}`.execute(db);
    }

    await sql`alter table entity_lists add column name_sort_key text not null default ''`.execute(db);
    await writeKeysAside(db, "entity_lists", [{ source: "name", key: "name_sort_key", keyOf: nameSortKey }]);
    await sql`drop index entity_lists_tenant_name_key`.execute(db);
    await sql`alter table entity_lists drop column name_key`.execute(db);
    await sql`create index entity_lists_tenant_name_sort_key on entity_lists (tenant_uuid, name_sort_key, uuid)`.execute(db);
  },
};
