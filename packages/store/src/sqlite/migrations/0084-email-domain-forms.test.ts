/**
 * Migration 0084: addresses and domains stored in another spelling of an internationalized or dotted domain
 * ("xn--" labels, a trailing dot) are found by the form writes and lookups now give them, unless another person of the
 * tenant already holds that form: then neither moves.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import SqliteDatabase from "better-sqlite3";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createSqliteStore } from "../create-sqlite-store.js";

let folder: string;
beforeEach(() => {
  folder = mkdtempSync(join(tmpdir(), "rapport-0084-"));
});
afterEach(() => rmSync(folder, { recursive: true, force: true }));

describe("migration 0084-email-domain-forms", () => {
  it("writes stored addresses and domains in their one form, leaving an address whose form another person holds", async () => {
    const path = join(folder, "rapport.db");
    let store = await createSqliteStore({ path });
    const tenant = (await store.tenants.create({ name: "Bank", tier: "standard" })).uuid;
    const person = async (name: string, email: string) => (await store.persons.create({ tenant_uuid: tenant, name, emails: [email] })).uuid;
    const anna = await person("Anna Müller", "anna@punycode.example");
    const bo = await person("Bo Berg", "bo@dotted.example");
    const cyOld = await person("Cy Old", "cy@old.example");
    const cy = await person("Cy", "cy@müller.de");
    const company = (await store.companies.create({ tenant_uuid: tenant, company_name: "Müller AG", domain: "company.example" })).uuid;
    await store.close();

    // As writes stored them before: the domain as typed or as mail named it.
    const sqlite = new SqliteDatabase(path);
    const rename = sqlite.prepare("update person_emails set address = ?, domain = ? where address = ?");
    rename.run("anna@xn--mller-kva.de", "xn--mller-kva.de", "anna@punycode.example");
    rename.run("bo@example.com.", "example.com.", "bo@dotted.example");
    rename.run("cy@xn--mller-kva.de", "xn--mller-kva.de", "cy@old.example");
    sqlite.prepare("update companies set domain = 'xn--mller-kva.de' where uuid = ?").run(company);
    sqlite.prepare("delete from kysely_migration where name = '0084-email-domain-forms'").run();
    sqlite.close();

    store = await createSqliteStore({ path });
    try {
      const found = await store.persons.findByEmails(tenant, ["anna@müller.de", "ANNA@XN--MLLER-KVA.DE", "bo@example.com", "cy@müller.de"]);
      expect(Object.fromEntries(found)).toEqual({ "anna@müller.de": anna, "bo@example.com": bo, "cy@müller.de": cy });
      const stored = new SqliteDatabase(path, { readonly: true });
      try {
        expect(stored.prepare("select address, domain from person_emails where person_uuid = ?").get(anna)).toEqual({ address: "anna@müller.de", domain: "müller.de" });
        // Cy's older spelling is another person's address now: left for an operator to merge, not made Cy's.
        expect(stored.prepare("select address from person_emails where person_uuid = ?").get(cyOld)).toEqual({ address: "cy@xn--mller-kva.de" });
        expect(stored.prepare("select domain from companies where uuid = ?").get(company)).toEqual({ domain: "müller.de" });
      } finally {
        stored.close();
      }
      expect((await store.persons.findByDomain(tenant, "müller.de", 10)).total).toBe(2);
    } finally {
      await store.close();
    }
  });
});
