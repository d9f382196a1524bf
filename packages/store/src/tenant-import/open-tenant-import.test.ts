/**
 * `openTenantImport`: an export of a tenant with every kind, written into another database as a new tenant, exports
 * again record for record; the store reads it as it read the original (derived keys and dates rebuilt); a bad
 * record or a taken uuid leaves nothing behind; another tenant there is untouched.
 */
import { spawn } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import SqliteDatabase from "better-sqlite3";
import { Kysely, SqliteDialect } from "kysely";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import type { Database } from "../database-schema.js";
import { ConflictError, InvalidInputError } from "../errors.js";
import { createSqliteStore } from "../sqlite/create-sqlite-store.js";
import { databaseStatus } from "../sqlite/database-status.js";
import type { Store } from "../store.js";
import { buildDataSubjectTenant, type DataSubjectTenant } from "../testing/data-subject-tenant.js";
import { TENANT_EXPORT_KINDS, type TenantExportKind } from "../tenant-export/tenant-export-kinds.js";
import { tenantExportLines, type TenantExportLines } from "../testing/tenant-export-lines.js";
import { tenantRowCounts } from "../tenant-purge/tenant-tables.js";
import { danglingReference } from "./dangling-references.js";
import { openTenantImport, type ImportedTenant } from "./open-tenant-import.js";

const NOW = Date.UTC(2026, 11, 7);
const folder = mkdtempSync(join(tmpdir(), "rapport-tenant-import-"));
const sourcePath = join(folder, "source.db");
const targetPath = join(folder, "target.db");
let source: Store;
let target: Store;
let moving: DataSubjectTenant;
let extras: { erased: string; personal: string; personalGone: string; merged: string; file: string };
let resident: { tenantUuid: string; rows: Record<string, number> };
const NEW_UUID = "6f1d1c1e-0000-4000-8000-000000000001";

let reader: Kysely<Database> | undefined;
/** A reader of the target's file, for its tenants' row counts. */
async function rowCountDb(): Promise<Kysely<Database>> {
  reader ??= new Kysely<Database>({ dialect: new SqliteDialect({ database: new SqliteDatabase(targetPath, { readonly: true }) }) });
  return reader;
}

const tenantOf = (uuid: string): ImportedTenant => ({ uuid, name: "Acme moved", tier: "standard", per_second_limit: null, monthly_limit: null, created_at: NOW });

async function importInto(path: string, lines: TenantExportLines, uuid: string, options: { recordsPerStep?: number } = {}): Promise<void> {
  const imported = await openTenantImport(path, tenantOf(uuid), { now: NOW, ...options });
  try {
    for (const kind of TENANT_EXPORT_KINDS) for (const { json, content } of lines[kind]) await imported.add(kind, JSON.parse(json), content);
    await imported.commit();
  } finally {
    await imported.abandon();
  }
}

