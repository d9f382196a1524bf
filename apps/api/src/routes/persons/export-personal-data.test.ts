/** GET /v1/persons/{person_uuid}/personal-data: the access export through the real app, over REST and MCP. */
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { issueApiKey } from "../../platform/auth/issue-api-key.js";
import { databaseSnapshotBesideUsage } from "../../testing/database-snapshot.js";
import { callMcpTool, postMcpMessage } from "../../testing/mcp-call.js";
import { buildTenant, createTestContext, TEST_START, type TestContext, type TestTenant } from "../../testing/test-harness.js";
import { personalDataSchema } from "./personal-data-schema.js";

let context: TestContext;
let acme: TestTenant;

beforeEach(async () => {
  context = await createTestContext();
  acme = await buildTenant(context.services);
});
afterEach(() => context.close());

const DAY = 86_400_000;

/** Zelda, who emailed and met the administrator and Cleo, with a note about her and one about Cleo. */
async function zeldaAndCleo(tenant = acme) {
  const { store } = context.services;
  const tenantUuid = tenant.tenant.uuid;
  const globex = await store.companies.create({ tenant_uuid: tenantUuid, company_name: "Globex" });
  const zelda = await store.persons.create({ tenant_uuid: tenantUuid, name: "Zelda Quintero", emails: ["zelda@quintero.example"], primary_company_uuid: globex.uuid });
  const cleo = await store.persons.create({ tenant_uuid: tenantUuid, name: "Cleo Park", emails: ["cleo@globex.example"], primary_company_uuid: globex.uuid });
  const me = tenant.admin.person_uuid;
  await store.emails.ingest(tenantUuid, { message_id: "shared", subject: "Term sheet", sent_at: TEST_START - 2 * DAY, from: { person_uuid: me }, to: [{ person_uuid: zelda.uuid }, { person_uuid: cleo.uuid }] });
  await store.meetings.create(tenantUuid, { title: "Board", starts_at: TEST_START - DAY, attendees: [{ person_uuid: me }, { person_uuid: zelda.uuid }, { person_uuid: cleo.uuid }] });
  await store.notes.create({ tenant_uuid: tenantUuid, content: "Met Zelda at the fair", associations: [{ entity_type: "PERSON", entity_uuid: zelda.uuid }] }, { user_uuid: null });
  await store.notes.create({ tenant_uuid: tenantUuid, content: "Cleo's private plans", associations: [{ entity_type: "PERSON", entity_uuid: cleo.uuid }] }, { user_uuid: null });
  return { zelda, cleo };
}

const exportOf = (personUuid: string, key = acme.adminKey) => context.request(`/v1/persons/${personUuid}/personal-data`, { key });

