/**
 * `openTenantExport`: one tenant's records, none of another tenant's and no secret, in the API's shapes, all read
 * from the snapshot taken when it opened while another connection keeps writing.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createSqliteStore } from "../sqlite/create-sqlite-store.js";
import type { Store } from "../store.js";
import { buildDataSubjectTenant, type DataSubjectTenant } from "../testing/data-subject-tenant.js";
import { openTenantExport, type TenantExport } from "./open-tenant-export.js";
import { TENANT_EXPORT_KINDS, type TenantExportKind } from "./tenant-export-kinds.js";

const NOW = Date.UTC(2026, 11, 7);
const folder = mkdtempSync(join(tmpdir(), "rapport-tenant-export-"));
const path = join(folder, "two-tenants.db");
let store: Store;
let departing: DataSubjectTenant;
let staying: DataSubjectTenant;
let customField: string;

/** What the fixture adds beside a data subject's records: a file, a key, a password, a custom field value. */
async function withSecretsAndFile(tenant: DataSubjectTenant): Promise<string> {
  const { tenantUuid, ada, deal } = tenant;
  await store.files.create({ tenant_uuid: tenantUuid, filename: "deck.pdf", content_type: "application/pdf", content: new TextEncoder().encode(`deck of ${tenantUuid}`), uploaded_by_user_uuid: ada.uuid });
  await store.apiKeys.create({ tenant_uuid: tenantUuid, user_uuid: ada.uuid, key_hash: `key-hash-${tenantUuid}`, key_prefix: "pk_test" });
  await store.userPasswords.set(tenantUuid, ada.uuid, `password-hash-${tenantUuid}`);
  const field = await store.opportunityCustomFields.create({ tenant_uuid: tenantUuid, key: "lead", name: "Lead", type: "boolean" });
  await store.opportunities.update(tenantUuid, deal.uuid, { custom_fields: { [field.uuid]: true } }, { user_uuid: null }, { user_uuid: null });
  return field.uuid;
}

beforeAll(async () => {
  store = await createSqliteStore({ path, now: () => NOW });
  departing = await buildDataSubjectTenant(store, NOW);
  staying = await buildDataSubjectTenant(store, NOW);
  customField = await withSecretsAndFile(departing);
  await withSecretsAndFile(staying);
}, 30_000);
afterAll(async () => {
  await store.close();
  rmSync(folder, { recursive: true, force: true });
});

function readAll(exported: TenantExport) {
  const lines = {} as Record<TenantExportKind, Array<Record<string, unknown>>>;
  const contents: Buffer[] = [];
  for (const kind of TENANT_EXPORT_KINDS) {
    lines[kind] = [...exported.lines(kind)].map(({ json, content }) => {
      if (content) contents.push(content);
      return JSON.parse(json) as Record<string, unknown>;
    });
  }
  return { lines, contents };
}

describe("openTenantExport", () => {
  it("reads every record of the tenant in the API's shapes, none of another tenant's, and no secret", () => {
    const exported = openTenantExport(path, departing.tenantUuid)!;
    const { lines, contents } = readAll(exported);
    exported.close();
    expect(exported.tenant).toEqual({ uuid: departing.tenantUuid, name: "Acme", tier: "standard", per_second_limit: null, monthly_limit: null, created_at: NOW, deleted_at: null });
    for (const kind of TENANT_EXPORT_KINDS) expect(lines[kind], kind).toHaveLength(exported.counts[kind]);
    const { zelda, zoltan, ada, note, deal, list } = departing;
    expect(lines.persons.find((person) => person.uuid === zelda.uuid)).toMatchObject({
      email: "zelda@quintero.example",
      emails: [{ address: "zelda@quintero.example", is_primary: true }, { address: "zoltan@quimby.example", is_primary: false }, { address: "zq@oldmail.example", is_primary: false }],
      primary_company: { uuid: departing.globex.uuid, name: "Globex" },
      affiliations: [{ company: { name: "Globex" }, is_current: true }, { company: { name: "Initech" }, is_current: false }],
      is_internal: false,
      merged_person_uuids: [zoltan.uuid],
    });
    // The merged-away person is only named, by the merge.
    expect(lines.persons.map((person) => person.uuid)).not.toContain(zoltan.uuid);
    expect(lines.person_merges).toEqual([
      {
        superseded_uuid: zoltan.uuid,
        canonical_uuid: zelda.uuid,
        merged_at: NOW,
        merged_by_user_uuid: ada.uuid,
        // Its own fields, as the merge left them: the personal data export shows them.
        superseded: expect.objectContaining({ name: "Zoltan Quimby", created_at: NOW, deleted_at: NOW, tags: [], is_internal: false }),
      },
    ]);
    expect(lines.deletions).toContainEqual(expect.objectContaining({ entity_type: "PERSON", uuid: zoltan.uuid, reason: "MERGED", merged_into_uuid: zelda.uuid }));
    expect(lines.notes).toEqual([
      expect.objectContaining({ uuid: note.uuid, owner: null, associations: [expect.objectContaining({ entity_type: "PERSON", entity_uuid: zelda.uuid, association_type: "NOTE_TO_PERSON" })] }),
    ]);
    expect(lines.opportunities[0]).toMatchObject({
      uuid: deal.uuid,
      intro_person: { uuid: zelda.uuid, type: "PERSON" },
      custom_fields: [{ uuid: customField, key: "lead", type: "boolean", value: true }],
      associations: [{ entity_type: "PERSON" }, { entity_type: "PERSON" }],
    });
    expect(lines.emails.find((email) => email.has_body)).toMatchObject({ message_id: "only-her-and-ada", body: "Dear Zelda Quintero", participants: [{ role: "from" }, { role: "to" }] });
    expect(lines.entity_list_members.map((member) => member.list_uuid)).toEqual([list.uuid, list.uuid]);
    expect(lines.files[0]).toMatchObject({ filename: "deck.pdf", uploaded_by: { uuid: ada.uuid, name: "Ada", type: "USER" } });
    expect(contents.map(String)).toEqual([`deck of ${departing.tenantUuid}`]);

    const text = JSON.stringify(lines);
    for (const uuid of [staying.tenantUuid, staying.zelda.uuid, staying.ada.uuid, staying.deal.uuid, staying.note.uuid, staying.list.uuid]) expect(text).not.toContain(uuid);
    for (const secret of ["key-hash-", "password-hash-", "pk_test"]) expect(text).not.toContain(secret);
  });

  it("reads the snapshot taken when it opened while another connection writes", async () => {
    const exported = openTenantExport(path, departing.tenantUuid)!;
    try {
      const persons = exported.lines("persons");
      const first = persons.next();
      await store.persons.create({ tenant_uuid: departing.tenantUuid, name: "Written meanwhile" });
      await store.notes.update(departing.tenantUuid, departing.note.uuid, { content: "Changed meanwhile" }, { user_uuid: null });
      const rest = [first.value!, ...persons].map(({ json }) => JSON.parse(json) as { name: string });
      expect(rest).toHaveLength(exported.counts.persons);
      expect(rest.map((person) => person.name)).not.toContain("Written meanwhile");
      expect([...exported.lines("notes")].map(({ json }) => JSON.parse(json).content)).toEqual(["Call notes"]);
    } finally {
      exported.close();
    }
  });

  it("closes with a kind read half-way", () => {
    const exported = openTenantExport(path, departing.tenantUuid)!;
    exported.lines("persons").next();
    exported.close();
    exported.close();
  });

  it("answers null for a tenant the file does not have", () => {
    expect(openTenantExport(path, "00000000-0000-4000-8000-000000000000")).toBeNull();
  });
});