beforeAll(async () => {
  source = await createSqliteStore({ path: sourcePath, now: () => NOW });
  moving = await buildDataSubjectTenant(source, NOW);
  const { tenantUuid, ada, globex, zelda } = moving;
  // Beside the fixture: a file, a custom field's value, a company merge, an erased person, a PERSONAL task, a deleted note.
  const file = await source.files.create({ tenant_uuid: tenantUuid, filename: "deck.pdf", content_type: "application/pdf", content: new TextEncoder().encode("deck bytes"), uploaded_by_user_uuid: ada.uuid });
  const field = await source.opportunityCustomFields.create({ tenant_uuid: tenantUuid, key: "lead", name: "Lead", type: "boolean" });
  await source.opportunities.update(tenantUuid, moving.deal.uuid, { custom_fields: { [field.uuid]: true } }, { user_uuid: null }, { user_uuid: null });
  const globexLtd = await source.companies.create({ tenant_uuid: tenantUuid, company_name: "Globex Ltd", domain: "globex.example", service_industry_tags: ["Fintech"] });
  await source.companyMerges.merge({ tenant_uuid: tenantUuid, canonical_uuid: globex.uuid, superseded_uuid: globexLtd.uuid, preview: false, merged_by_user_uuid: ada.uuid });
  // A likely duplicate of Globex (its name but for the legal form): the copy's duplicates list pairs them too.
  await source.companies.create({ tenant_uuid: tenantUuid, company_name: "GLOBEX, Inc." });
  const erased = await source.persons.create({ tenant_uuid: tenantUuid, name: "Erin Erased", emails: ["erin@erased.example"] });
  await source.persons.erase(tenantUuid, erased.uuid);
  const personal = await source.tasks.create({ tenant_uuid: tenantUuid, title: "Mine", scope: "PERSONAL", created_by_user_uuid: ada.uuid, associations: [{ entity_type: "OPPORTUNITY", entity_uuid: moving.deal.uuid }] }, { user_uuid: ada.uuid });
  const gone = await source.notes.create({ tenant_uuid: tenantUuid, content: "Gone", associations: [{ entity_type: "PERSON", entity_uuid: zelda.uuid }] }, { user_uuid: null });
  await source.notes.delete(tenantUuid, gone.uuid);
  const personalGone = await source.tasks.create({ tenant_uuid: tenantUuid, title: "Mine, done", scope: "PERSONAL", created_by_user_uuid: ada.uuid }, { user_uuid: ada.uuid });
  await source.tasks.delete(tenantUuid, personalGone.uuid, { user_uuid: ada.uuid });
  extras = { erased: erased.uuid, personal: personal.uuid, personalGone: personalGone.uuid, merged: globexLtd.uuid, file: file.uuid };

  target = await createSqliteStore({ path: targetPath, now: () => NOW });
  const other = await target.tenants.create({ name: "Resident", tier: "standard" });
  await target.persons.create({ tenant_uuid: other.uuid, name: "Rita Resident", emails: ["zelda@quintero.example"] });
  resident = { tenantUuid: other.uuid, rows: {} };
}, 30_000);
afterAll(async () => {
  await reader?.destroy();
  await source?.close();
  await target?.close();
  rmSync(folder, { recursive: true, force: true });
});

