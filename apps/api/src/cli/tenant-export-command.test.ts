/**
 * `rapport tenants export`: all of one tenant's records, as the API shows them, none of another tenant's and no
 * secret, into a folder or one file, beside an app that has the database open.
 */
import { mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { TENANT_EXPORT_KINDS } from "@rapport/store";
import { buildPopulatedTenant, type PopulatedTenant } from "../testing/populated-tenant.js";
import { runRapportInProcess } from "../testing/in-process-cli.js";
import { createTestContext, type TestContext } from "../testing/test-harness.js";
import { relationshipFieldsShape } from "../presenters/relationship-fields.js";

let context: TestContext;
let departing: PopulatedTenant;
let staying: PopulatedTenant;
let folder: string;
const rapport = (...args: string[]) => runRapportInProcess(context.databasePath, ...args);

beforeAll(async () => {
  context = await createTestContext();
  departing = await buildPopulatedTenant(context.services, "Departing");
  staying = await buildPopulatedTenant(context.services, "Staying");
  for (const tenant of [departing, staying]) {
    await context.services.store.userPasswords.set(tenant.tenant.uuid, tenant.admin.uuid, `password-hash-of-${tenant.tenant.uuid}`);
  }
  folder = join(context.databasePath, "..", "exports");
  mkdirSync(folder);
}, 30_000);
afterAll(() => context?.close());

type Line = Record<string, any>;
const linesOf = (path: string): Line[] =>
  readFileSync(path, "utf8")
    .split("\n")
    .filter((line) => line !== "")
    .map((line) => JSON.parse(line) as Line);

/** What the API computes at read time, which an export of stored records leaves out. */
const DERIVED = new Set([
  ...Object.keys(relationshipFieldsShape),
  "parent_name",
  "children_metadata",
  "days_in_stage",
  "last_activity_date",
  "person_last_activity_date",
  "company_last_activity_date",
  "notes_and_files_count",
  "search_string",
]);
const withoutDerived = (record: Line) => Object.fromEntries(Object.entries(record).filter(([field]) => !DERIVED.has(field)));

describe("rapport tenants export", { timeout: 30_000 }, () => {
  it("writes every kind of the tenant's records in the API's shapes, a manifest and the files' bytes, to a new folder", async () => {
    const out = join(folder, "departing");
    const result = await rapport("tenants", "export", "--tenant", departing.tenant.uuid, "--out", out);
    expect(result.code, result.stderr).toBe(0);
    expect(result.stdout).toMatch(new RegExp(`^exported tenant ${departing.tenant.uuid} to ${out}: \\d+ records, \\d+ bytes\\n  users {2,}2\\n`));
    expect(statSync(out).mode & 0o777).toBe(0o700);
    const manifest = JSON.parse(readFileSync(join(out, "manifest.json"), "utf8"));
    expect(manifest).toMatchObject({ format: "rapport-tenant-export", format_version: 1, tenant: { uuid: departing.tenant.uuid, name: "Departing Tenant" } });
    expect(manifest.left_out).toHaveProperty("api_keys");
    // Every kind listed, empty ones too (this tenant erased nobody): a release that does not know one refuses the export by its name.
    expect(manifest.kinds.map(({ kind }: { kind: string }) => kind)).toEqual([...TENANT_EXPORT_KINDS]);
    expect(manifest.kinds.find(({ kind }: { kind: string }) => kind === "erasure_key")).toMatchObject({ count: 0 });
    for (const table of ["erasure_secrets", "erased_identifiers", "history_horizons"]) expect(manifest.left_out).not.toHaveProperty(table);
    const lines = Object.fromEntries(manifest.kinds.map(({ kind, file, count }: { kind: string; file: string; count: number }) => {
      const read = linesOf(join(out, file));
      expect(read, kind).toHaveLength(count);
      expect(statSync(join(out, file)).mode & 0o777).toBe(0o600);
      return [kind, read];
    })) as Record<string, Line[]>;

    // Each record as the API's GET answers it, less what the API computes as it answers.
    const { pathIds, key } = departing;
    const api = async (path: string) => withoutDerived((await context.json(path, { key })).body!);
    const find = (kind: string, uuid: string) => lines[kind]!.find((line) => line.uuid === uuid);
    // Added to a person's API fields, what the store keeps and the API does not show (since 2026-12-08).
    const { job_source: jobSource, name_from_address: nameFromAddress, emails, affiliations, ...person } = find("persons", pathIds.person_uuid!)!;
    expect({ jobSource, nameFromAddress }).toEqual({ jobSource: null, nameFromAddress: false });
    expect({
      ...person,
      emails: emails.map(({ created_at: createdAt, ...email }: Line) => (expect(createdAt).toEqual(expect.any(Number)), email)),
      affiliations: affiliations.map(({ uuid, created_at: createdAt, updated_at: updatedAt, ...affiliation }: Line) => (expect([uuid, createdAt, updatedAt]).toEqual([expect.any(String), expect.any(Number), expect.any(Number)]), affiliation)),
    }).toEqual(await api(`/v1/persons/${pathIds.person_uuid}`));
    expect(find("companies", pathIds.company_uuid!)).toEqual(await api(`/v1/companies/${pathIds.company_uuid}`));
    expect(find("notes", pathIds.note_uuid!)).toEqual(await api(`/v1/notes/${pathIds.note_uuid}`));
    expect(find("tasks", pathIds.task_id!)).toEqual(await api(`/v1/tasks/${pathIds.task_id}`));
    const { departed_person_uuids: departed, ...meeting } = find("meetings", pathIds.meeting_uuid!)!;
    expect(departed).toEqual([]);
    expect(meeting).toEqual(await api(`/v1/meetings/${pathIds.meeting_uuid}`));
    expect(find("emails", pathIds.email_uuid!)).toEqual(await api(`/v1/emails/${pathIds.email_uuid}?include_body=true`));
    expect(find("opportunity_types", pathIds.type_uuid!)).toEqual(await api(`/v1/opportunity-types/${pathIds.type_uuid}`));
    const { content_file: contentFile, ...file } = find("files", pathIds.file_uuid!)!;
    expect(file).toEqual(await api(`/v1/files/${pathIds.file_uuid}`));
    expect(readFileSync(join(out, contentFile), "utf8")).toBe("Departing File bytes");
    const { associations, ...opportunity } = await api(`/v1/opportunities/${pathIds.opportunity_uuid}`);
    const { stage_entered_at: stageEnteredAt, associations: exportedAssociations, ...exportedOpportunity } = find("opportunities", pathIds.opportunity_uuid!)!;
    expect(exportedOpportunity).toEqual(Object.fromEntries(Object.entries(opportunity).filter(([field]) => field !== "custom_field_mapping")));
    expect(stageEnteredAt).toEqual(expect.any(Number));
    expect(exportedAssociations).toEqual(associations.map(({ person: _p, company: _c, last_activity_date: _l, ...link }: Line) => link));
    const items = async (path: string) => ((await context.json(path, { key })).body!.items as Line[]).sort((left, right) => String(left.uuid).localeCompare(String(right.uuid)));
    const sorted = (kind: string) => [...lines[kind]!].sort((left, right) => String(left.uuid).localeCompare(String(right.uuid)));
    expect(sorted("users")).toEqual(await items("/v1/users"));
    expect(sorted("entity_lists")).toEqual(await items("/v1/lists"));
    expect(sorted("opportunity_custom_fields")).toEqual(await items("/v1/opportunity-custom-fields"));
    const stages = [...(await items(`/v1/opportunity-types/${pathIds.type_uuid}/stages?include_hidden=true`)), ...(await items(`/v1/opportunity-types/${pathIds.type_uuid}/stages?include_hidden=true&stage_type=CHILD`))];
    expect(sorted("opportunity_stages")).toEqual(stages.sort((left, right) => String(left.uuid).localeCompare(String(right.uuid))));
    const deletions = (await context.json("/v1/deletions?per_page=50", { key })).body!.items as Line[];
    expect(deletions.length).toBeGreaterThan(0);
    expect(lines.deletions!.map(({ visible_to_user_uuid: _visible, ...deletion }) => deletion)).toEqual(deletions);
    // The feed's entries as GET /v1/activity numbers and times them (since 2026-12-08), with whether it lists them.
    const feed = (await context.json("/v1/activity?per_page=50", { key })).body!.items as Line[];
    expect(feed.length).toBeGreaterThan(0);
    expect(lines.activity_feed!.filter((entry) => entry.ever_listed).map(({ ever_listed: _listed, ...entry }) => entry)).toEqual(
      feed.map(({ sequence, kind, uuid, recorded_at }) => ({ sequence, kind, uuid, recorded_at })),
    );
    const members = (await context.json(`/v1/lists/${pathIds.list_uuid}/entities`, { key })).body!.items as Line[];
    expect(lines.entity_list_members!.map(({ list_uuid: _list, added_by_user_uuid: _by, position: _position, ...member }) => member)).toEqual(members);

    // Nothing of the other tenant, no key and no password hash.
    const text = readdirSync(out, { recursive: true }).map((name) => (statSync(join(out, String(name))).isFile() ? readFileSync(join(out, String(name)), "utf8") : "")).join("\n");
    expect(staying.secrets.filter((secret) => text.includes(secret))).toEqual([]);
    for (const secret of ["password-hash-of-", departing.key.slice(0, 12), departing.adminKey.slice(0, 12)]) expect(text).not.toContain(secret);
  });

  it("writes one .jsonl file, the manifest's line first, and replaces it only with --force", async () => {
    const out = join(folder, "departing.jsonl");
    writeFileSync(out, "kept");
    expect(await rapport("tenants", "export", "--tenant", departing.tenant.uuid, "--out", out)).toMatchObject({ code: 1, stderr: `rapport: ${out} exists: pass --force to replace it\n` });
    expect(readFileSync(out, "utf8")).toBe("kept");
    const result = await rapport("--json", "tenants", "export", "--tenant", departing.tenant.uuid, "--out", out, "--force");
    expect(result.code, result.stderr).toBe(0);
    const printed = JSON.parse(result.stdout);
    expect(printed).toMatchObject({ uuid: departing.tenant.uuid, path: out, bytes: statSync(out).size, format_version: 1 });
    const lines = linesOf(out);
    expect(lines[0]).toMatchObject({ kind: "manifest", record: { tenant: { uuid: departing.tenant.uuid } } });
    expect(lines.length - 1).toBe(Object.values(printed.records as Record<string, number>).reduce((sum, count) => sum + count, 0));
    const file = lines.find((line) => line.kind === "files")!.record;
    expect(Buffer.from(file.content_base64, "base64").toString()).toBe("Departing File bytes");
    expect(statSync(out).mode & 0o777).toBe(0o600);
  });

  it("refuses a folder that is not empty, an unknown tenant, and leaves nothing behind", async () => {
    const full = join(folder, "full");
    mkdirSync(full);
    writeFileSync(join(full, "mine.txt"), "mine");
    expect(await rapport("tenants", "export", "--tenant", departing.tenant.uuid, "--out", full)).toMatchObject({ code: 1, stderr: `rapport: ${full} is not empty: name a new or empty folder\n` });
    const unknown = "00000000-0000-4000-8000-000000000000";
    expect(await rapport("tenants", "export", "--tenant", unknown, "--out", join(folder, "unknown"))).toMatchObject({
      code: 1,
      stderr: `rapport: tenant ${unknown} not found: never created, or purged\n`,
    });
    const file = join(folder, "a-file");
    writeFileSync(file, "");
    expect(await rapport("tenants", "export", "--tenant", departing.tenant.uuid, "--out", join(file, "export"))).toMatchObject({
      code: 1,
      stderr: `rapport: cannot write ${join(file, "export")}: ${file} is a file, not a folder\n`,
    });
    expect(readdirSync(folder).filter((name) => name.endsWith(".partial") || name === "unknown")).toEqual([]);
  });

  it("exports a deleted tenant not yet purged, and says it was deleted", async () => {
    expect((await rapport("tenants", "delete", "--tenant", staying.tenant.uuid)).code).toBe(0);
    const out = join(folder, "deleted.jsonl");
    const result = await rapport("--json", "tenants", "export", "--tenant", staying.tenant.uuid, "--out", out);
    expect(result.code, result.stderr).toBe(0);
    const deletedAt = JSON.parse(result.stdout).deleted_at;
    expect(deletedAt).toEqual(expect.any(Number));
    expect(linesOf(out)[0]!.record.tenant).toMatchObject({ uuid: staying.tenant.uuid, deleted_at: deletedAt });
  });
});
