/**
 * Migration 0056: text a database written before the control-character rule holds is cleaned as an import cleans it,
 * only in the rows that hold a refused character, whose change time moves; a deleted tenant's rows and keys stay.
 */
import SqliteDatabase from "better-sqlite3";
import { Kysely, Migrator, SqliteDialect } from "kysely";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { Database } from "../../database-schema.js";
import { migrations } from "./index.js";

let sqlite: SqliteDatabase.Database;
let migrator: Migrator;

const row = (table: string, uuid: string) => sqlite.prepare(`select * from ${table} where uuid = ?`).get(uuid) as Record<string, unknown>;

beforeEach(async () => {
  sqlite = new SqliteDatabase(":memory:");
  const db = new Kysely<Database>({ dialect: new SqliteDialect({ database: sqlite }) });
  migrator = new Migrator({ db, provider: { getMigrations: async () => migrations } });
  expect((await migrator.migrateTo("0055-links-to-gone-records")).error).toBeUndefined();
  sqlite.pragma("foreign_keys = off");
  const persons = sqlite.prepare(`insert into persons (uuid, tenant_uuid, first_name, last_name, name, job_title, city, tags, linkedin_url, created_at, service_updated_at)
    values (?, ?, ?, ?, ?, ?, ?, ?, ?, 1, 1)`);
  sqlite.exec(`insert into tenants (uuid, name, tier, created_at, deleted_at) values ('t1', 'Acme\u001b[0m', 'standard', 1, null), ('t2', 'Gone', 'standard', 1, null)`);
  persons.run("p-dirty", "t1", "Ada\u0007", "Love\nlace", "Ada\r\n\tLovelace\u001b[2J", "CTO\u0085", "\u0007", JSON.stringify(["vip\u001b", "vip", "board\u2028member", "\u0000"]), "https://linkedin.com/in/ada\u0007");
  persons.run("p-clean", "t1", "Bo", "Stone", "Bo Stone", "CFO", "Oslo", JSON.stringify(["a\\b"]), null);
  persons.run("p-blank", "t1", null, null, "\u0007\u001b", null, null, "[]", null);
  persons.run("p-gone-tenant", "t2", null, null, "Eve\u001b", null, null, "[]", null);
  sqlite.exec("update tenants set deleted_at = 5 where uuid = 't2'");
  const notes = sqlite.prepare("insert into notes (uuid, tenant_uuid, title, content, created_at, updated_at) values (?, 't1', ?, ?, 1, 1)");
  notes.run("n-dirty", "Call\tnotes", "Dear Ada,\r\n\tthanks\u0007\u001b[0m\u2028bye\u0000");
  notes.run("n-clean", "Plain", "Line one\nline two\ttab");
  sqlite.exec(`insert into companies (uuid, tenant_uuid, company_name, description, city, company_custom_fields, service_industry_tags, investor_types, npi_types, created_at, service_updated_at)
    values ('c-dirty', 't1', 'Initech\u009b', 'Makes:\n\tTPS\u000c reports', 'Austin\u0007', '{}', '${JSON.stringify(["Fin\u0007tech", "SaaS"])}', '[]', '[]', 1, 1)`);
  sqlite.exec(`insert into company_tags (tenant_uuid, company_uuid, kind, value) values ('t1', 'c-dirty', 'industry', 'fin\u0007tech'), ('t1', 'c-dirty', 'industry', 'saas')`);
  sqlite.exec(`insert into opportunity_custom_fields (uuid, tenant_uuid, key, name, type, choices, created_at, updated_at) values
    ('f-select', 't1', 'stage', 'Stage\u0007', 'single_select', '${JSON.stringify(["Seed\u0007", "Series A"])}', 1, 1),
    ('f-text', 't1', 'memo', 'Memo', 'text', '[]', 1, 1)`);
  sqlite.exec(`insert into opportunities (uuid, tenant_uuid, type_uuid, stage_uuid, name, details, next_step, custom_fields, stage_entered_at, created_at, updated_at) values
    ('o-dirty', 't1', 'type', 'stage', 'Deal', null, null, '${JSON.stringify({ "f-select": "Seed\u0007", "f-text": "a\n\tb\u001b" })}', 1, 1, 1)`);
  sqlite.exec(`insert into meetings (uuid, tenant_uuid, title, starts_at, status, location, external_id, created_at, updated_at) values
    ('m-dirty', 't1', 'Board\u0007 meeting', 1, 'CONFIRMED', '\u0007', 'ext\u0007', 1, 1)`);
  const emails = sqlite.prepare("insert into emails (uuid, tenant_uuid, message_id, sent_at, subject, from_person_uuid, created_at) values (?, 't1', ?, 1, ?, 'p-clean', 1)");
  emails.run("e-dirty-subject", "<s@x>", "Re:\u0007 offer");
  emails.run("e-dirty-body", "<b@x>", "Plain");
  emails.run("e-clean", "<c@x>", "Plain");
  sqlite.exec(`insert into email_bodies (email_uuid, tenant_uuid, body_text, created_at) values ('e-dirty-body', 't1', 'Hi\u0007 there', 1), ('e-clean', 't1', 'Hi', 1)`);
  notes.run("n-linked", "Linked", "Plain");
  sqlite.exec(`insert into opportunities (uuid, tenant_uuid, type_uuid, stage_uuid, name, details, next_step, custom_fields, stage_entered_at, created_at, updated_at) values
    ('o-linked', 't1', 'type', 'stage', 'Linked deal', null, null, '{}', 1, 1, 1)`);
  sqlite.exec(`insert into associations (uuid, tenant_uuid, owner_type, owner_uuid, entity_type, entity_uuid, link_key, context, created_at, updated_at) values
    ('a-dirty', 't1', 'NOTE', 'n-linked', 'OPPORTUNITY', 'o-linked', 'k1', 'lead\u0007 investor', 1, 1),
    ('a-clean', 't1', 'NOTE', 'n-clean', 'PERSON', 'p-clean', 'k2', 'plain', 1, 1)`);
  expect((await migrator.migrateToLatest()).error).toBeUndefined();
});
afterEach(() => sqlite.close());