describe("openTenantImport", () => {
  it("writes an export as a new tenant that exports again record for record, and that the store reads as the original", async () => {
    const tenantUuid = moving.tenantUuid;
    const exported = tenantExportLines(sourcePath, tenantUuid);
    expect(exported.tasks.map(({ json }) => JSON.parse(json).scope)).toContain("PERSONAL");
    resident.rows = await tenantRowCounts(await rowCountDb(), resident.tenantUuid);
    await importInto(targetPath, exported, NEW_UUID);

    const again = tenantExportLines(targetPath, NEW_UUID);
    for (const kind of TENANT_EXPORT_KINDS) expect(again[kind].map(({ json }) => JSON.parse(json)), kind).toEqual(exported[kind].map(({ json }) => JSON.parse(json)));
    expect(again.files.map(({ content }) => String(content))).toEqual(["deck bytes"]);

    // What the store derives: the same answers from the copy as from the original.
    const viewer = { user_uuid: null };
    const { zelda, zoltan, deal, list, globex } = moving;
    const without = <T extends object>(record: T): T => JSON.parse(JSON.stringify(record).replaceAll(tenantUuid, NEW_UUID));
    // Its affiliations' uuids and times and its addresses' times too (since 2026-12-08: the personal data export shows them).
    const person = async (store: Store, uuid: string) => without((await store.persons.get(uuid, zelda.uuid))!);
    expect(await person(target, NEW_UUID)).toEqual(await person(source, tenantUuid));
    expect(without((await target.opportunities.get(NEW_UUID, deal.uuid, viewer))!)).toEqual(without((await source.opportunities.get(tenantUuid, deal.uuid, viewer))!));
    expect(without((await target.companies.get(NEW_UUID, globex.uuid))!)).toEqual(without((await source.companies.get(tenantUuid, globex.uuid))!));
    const names = async (store: Store, uuid: string) =>
      (await store.persons.list(uuid, { filters: {}, sort_by: "name", order: "asc", position: { kind: "offset", offset: 0 }, limit: 10 } as never)).rows.map((person) => person.name);
    expect(await names(target, NEW_UUID)).toEqual(await names(source, tenantUuid));
    const pairs = async (store: Store, uuid: string) => without(await store.duplicates.list(uuid, { position: { kind: "offset", offset: 0 }, limit: 10 } as never));
    expect(JSON.stringify(await pairs(source, tenantUuid))).toContain("GLOBEX, Inc.");
    expect(await pairs(target, NEW_UUID)).toEqual(await pairs(source, tenantUuid));
    // Merged-away uuids still lead to their survivors; the erased person stays gone.
    expect(await target.companyMerges.mergedInto(NEW_UUID, extras.merged)).toBe(globex.uuid);
    expect(await target.personMerges.mergedInto(NEW_UUID, zoltan.uuid)).toBe(zelda.uuid);
    expect(await target.persons.get(NEW_UUID, extras.erased)).toBeNull();
    expect((await target.entityLists.members(NEW_UUID, list.uuid, { position: { kind: "offset", offset: 0 }, limit: 10 } as never)).rows.map((member: { entity_uuid: string }) => member.entity_uuid)).toEqual(
      (await source.entityLists.members(tenantUuid, list.uuid, { position: { kind: "offset", offset: 0 }, limit: 10 } as never)).rows.map((member: { entity_uuid: string }) => member.entity_uuid),
    );
    // A PERSONAL task's deletion stays its creator's.
    const deleted = async (user_uuid: string | null) =>
      (await target.deletions.list(NEW_UUID, { viewer: { user_uuid }, position: { kind: "offset", offset: 0 }, limit: 100 })).rows.map((entry) => entry.uuid);
    expect(await deleted(moving.ada.uuid)).toContain(extras.personalGone);
    expect(await deleted(null)).not.toContain(extras.personalGone);
    expect(await tenantRowCounts(await rowCountDb(), resident.tenantUuid)).toEqual(resident.rows);
  });

  it("leaves no tenant and no row behind after a bad record, and refuses a uuid another tenant holds", async () => {
    const exported = tenantExportLines(sourcePath, moving.tenantUuid);
    const bad = { ...exported, notes: [{ json: JSON.stringify({ ...JSON.parse(exported.notes[0]!.json), created_at: "yesterday" }), content: null }] };
    const broken = "6f1d1c1e-0000-4000-8000-000000000002";
    const emptyPath = join(folder, "empty.db");
    await (await createSqliteStore({ path: emptyPath })).close();
    const rowCounts = () => {
      const empty = new SqliteDatabase(emptyPath, { readonly: true });
      const tables = empty.prepare("select name from sqlite_master where type = 'table'").pluck().all() as string[];
      const counts = Object.fromEntries(tables.map((table) => [table, Number(empty.prepare(`select count(*) from "${table}"`).pluck().get())]));
      empty.close();
      return counts;
    };
    const before = rowCounts();
    await expect(importInto(emptyPath, bad, broken)).rejects.toThrow(new InvalidInputError('field "created_at": expecting a time in epoch milliseconds, got "yesterday"'));
    expect(rowCounts()).toEqual(before);
    // The same export again: its records' uuids are the first import's.
    await expect(importInto(targetPath, exported, broken)).rejects.toThrow(ConflictError);
    await expect(importInto(targetPath, exported, NEW_UUID)).rejects.toThrow(`tenant ${NEW_UUID} exists on this server`);
    expect(await tenantRowCounts(await rowCountDb(), broken)).toEqual({});
  });

  it("reads an export made before 2026-12-08 (no job source, name flag, own times, merged person's fields, feed), and refuses a job source it does not know", async () => {
    const exported = tenantExportLines(sourcePath, moving.tenantUuid);
    const path = join(folder, "older-export.db");
    await (await createSqliteStore({ path })).close();
    const edited = (kind: "persons" | "person_merges" | "meetings", change: (record: Record<string, any>) => void): TenantExportLines => ({
      ...exported,
      [kind]: exported[kind].map(({ json, content }) => {
        const record = JSON.parse(json) as Record<string, any>;
        change(record);
        return { json: JSON.stringify(record), content };
      }),
    });
    await expect(importInto(path, edited("persons", (person) => (person.job_source = "crm")), NEW_UUID)).rejects.toThrow(
      new InvalidInputError('field "job_source": expecting one of linkedin_connections, got "crm"'),
    );
    const older = {
      ...edited("persons", (person) => {
        delete person.job_source;
        delete person.name_from_address;
        for (const email of person.emails) delete email.created_at;
        for (const affiliation of person.affiliations) for (const field of ["uuid", "created_at", "updated_at"]) delete affiliation[field];
      }),
      person_merges: edited("person_merges", (merge) => delete merge.superseded).person_merges,
      meetings: edited("meetings", (meeting) => delete meeting.departed_person_uuids).meetings,
      activity_feed: [],
    };
    await importInto(path, older, NEW_UUID);
    const store = await createSqliteStore({ path, now: () => NOW });
    try {
      const { zelda, zoltan } = moving;
      const person = (await store.persons.get(NEW_UUID, zelda.uuid))!;
      // Addresses a millisecond apart from the person's creation, in the export's order; the job kept as a user's.
      expect(person.emails.map((email) => email.created_at)).toEqual(person.emails.map((_email, index) => person.created_at + index));
      expect(await store.persons.jobSource(NEW_UUID, zelda.uuid)).toBeNull();
      // The merged-away person named as its survivor, deleted at the merge.
      const personalData = await store.persons.exportPersonalData(NEW_UUID, zelda.uuid);
      expect(personalData!.persons.find((record) => record.uuid === zoltan.uuid)).toMatchObject({ name: zelda.name, merged_into_uuid: zelda.uuid });
      // The feed as the emails and meetings went in: an entry each, numbered in the export's order.
      const feed = tenantExportLines(path, NEW_UUID).activity_feed.map(({ json }) => JSON.parse(json) as { sequence: number; uuid: string });
      expect(feed.map((entry) => entry.sequence)).toEqual(feed.map((_entry, index) => index + 1));
      expect(feed.map((entry) => entry.uuid).sort()).toEqual([...older.emails, ...older.meetings].map(({ json }) => (JSON.parse(json) as { uuid: string }).uuid).sort());
    } finally {
      await store.close();
    }
  });

  it("refuses an opportunity's custom field value the export's fields do not define or whose type it does not fit, as the store's writes do", async () => {
    const exported = tenantExportLines(sourcePath, moving.tenantUuid);
    const path = join(folder, "custom-fields.db");
    await (await createSqliteStore({ path })).close();
    const at = exported.opportunities.findIndex(({ json }) => (JSON.parse(json) as { custom_fields: unknown[] }).custom_fields.length > 0);
    const deal = JSON.parse(exported.opportunities[at]!.json) as { custom_fields: Array<{ uuid: string; key: string; value: unknown }> };
    const withValues = (custom_fields: unknown[]): TenantExportLines => {
      const opportunities = [...exported.opportunities];
      opportunities[at] = { json: JSON.stringify({ ...deal, custom_fields }), content: null };
      return { ...exported, opportunities };
    };
    const [lead] = deal.custom_fields;
    const undefinedUuid = "6f1d1c1e-0000-4000-8000-0000000000c1";
    for (const [values, message] of [
      [[{ ...lead, value: "yes" }], `field "custom_fields": custom field 'lead' (boolean) needs true or false, got "yes"`],
      [[{ ...lead, uuid: undefinedUuid }], `field "custom_fields": custom field ${undefinedUuid} is not defined: the export's opportunity_custom_fields hold no field of that uuid`],
      [[lead, lead], `field "custom_fields": custom field ${lead!.uuid} is given twice`],
    ] as const) {
      await expect(importInto(path, withValues([...values]), NEW_UUID), message).rejects.toThrow(new InvalidInputError(message));
    }
    await importInto(path, exported, NEW_UUID);
    expect(tenantExportLines(path, NEW_UUID).opportunities).toEqual(exported.opportunities);
  });

  it("refuses a link to a user or a linked record the export does not hold, naming it; an older export's task deletions are no user's", async () => {
    const exported = tenantExportLines(sourcePath, moving.tenantUuid);
    const path = join(folder, "links.db");
    await (await createSqliteStore({ path })).close();
    const edited = (kind: TenantExportKind, change: (record: Record<string, unknown>) => void): TenantExportLines => ({
      ...exported,
      [kind]: exported[kind].map(({ json, content }, index) => {
        const record = JSON.parse(json);
        if (index === 0) change(record);
        return { json: JSON.stringify(record), content };
      }),
    });
    const stranger = "6f1d1c1e-0000-4000-8000-0000000000ff";
    const note = JSON.parse(exported.notes[0]!.json);
    await expect(importInto(path, edited("notes", (record) => (record.owner = { uuid: stranger })), NEW_UUID)).rejects.toThrow(
      new InvalidInputError(`notes.jsonl owner: record ${note.uuid} names ${stranger}, which the export does not hold`),
    );
    await expect(importInto(path, edited("files", (record) => (record.uploaded_by = { uuid: stranger })), NEW_UUID)).rejects.toThrow(`field "uploaded_by": file ${extras.file} names user ${stranger}`);
    const linked = edited("notes", (record) => ((record.associations as Array<Record<string, unknown>>)[0]!.entity_uuid = stranger));
    await expect(importInto(path, linked, NEW_UUID)).rejects.toThrow(`associations[].entity_uuid: record ${note.uuid} names ${stranger}`);
    const meeting = JSON.parse(exported.meetings[0]!.json);
    await expect(importInto(path, edited("meetings", (record) => (record.organizer_person_uuid = stranger)), NEW_UUID)).rejects.toThrow(
      new InvalidInputError(`meetings.jsonl organizer_person_uuid: record ${meeting.uuid} names ${stranger}, which the export does not hold`),
    );

    const older = { ...exported, deletions: exported.deletions.map(({ json }) => ({ json: JSON.stringify({ ...JSON.parse(json), visible_to_user_uuid: undefined }), content: null })) };
    await importInto(path, older, NEW_UUID);
    const store = await createSqliteStore({ path });
    const deleted = (await store.deletions.list(NEW_UUID, { viewer: { user_uuid: moving.ada.uuid }, position: { kind: "offset", offset: 0 }, limit: 100 })).rows;
    await store.close();
    expect(deleted.map((entry) => entry.entity_type)).not.toContain("TASK");
    expect(deleted.map((entry) => entry.uuid)).toContain(extras.erased);

    // Each other link the import once took on trust, made to dangle in the imported tenant's rows (rolled back after).
    const sqlite = new SqliteDatabase(path);
    sqlite.pragma("foreign_keys = OFF");
    const danglingAfter = (update: string) => {
      sqlite.exec("begin");
      try {
        expect(sqlite.prepare(update).run({ tenant: NEW_UUID, stranger }).changes, update).toBeGreaterThan(0);
        return danglingReference(sqlite, NEW_UUID)?.replace(/record \S+ /, "record … ");
      } finally {
        sqlite.exec("rollback");
      }
    };
    const names = (field: string) => `${field}: record … names ${stranger}, which the export does not hold`;
    const firstRow = (table: string, key = "uuid") => `${key} = (select ${key} from ${table} where tenant_uuid = :tenant limit 1)`;
    try {
      expect(danglingReference(sqlite, NEW_UUID)).toBeNull();
      expect(danglingAfter(`update meetings set created_by_user_uuid = :stranger where ${firstRow("meetings")}`)).toBe(names("meetings.jsonl created_by_user_uuid"));
      expect(danglingAfter(`update entity_lists set owner_user_uuid = :stranger where ${firstRow("entity_lists")}`)).toBe(names("entity_lists.jsonl owner_user_uuid"));
      expect(danglingAfter(`update opportunities set parent_uuid = :stranger where ${firstRow("opportunities")}`)).toBe(names("opportunities.jsonl parent_uuid"));
      expect(danglingAfter(`update opportunities set type_uuid = :stranger where ${firstRow("opportunities")}`)).toBe(names("opportunities.jsonl type"));
      expect(danglingAfter(`update opportunities set stage_uuid = :stranger where ${firstRow("opportunities")}`)).toBe(names("opportunities.jsonl stage"));
      expect(danglingAfter(`update opportunity_stages set type_uuid = :stranger where ${firstRow("opportunity_stages")}`)).toBe(names("opportunity_stages.jsonl type_uuid"));
      expect(danglingAfter(`update company_merges set merged_by_user_uuid = :stranger where tenant_uuid = :tenant`)).toBe(names("company_merges.jsonl merged_by_user_uuid"));
      expect(danglingAfter(`update affiliations set company_uuid = :stranger where ${firstRow("affiliations")}`)).toBe(names("persons.jsonl affiliations[].company"));
      expect(danglingAfter(`update entity_list_members set added_by_user_uuid = :stranger where tenant_uuid = :tenant`)).toBe(names("entity_list_members.jsonl added_by_user_uuid"));
      expect(danglingAfter(`update entity_list_members set list_uuid = :stranger where tenant_uuid = :tenant`)).toBe(names("entity_list_members.jsonl list_uuid"));
      expect(danglingAfter(`update record_deletions set merged_into_uuid = :stranger where tenant_uuid = :tenant and entity_type = 'COMPANY'`)).toBe(names("deletions.jsonl merged_into_uuid"));
      // A deleted sub-opportunity may name its deleted parent; a live one may not.
      const parent = sqlite.prepare("select uuid from opportunities where tenant_uuid = ? and deleted_at is null").pluck().get(NEW_UUID) as string;
      sqlite.exec("begin");
      sqlite.exec(`create temp table child as select * from opportunities where uuid = '${parent}'`);
      sqlite.exec(`update temp.child set uuid = '${stranger}', parent_uuid = '${parent}'; insert into opportunities select * from temp.child`);
      sqlite.prepare("update opportunities set deleted_at = 1 where uuid = ?").run(parent);
      expect(danglingReference(sqlite, NEW_UUID)).toBe(`opportunities.jsonl parent_uuid: record ${stranger} names ${parent}, which the export does not hold`);
      sqlite.prepare("update opportunities set deleted_at = 1 where uuid = ?").run(stranger);
      // (The links of notes and tasks to them dangle now.)
      expect(danglingReference(sqlite, NEW_UUID)).not.toMatch(/^opportunities\.jsonl parent_uuid/);
      sqlite.exec("rollback");
      // A stage of another type of the tenant, which the API refuses (it took the tenant's stage of any type).
      const { uuid: deal, type_uuid: type } = sqlite.prepare("select uuid, type_uuid from opportunities where tenant_uuid = ? and parent_uuid is null and deleted_at is null").get(NEW_UUID) as Record<string, string>;
      const otherType = "6f1d1c1e-0000-4000-8000-0000000000fe";
      sqlite.exec("begin");
      sqlite.exec(`create temp table other_type as select * from opportunity_types where uuid = '${type}'; update temp.other_type set uuid = '${otherType}', label = 'Other'`);
      sqlite.exec(`insert into opportunity_types select * from temp.other_type`);
      sqlite.exec(`create temp table other_stage as select * from opportunity_stages where type_uuid = '${type}' and stage_type = 'PARENT' limit 1`);
      sqlite.exec(`update temp.other_stage set uuid = '${stranger}', type_uuid = '${otherType}'; insert into opportunity_stages select * from temp.other_stage`);
      sqlite.prepare("update opportunities set stage_uuid = ? where uuid = ?").run(stranger, deal);
      expect(danglingReference(sqlite, NEW_UUID)).toBe(`opportunities.jsonl stage: record ${deal} names ${stranger}, which is not a PARENT stage of its type ${type}`);
      sqlite.exec("rollback");
    } finally {
      sqlite.close();
    }
  });

  it("lets another tenant's writes through while it runs, the tenant absent until it commits", async () => {
    const exported = tenantExportLines(sourcePath, moving.tenantUuid);
    const path = join(folder, "beside.db");
    const server = await createSqliteStore({ path });
    try {
      const other = await server.tenants.create({ name: "Other", tier: "standard" });
      let running = true;
      let writesDuring = 0;
      let seen = false;
      const importing = importInto(path, exported, NEW_UUID, { recordsPerStep: 3 }).finally(() => (running = false));
      // Bounded: an import that never ended (a bug) had this loop fill the disk long after the test timed out.
      while (running && writesDuring < 100_000) {
        await server.persons.create({ tenant_uuid: other.uuid, name: "Writer" });
        if (!running) break;
        writesDuring += 1;
        seen ||= (await server.tenants.get(NEW_UUID)) !== null || (await server.tenants.list()).some((tenant) => tenant.uuid === NEW_UUID);
        // A turn of the event loop: the store's statements resolve without one, and the import's rests are timers.
        await new Promise((resolve) => setImmediate(resolve));
      }
      await importing;
      expect(writesDuring).toBeGreaterThan(0);
      expect(seen).toBe(false);
      expect(await server.tenants.get(NEW_UUID)).not.toBeNull();
    } finally {
      await server.close();
    }
  });

  it("killed mid-way leaves a tenant no reader sees, whose rows a purge or the same import again removes", async () => {
    const exported = tenantExportLines(sourcePath, moving.tenantUuid);
    const path = join(folder, "killed.db");
    const store = await createSqliteStore({ path });
    const db = new Kysely<Database>({ dialect: new SqliteDialect({ database: new SqliteDatabase(path) }) });
    try {
      const linesFile = join(folder, "lines.json");
      const lines = TENANT_EXPORT_KINDS.flatMap((kind) => exported[kind].map(({ json, content }) => ({ kind, json, content: content?.toString("base64") ?? null })));
      writeFileSync(linesFile, JSON.stringify(lines));
      // The built package: the child says "mid" after ten records (five steps committed) and never commits.
      const script = `
        import { readFileSync } from "node:fs";
        import { openTenantImport } from ${JSON.stringify(fileURLToPath(new URL("../../dist/index.js", import.meta.url)))};
        const [path, linesFile, tenant] = process.argv.slice(1);
        const imported = await openTenantImport(path, JSON.parse(tenant), { recordsPerStep: 2 });
        let added = 0;
        for (const { kind, json, content } of JSON.parse(readFileSync(linesFile, "utf8"))) {
          await imported.add(kind, JSON.parse(json), content === null ? null : Buffer.from(content, "base64"));
          if (++added === 10) break;
        }
        process.stdout.write("mid\\n");
        setInterval(() => {}, 1000);`;
      const child = spawn(process.execPath, ["--input-type=module", "-e", script, path, linesFile, JSON.stringify(tenantOf(NEW_UUID))], { stdio: ["ignore", "pipe", "inherit"] });
      await new Promise<void>((resolve, reject) => {
        child.stdout.on("data", (chunk: Buffer) => chunk.toString().includes("mid") && resolve());
        child.on("exit", (code) => reject(new Error(`the import's process ended (${code}) before its tenth record`)));
      });
      const killed = new Promise((resolve) => child.once("exit", resolve));
      child.kill("SIGKILL");
      await killed;

      expect(await store.tenants.get(NEW_UUID)).toBeNull();
      expect((await store.tenants.list()).map((tenant) => tenant.uuid)).not.toContain(NEW_UUID);
      expect(await databaseStatus(path)).toMatchObject({ tenants: 0 });
      expect(Object.keys(await tenantRowCounts(db, NEW_UUID))).toContain("persons");
      expect(await store.tenants.purge(NEW_UUID)).toMatchObject({ tenantUuid: NEW_UUID });
      expect(await tenantRowCounts(db, NEW_UUID)).toEqual({});

      // Left at its last step: the same import again removes it first.
      await importInto(path, exported, NEW_UUID);
      await db.updateTable("tenants").set({ importing_pid: child.pid! }).where("uuid", "=", NEW_UUID).execute();
      expect(await store.tenants.get(NEW_UUID)).toBeNull();
      await importInto(path, exported, NEW_UUID);
      expect(tenantExportLines(path, NEW_UUID).persons).toEqual(exported.persons);
    } finally {
      await db.destroy();
      await store.close();
    }
  });

  it("syncs its steps as `synchronous` says (the store's option), and refuses another value", async () => {
    const pragma = vi.spyOn(SqliteDatabase.prototype, "pragma");
    try {
      const imported = await openTenantImport(targetPath, tenantOf("6f1d1c1e-0000-4000-8000-0000000000f1"), { now: NOW, synchronous: "full" });
      await imported.abandon();
      const settings = pragma.mock.calls.map(([text]) => String(text)).filter((text) => text.startsWith("synchronous"));
      expect(settings).toEqual(["synchronous = FULL"]);
    } finally {
      pragma.mockRestore();
    }
    await expect(openTenantImport(targetPath, tenantOf(NEW_UUID), { synchronous: "off" as "full" })).rejects.toThrow(
      new InvalidInputError('openTenantImport: expecting "synchronous" to be "normal" or "full", got "off"'),
    );
  });
});