describe("GET /v1/persons/{person_uuid}/personal-data", () => {
  it("answers an administrator with the document as a JSON attachment, other persons only counted", async () => {
    const { zelda, cleo } = await zeldaAndCleo();
    const response = await exportOf(zelda.uuid);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("application/json");
    expect(response.headers.get("content-disposition")).toBe(`attachment; filename="personal-data-${zelda.uuid}.json"`);
    expect(response.headers.get("cache-control")).toBe("no-store");
    const body = (await response.json()) as Record<string, any>;
    // The schema the OpenAPI document shows describes every field, at every depth.
    expect(personalDataSchema.parse(body)).toEqual(body);
    expect(body).toMatchObject({
      tenant_uuid: acme.tenant.uuid,
      person_uuid: zelda.uuid,
      exported_at: TEST_START,
      persons: [{ uuid: zelda.uuid, name: "Zelda Quintero" }],
      email_addresses: [{ address: "zelda@quintero.example", is_primary: true }],
      user: null,
      affiliations: [{ company_name: "Globex", is_current: true }],
      notes: [{ content: "Met Zelda at the fair" }],
      emails: [{ message_id: "shared", subject: "Term sheet", roles: ["to"], other_participant_count: 2, body: null }],
      meetings: [{ title: "Board", organizer: false, response: "accepted", left: false, other_attendee_count: 2 }],
      derived: { relationships: [{ user_uuid: acme.admin.uuid, user_name: "Alice" }] },
    });
    expect(body.derived.relationships[0].connection_score).toBeGreaterThan(0);
    // What the numbers mean travels with them: the person reading the file has no OpenAPI document.
    expect(Object.keys(body.derived.explanation).sort()).toEqual(["connection_score", "path_power", "strength_label", "use"]);
    expect(body.derived.explanation.strength_label).toContain("weak below 0.25");
    const text = JSON.stringify(body);
    for (const other of [cleo.uuid, "Cleo", "cleo@globex.example", acme.admin.person_uuid, acme.admin.email]) expect(text).not.toContain(other);
  });

  it("sends a mailbox of more than one page whole, read a page at a time, and the server serves others meanwhile", async () => {
    const { zelda } = await zeldaAndCleo();
    const { store } = context.services;
    const tenantUuid = acme.tenant.uuid;
    const emails = Array.from({ length: 1_100 }, (_, index) => ({
      message_id: `mailbox-${index}`,
      sent_at: TEST_START - 3 * DAY + Math.floor(index / 2) * 1_000,
      from: { person_uuid: acme.admin.person_uuid },
      to: [{ person_uuid: zelda.uuid }],
    }));
    for (const result of await store.emails.ingestMany(tenantUuid, emails)) if ("email" in result) await store.emailBodies.put(tenantUuid, result.email.uuid, `Body ${result.email.message_id}`);
    const whole = (await store.persons.exportPersonalData(tenantUuid, zelda.uuid))!;
    const response = await exportOf(zelda.uuid);
    const reader = response.body!.getReader();
    const first = await reader.read();
    expect(first.done).toBe(false);
    // Half sent: another request goes through.
    expect((await context.request(`/v1/persons/${zelda.uuid}`, { key: acme.key })).status).toBe(200);
    const chunks = [first.value!];
    for (let next = await reader.read(); !next.done; next = await reader.read()) chunks.push(next.value);
    const body = JSON.parse(Buffer.concat(chunks).toString("utf8")) as typeof whole;
    expect(body.emails).toHaveLength(1_101);
    expect(body.emails).toEqual(whole.emails);
    expect(body.emails.at(-1)).toMatchObject({ message_id: "shared" });
    expect(body.emails.find((email) => email.message_id === "mailbox-1099")).toMatchObject({ roles: ["to"], body: "Body mailbox-1099" });
  });

  it("answers a tenant-wide key, a read-only one too (it is a read), and exports a user's own person with the account", async () => {
    await zeldaAndCleo();
    const response = await exportOf(acme.member.person_uuid, acme.key);
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ person_uuid: acme.member.person_uuid, user: { uuid: acme.member.uuid, name: "Mike", role: "member" } });
    const readOnly = (await issueApiKey(context.services.store, { tenantUuid: acme.tenant.uuid, readOnly: true })).plaintext;
    expect((await exportOf(acme.member.person_uuid, readOnly)).status).toBe(200);
  });

  it("is for administrators: a member gets 403", async () => {
    const { zelda } = await zeldaAndCleo();
    const refused = await context.json(`/v1/persons/${zelda.uuid}/personal-data`, { key: acme.memberKey });
    expect(refused).toEqual({ status: 403, body: { error: "only an administrator may export a person's personal data" } });
  });

  it("answers 404 for an unknown person, another tenant's (showing nothing of it) and a merged-away one; 400 for a bad uuid", async () => {
    const other = await buildTenant(context.services, { name: "Other" });
    const { zelda } = await zeldaAndCleo(other);
    const snapshot = databaseSnapshotBesideUsage(context.databasePath);
    const theirs = await context.json(`/v1/persons/${zelda.uuid}/personal-data`, { key: acme.adminKey });
    expect(theirs).toEqual({ status: 404, body: { error: `person ${zelda.uuid} not found` } });
    const unknown = "00000000-0000-4000-8000-000000000000";
    expect(await context.json(`/v1/persons/${unknown}/personal-data`, { key: acme.adminKey })).toEqual({ status: 404, body: { error: `person ${unknown} not found` } });
    expect(databaseSnapshotBesideUsage(context.databasePath)).toEqual(snapshot);

    const { store } = context.services;
    const yuri = await store.persons.create({ tenant_uuid: other.tenant.uuid, name: "Yuri" });
    await store.personMerges.merge({ tenant_uuid: other.tenant.uuid, canonical_uuid: zelda.uuid, superseded_uuid: yuri.uuid, preview: false, merged_by_user_uuid: null });
    const merged = await context.json(`/v1/persons/${yuri.uuid}/personal-data`, { key: other.adminKey });
    expect(merged).toEqual({ status: 404, body: { error: `person ${yuri.uuid} was merged into person ${zelda.uuid}` } });
    const canonical = (await (await exportOf(zelda.uuid, other.adminKey)).json()) as Record<string, any>;
    expect(canonical.persons.map((person: { uuid: string }) => person.uuid)).toEqual([zelda.uuid, yuri.uuid]);

    expect((await context.json(`/v1/persons/not-a-uuid/personal-data`, { key: acme.adminKey })).status).toBe(400);
  });

  it("is a read-only MCP tool whose call answers a preview, whole for a person with little held", async () => {
    const { zelda } = await zeldaAndCleo();
    const listed = await postMcpMessage<{ tools: Array<{ name: string; annotations: Record<string, unknown>; description: string }> }>(context, { method: "tools/list" }, { "x-api-key": acme.key });
    const tool = listed.result!.tools.find((candidate) => candidate.name === "exportPersonalData")!;
    expect(tool.annotations).toMatchObject({ readOnlyHint: true });
    expect(tool.description).not.toContain("Content-Disposition");
    // An agent is told when to call it, and what to call to merely look a person up.
    expect(tool.description).toContain("Use it only when a person asked for the data held about them");
    expect(tool.description).toContain("GET /v1/persons/{person_uuid} (tool getPerson)");
    const called = await callMcpTool(context, { name: "exportPersonalData", args: { person_uuid: zelda.uuid }, headers: { "x-api-key": acme.key } });
    expect(called.isError).toBeUndefined();
    expect(called.structuredContent).toMatchObject({ person_uuid: zelda.uuid, notes: [{ content: "Met Zelda at the fair" }] });
    // Nothing left out: the preview is the document, with what it says of itself first.
    const { preview, ...document } = called.structuredContent as { preview: Record<string, unknown> };
    expect(Object.keys(called.structuredContent!)[0]).toBe("preview");
    expect(preview).toMatchObject({ complete: true, counts: { emails: 1, meetings: 1, notes: 1, persons: 1, "derived.relationships": 1 }, whole_document: "This is the whole document: nothing was left out." });
    const whole = (await (await exportOf(zelda.uuid)).json()) as Record<string, unknown>;
    expect({ ...document, exported_at: whole.exported_at, derived: { ...(document as { derived: object }).derived, computed_at: null } }).toEqual({
      ...whole,
      derived: { ...(whole.derived as object), computed_at: null },
    });
    const refused = await callMcpTool(context, { name: "exportPersonalData", args: { person_uuid: zelda.uuid }, headers: { "x-api-key": acme.memberKey } });
    expect(refused.isError).toBe(true);
  });

  it("is in the OpenAPI document with its response schema", async () => {
    const document = await context.json("/v1/openapi.json");
    const operation = document.body!.paths["/v1/persons/{person_uuid}/personal-data"].get;
    expect(operation.operationId).toBe("exportPersonalData");
    expect(JSON.stringify(operation.responses["200"])).toContain("other_participant_count");
  });
});