describe("migration 0056", () => {
  it("cleans one-line text as imports do: a run of line breaks and tabs is a space, other controls go, trimmed; blank is null", () => {
    const ada = row("persons", "p-dirty");
    expect([ada["first_name"], ada["last_name"], ada["name"], ada["job_title"], ada["city"]]).toEqual(["Ada", "Love lace", "Ada Lovelace[2J", "CTO", null]);
    expect(JSON.parse(ada["tags"] as string)).toEqual(["vip", "board member"]);
    expect(ada["service_updated_at"]).toBeGreaterThan(1);
    expect(row("tenants", "t1")["name"]).toBe("Acme[0m");
    expect(row("meetings", "m-dirty")).toMatchObject({ title: "Board meeting", location: null });
  });

  it("keeps tabs and line breaks in multi-line text and takes out the other controls", () => {
    expect(row("notes", "n-dirty")).toMatchObject({ title: "Call notes", content: "Dear Ada,\r\n\tthanks[0m\u2028bye" });
    expect(row("notes", "n-dirty")["updated_at"]).toBeGreaterThan(1);
    expect(row("companies", "c-dirty")).toMatchObject({ company_name: "Initech", description: "Makes:\n\tTPS reports", city: "Austin" });
  });

  it("keeps a company's tag rows in step with its cleaned lists, and a chosen value naming its cleaned choice", () => {
    expect(JSON.parse(row("companies", "c-dirty")["service_industry_tags"] as string)).toEqual(["Fintech", "SaaS"]);
    expect(sqlite.prepare("select value from company_tags where company_uuid = 'c-dirty' order by value").pluck().all()).toEqual(["fintech", "saas"]);
    expect(row("opportunity_custom_fields", "f-select")).toMatchObject({ name: "Stage", choices: '["Seed","Series A"]' });
    expect(JSON.parse(row("opportunities", "o-dirty")["custom_fields"] as string)).toEqual({ "f-select": "Seed", "f-text": "a\n\tb" });
    expect(row("opportunities", "o-dirty")["updated_at"]).toBeGreaterThan(1);
  });

  it("lists an email whose subject or kept body it cleans again in the activity feed, after the others", () => {
    expect(row("emails", "e-dirty-subject")["subject"]).toBe("Re: offer");
    expect(sqlite.prepare("select body_text from email_bodies where email_uuid = 'e-dirty-body'").pluck().get()).toBe("Hi there");
    const feed = sqlite.prepare("select item_uuid, recorded_at from activity_feed where kind = 'email' order by sequence").all() as Array<{ item_uuid: string; recorded_at: number }>;
    expect(feed.map((entry) => entry.item_uuid)).toEqual(["e-clean", "e-dirty-subject", "e-dirty-body"]);
    expect(feed[0]!.recorded_at).toBe(1);
    expect(feed[2]!.recorded_at).toBeGreaterThan(1);
  });

  it("writes again the opportunities, notes and tasks on either side of a link whose context it cleans", () => {
    expect(row("associations", "a-dirty")).toMatchObject({ context: "lead investor" });
    expect(row("notes", "n-linked")["updated_at"]).toBeGreaterThan(1);
    expect(row("opportunities", "o-linked")["updated_at"]).toBeGreaterThan(1);
    expect(row("associations", "a-clean")["updated_at"]).toBe(1);
  });

  it("leaves clean rows, a required value that would be blank, keys and a deleted tenant's rows as they were", () => {
    expect(row("persons", "p-clean")).toMatchObject({ name: "Bo Stone", tags: '["a\\\\b"]', service_updated_at: 1 });
    expect(row("notes", "n-clean")).toMatchObject({ content: "Line one\nline two\ttab", updated_at: 1 });
    expect(row("persons", "p-blank")).toMatchObject({ name: "\u0007\u001b", service_updated_at: 1 });
    expect(row("persons", "p-gone-tenant")).toMatchObject({ name: "Eve\u001b", service_updated_at: 1 });
    expect(row("persons", "p-dirty")["linkedin_url"]).toBe("https://linkedin.com/in/ada\u0007");
    expect(row("meetings", "m-dirty")["external_id"]).toBe("ext\u0007");
  });
});
