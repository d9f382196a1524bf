/**
 * Migration 0058: a person stored before it whose name is blank, one of their addresses or an address's local part
 * is taken as named from an address (mail seen later names them); every other name is taken as typed. The rule is
 * ingest's (`isNameFromAddress`): JavaScript's case folding and trimming, beyond A–Z and spaces.
 */
import SqliteDatabase from "better-sqlite3";
import { Kysely, Migrator, SqliteDialect } from "kysely";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { Database } from "../../database-schema.js";
import { isNameFromAddress } from "../../repositories/names-from-addresses.js";
import { migrations } from "./index.js";

let sqlite: SqliteDatabase.Database;
let migrator: Migrator;
/** Every person added before the migration: uuid to name and addresses. */
let added: Map<string, { name: string; addresses: string[] }>;

beforeEach(async () => {
  sqlite = new SqliteDatabase(":memory:");
  const db = new Kysely<Database>({ dialect: new SqliteDialect({ database: sqlite }) });
  migrator = new Migrator({ db, provider: { getMigrations: async () => migrations } });
  expect((await migrator.migrateTo("0057-message-id-forms-merged")).error).toBeUndefined();
  sqlite.pragma("foreign_keys = off");
  sqlite.exec(`insert into tenants (uuid, name, tier, created_at, deleted_at) values ('t1', 'Acme', 'standard', 1, null), ('t2', 'Other', 'standard', 1, null)`);
  const persons = sqlite.prepare("insert into persons (uuid, tenant_uuid, name, tags, created_at, service_updated_at) values (?, ?, ?, '[]', 1, 1)");
  const emails = sqlite.prepare("insert into person_emails (tenant_uuid, person_uuid, address, is_primary, created_at) values (?, ?, ?, ?, 1)");
  added = new Map();
  const add = (uuid: string, name: string, addresses: string[], tenant = "t1") => {
    added.set(uuid, { name, addresses });
    persons.run(uuid, tenant, name);
    addresses.forEach((address, index) => emails.run(tenant, uuid, address, index === 0 ? 1 : 0));
  };
  add("p-address", "bob@partner.example", ["bob@partner.example"]);
  add("p-second-address", "Bob@Old.example", ["robert@partner.example", "bob@old.example"]);
  add("p-local-part", " Cleo ", ["cleo@partner.example"]);
  add("p-blank", "", []);
  add("p-typed", "Dan Smith", ["dan@partner.example"]);
  add("p-typed-short", "Eve", ["eve.adams@partner.example"]);
  add("p-no-address", "Frank", []);
  add("p-others-address", "gail@partner.example", ["gail@x.example"], "t2");
  add("p-accented", "Élodie", ["élodie@partner.example"]);
  add("p-accented-address", " ÉLODIE@Old.example ", ["élodie@old.example"]);
  add("p-other-whitespace", "\tHal\u00a0", ["hal@partner.example"]);
  add("p-whitespace-only", "\u00a0", ["ivy@partner.example"]);
  add("p-accented-typed", "Élodie Martin", ["élodie.martin@partner.example"]);
  add("p-two-ats-first-part", "jo", ["jo@home@partner.example"]);
  add("p-two-ats-local-part", "Jo@Home", ["jo@home@old.example"]);
});
afterEach(() => sqlite.close());

describe("migration 0058", () => {
  it("marks the names that are an address, its local part or blank, and no other", async () => {
    expect((await migrator.migrateToLatest()).error).toBeUndefined();
    const rows = sqlite.prepare("select uuid, name, name_from_address, service_updated_at from persons order by uuid").all() as Array<{ uuid: string; name: string; name_from_address: number; service_updated_at: number }>;
    expect(Object.fromEntries(rows.map((row) => [row.uuid, row.name_from_address]))).toEqual({
      "p-address": 1,
      "p-second-address": 1,
      "p-local-part": 1,
      "p-blank": 1,
      "p-typed": 0,
      "p-typed-short": 0,
      "p-no-address": 0,
      "p-others-address": 0,
      "p-accented": 1,
      "p-accented-address": 1,
      "p-other-whitespace": 1,
      "p-whitespace-only": 1,
      "p-accented-typed": 0,
      "p-two-ats-first-part": 0,
      "p-two-ats-local-part": 1,
    });
    // Nothing a client reads changed: names and change times stay.
    expect(rows.find((row) => row.uuid === "p-local-part")).toMatchObject({ name: " Cleo ", service_updated_at: 1 });
    expect(rows.every((row) => row.service_updated_at === 1)).toBe(true);
  });

  it("marks exactly the names ingest's rule takes as derived from the person's addresses", async () => {
    expect((await migrator.migrateToLatest()).error).toBeUndefined();
    const rows = sqlite.prepare("select uuid, name_from_address from persons").all() as Array<{ uuid: string; name_from_address: number }>;
    for (const row of rows) {
      const { name, addresses } = added.get(row.uuid)!;
      expect(row.name_from_address === 1, `${row.uuid}: ${JSON.stringify(name)}`).toBe(isNameFromAddress(name, addresses));
    }
  });
});
