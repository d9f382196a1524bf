/**
 * Who may do what, as a matrix over the operation table (spec, Authentication and Errors; docs/api-decisions.md,
 * "Authentication and roles" and each resource's rules): every operation refuses every bad user context; every
 * operation that may write is classified as open to any member or held to an owner-or-administrator rule, whose
 * rows call it as the owner, another member, an administrator and a tenant-wide key, over REST and over MCP (an API
 * key and an OAuth token of a member); a refusal writes nothing. One app and one set of tenants, users and keys.
 */
import { randomUUID } from "node:crypto";
import { SignJWT, importJWK } from "jose";
import type { User } from "@rapport/store";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createApp } from "../../app.js";
import { accountIdFor } from "../../oauth/account-id.js";
import { GRANT_CLAIM } from "../../oauth/access-token-grant.js";
import { loadSigningKeys, SIGNING_ALGORITHM } from "../../oauth/signing-keys.js";
import { changesNothing, isAdministratorsOnly, type AnyOperation } from "../../operations/operation.js";
import { operations } from "../../routes/operations.js";
import { buildPopulatedTenant, type PopulatedTenant } from "../../testing/populated-tenant.js";
import { postMcpMessage } from "../../testing/mcp-call.js";
import { buildTenant, createTestContext, type TestContext, type TestTenant } from "../../testing/test-harness.js";
import type { ToolResult } from "../../mcp/tool-request.js";
import { issueApiKey } from "./issue-api-key.js";

const PUBLIC_URL = "https://rapport.example.com";
const UNKNOWN = "00000000-0000-4000-8000-000000000000";

let context: TestContext;
let acme: PopulatedTenant;
let other: TestTenant;
let nina: User;
let dana: User;
let ninaKey: string;
let danaKey: string;
let ninaToken: string;
let oauthApp: ReturnType<typeof createApp>;
/** Records of Mike (acme's member), made through the API as him: the ids the rows name. */
let records: Record<string, string> = {};

const operationById = new Map(operations.map((operation) => [operation.operationId, operation]));

/** An access token as the authorization server issues one (a live grant, the `mcp` scope), signed in-process. */
async function accessTokenOf(user: User, scope: string): Promise<string> {
  const { store } = context.services;
  const keys = await loadSigningKeys(store);
  const accountId = accountIdFor(user.tenant_uuid, user.uuid);
  const grantId = randomUUID();
  await store.oauthModels.upsert({
    model: "Grant",
    id: grantId,
    payload: { accountId, clientId: "matrix-agent" },
    grant_id: null,
    uid: null,
    user_code: null,
    expires_at: null,
  });
  const key = await importJWK(keys.privateKeys[0]!, SIGNING_ALGORITHM);
  return new SignJWT({ client_id: "matrix-agent", scope, [GRANT_CLAIM]: grantId, jti: randomUUID() })
    .setProtectedHeader({ alg: SIGNING_ALGORITHM, kid: keys.currentKid, typ: "at+jwt" })
    .setIssuer(PUBLIC_URL)
    .setAudience(`${PUBLIC_URL}/mcp`)
    .setSubject(accountId)
    .setIssuedAt()
    .setExpirationTime("1h")
    .sign(key);
}

async function make(path: string, key: string, body: unknown): Promise<Record<string, any>> {
  const answer = await context.json(path, { key, method: "POST", body });
  expect(answer.status, `${path}: ${JSON.stringify(answer.body)}`).toBeLessThan(300);
  return answer.body!;
}

/** A set of records of Mike's, each with a link, for one caller's rows (a deletion takes its record). */
async function makeMikesRecords(): Promise<Record<string, string>> {
  const mike = acme.memberKey;
  const made: Record<string, string> = {};
  made.person_uuid = (await make("/v1/persons", mike, { name: "Erin Erasable" })).uuid;
  const link = { entity_type: "PERSON", entity_uuid: made.person_uuid };
  made.note_uuid = (await make("/v1/notes", mike, { content: "Mike's note", associations: [link] })).uuid;
  made.note_link = (await context.json(`/v1/notes/${made.note_uuid}/associations`, { key: mike })).body!.items[0].uuid;
  made.list_uuid = (await make("/v1/lists", mike, { name: `Mike's list ${randomUUID()}`, kind: "persons" })).uuid;
  await make(`/v1/lists/${made.list_uuid}/entities`, mike, { entity_type: "PERSON", entity_uuids: [made.person_uuid] });
  const opportunity = await make("/v1/opportunities", mike, { name: "Mike's deal", type_uuid: acme.pathIds.type_uuid, stage_uuid: acme.pathIds.stage_uuid, associations: [link] });
  made.opportunity_uuid = opportunity.uuid;
  made.opportunity_link = (await context.json(`/v1/opportunities/${opportunity.uuid}/associations`, { key: mike })).body!.items[0].uuid;
  made.meeting_uuid = (await make("/v1/meetings", mike, { title: "Mike's call", starts_at: "2026-12-01T15:00:00Z", attendees: [acme.member.email, "person@acme.example"] })).uuid;
  made.personal_task = (await make("/v1/tasks", mike, { title: "Mike's own follow-up", scope: "PERSONAL" })).uuid;
  made.personal_task_link = (await make(`/v1/tasks/${made.personal_task}/associations`, mike, link)).uuid;
  const form = new FormData();
  form.set("file", new Blob(["Mike's memo"], { type: "text/plain" }), "memo.txt");
  const upload = await context.app.request("/v1/files", { method: "POST", headers: { "x-api-key": mike }, body: form });
  expect(upload.status).toBe(201);
  made.file_uuid = ((await upload.json()) as { uuid: string }).uuid;
  const field = await context.services.store.opportunityCustomFields.create({ tenant_uuid: acme.tenant.uuid, key: `field_${randomUUID().slice(0, 8)}`, name: "Vehicle", type: "text" });
  made.field_uuid = field.uuid;
  const type = await context.services.store.opportunityTypes.create({ tenant_uuid: acme.tenant.uuid, label: `Mandate ${randomUUID()}` });
  made.type_uuid = type.uuid;
  made.stage_uuid = (await context.services.store.opportunityStages.create({ tenant_uuid: acme.tenant.uuid, type_uuid: type.uuid, stage_type: "PARENT", name: "Pitch" })).uuid;
  return made;
}

beforeAll(async () => {
  context = await createTestContext();
  const { store } = context.services;
  acme = await buildPopulatedTenant(context.services, "Acme");
  other = await buildTenant(context.services, { name: "Other" });
  nina = await store.users.create({ tenant_uuid: acme.tenant.uuid, name: "Nina", email: "nina@acme-matrix.example", role: "member" });
  dana = await store.users.create({ tenant_uuid: acme.tenant.uuid, name: "Dana", email: "dana@acme-matrix.example", role: "member" });
  ninaKey = (await issueApiKey(store, { tenantUuid: acme.tenant.uuid, userUuid: nina.uuid })).plaintext;
  danaKey = (await issueApiKey(store, { tenantUuid: acme.tenant.uuid, userUuid: dana.uuid })).plaintext;
  await store.users.deactivate(acme.tenant.uuid, dana.uuid);
  oauthApp = createApp(context.services, { publicUrl: PUBLIC_URL, validateResponses: true });
  ninaToken = await accessTokenOf(nina, "mcp");

  records = await makeMikesRecords();
});
afterAll(() => context.close());

type Caller = "tenant" | "admin" | "mike" | "nina" | "ninaKey";
const headersOf = (caller: Caller): Record<string, string> =>
  ({
    tenant: { "x-api-key": acme.key },
    admin: { "x-api-key": acme.adminKey },
    mike: { "x-api-key": acme.memberKey },
    nina: { "x-api-key": acme.key, "x-service-user-id": nina.uuid },
    ninaKey: { "x-api-key": ninaKey },
  })[caller];

function pathOf(operation: AnyOperation, ids: Record<string, string>): string {
  return operation.path.replace(/\{([^}]+)\}/g, (_whole, name: string) => ids[name] ?? UNKNOWN);
}

describe("the user context, for every operation", () => {
  const refusals: Array<{ caller: string; headers: () => Record<string, string>; error: string }> = [
    { caller: "a malformed x-service-user-id", headers: () => ({ "x-api-key": acme.key, "x-service-user-id": "mike" }), error: "x-service-user-id must be the UUID of a user of this tenant" },
    { caller: "an empty x-service-user-id", headers: () => ({ "x-api-key": acme.key, "x-service-user-id": " " }), error: "x-service-user-id must be the UUID of a user of this tenant" },
    { caller: "another tenant's user", headers: () => ({ "x-api-key": acme.key, "x-service-user-id": other.member.uuid }), error: "x-service-user-id is not a user of this tenant" },
    { caller: "a user that does not exist", headers: () => ({ "x-api-key": acme.key, "x-service-user-id": UNKNOWN }), error: "x-service-user-id is not a user of this tenant" },
    { caller: "a deactivated user", headers: () => ({ "x-api-key": acme.key, "x-service-user-id": dana.uuid }), error: "x-service-user-id names a deactivated user" },
    { caller: "a key of a since deactivated user", headers: () => ({ "x-api-key": danaKey }), error: "the user this API key is bound to is deactivated" },
    { caller: "a member's key naming another user", headers: () => ({ "x-api-key": acme.memberKey, "x-service-user-id": acme.admin.uuid }), error: "x-service-user-id does not match the user this API key is bound to" },
  ];
  it.each(refusals)("answers 403 to $caller on every operation and writes nothing", async ({ headers, error }) => {
    context.clock.advance(1_000);
    const revision = context.services.store.revision(acme.tenant.uuid);
    for (const operation of operations) {
      const response = await context.app.request(pathOf(operation, {}), {
        method: operation.method.toUpperCase(),
        headers: { "content-type": "application/json", ...headers() },
        body: operation.method === "get" ? undefined : "{}",
      });
      expect(response.status, `${operation.operationId}`).toBe(403);
      expect(await response.json(), operation.operationId).toEqual({ error });
    }
    expect(context.services.store.revision(acme.tenant.uuid)).toBe(revision);
  });
});

/** One call of an operation: the ids of its path, its query and body (the operation's example body unless given). */
interface Call {
  operationId: string;
  ids: () => Record<string, string>;
  query?: Record<string, string>;
  body?: () => unknown;
}

/** A call another member is refused, with the status and message every such caller gets. */
interface Refusal extends Call {
  status: 403 | 404;
  error: (ids: Record<string, string>) => string;
  /** Who else is refused too (PERSONAL tasks exist for their creator alone). */
  alsoRefused?: Caller[];
}

async function restCall(call: Call, headers: Record<string, string>): Promise<{ status: number; body: any }> {
  const operation = operationById.get(call.operationId)!;
  const query = new URLSearchParams(call.query ?? {});
  const body = call.body ? call.body() : operation.example?.body;
  const response = await context.app.request(`${pathOf(operation, call.ids())}${query.size > 0 ? `?${query}` : ""}`, {
    method: operation.method.toUpperCase(),
    headers: { "content-type": "application/json", ...headers },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  return { status: response.status, body: /^application\/json/.test(response.headers.get("content-type") ?? "") ? JSON.parse(text) : text || null };
}

async function mcpCall(call: Call, app: ReturnType<typeof createApp>, headers: Record<string, string>): Promise<{ status: number; body: any }> {
  const operation = operationById.get(call.operationId)!;
  const body = call.body ? call.body() : operation.example?.body;
  const query = Object.fromEntries(Object.entries(call.query ?? {}).map(([name, value]) => [name, value === "true" ? true : value]));
  const args = { ...call.ids(), ...query, ...(body === undefined ? {} : { body }) };
  const answer = await postMcpMessage<ToolResult>({ app } as TestContext, { method: "tools/call", params: { name: call.operationId, arguments: args } }, headers);
  const result = answer.result;
  if (!result) throw new Error(`${call.operationId} over MCP: ${answer.error?.message}`);
  if (!result.isError) return { status: 200, body: result.structuredContent };
  // A tool with an output schema carries its error in the text alone: "HTTP 403: <message>". A tool the client is not
  // offered answers no HTTP status: its refusal says why (status 0 here).
  const text = result.content[0]!.text;
  const [, status, error] = /^HTTP (\d+): (.*)$/s.exec(text) ?? [];
  return status === undefined ? { status: 0, body: { error: text } } : { status: Number(status), body: { error } };
}

const company = () => acme.pathIds.company_uuid!;
const noteRule = () => "only the note's owner or an administrator may change or delete it";
const opportunityRule = () => "only the opportunity's owner, its creator or an administrator may change it";
const meetingRule = () => "only the meeting's creator, its organizer or an administrator may change or delete it";
const missingList = (ids: Record<string, string>) => `list ${ids.list_uuid} not found`;
const missingTask = (ids: Record<string, string>) => `task ${ids.task_id} not found`;
const administratorsOnly = (action: string) => () => `only an administrator may ${action}`;
const hiddenFromAll: Caller[] = ["tenant", "admin"];

/** Mike's records another member (Nina) may read but not change; admins and tenant-wide calls may (spec, Roles). */
const refusals: Refusal[] = [
  { operationId: "updateNote", ids: () => ({ note_uuid: records.note_uuid! }), status: 403, error: noteRule },
  { operationId: "deleteNote", ids: () => ({ note_uuid: records.note_uuid! }), status: 403, error: noteRule },
  { operationId: "createNoteAssociation", ids: () => ({ note_uuid: records.note_uuid! }), body: () => ({ entity_type: "COMPANY", entity_uuid: company() }), status: 403, error: noteRule },
  { operationId: "deleteNoteAssociation", ids: () => ({ note_uuid: records.note_uuid!, association_uuid: records.note_link! }), status: 403, error: noteRule },
  { operationId: "updateEntityList", ids: () => ({ list_uuid: records.list_uuid! }), status: 404, error: missingList },
  { operationId: "deleteEntityList", ids: () => ({ list_uuid: records.list_uuid! }), status: 404, error: missingList },
  { operationId: "addEntityListEntities", ids: () => ({ list_uuid: records.list_uuid! }), body: () => ({ entity_type: "PERSON", entity_uuids: [acme.admin.person_uuid] }), status: 404, error: missingList },
  { operationId: "removeEntityListEntity", ids: () => ({ list_uuid: records.list_uuid!, entity_uuid: records.person_uuid! }), status: 404, error: missingList },
  { operationId: "updateOpportunity", ids: () => ({ opportunity_uuid: records.opportunity_uuid! }), status: 403, error: opportunityRule },
  { operationId: "deleteOpportunity", ids: () => ({ opportunity_uuid: records.opportunity_uuid! }), status: 403, error: opportunityRule },
  { operationId: "createOpportunityAssociation", ids: () => ({ opportunity_uuid: records.opportunity_uuid! }), body: () => ({ entity_type: "COMPANY", entity_uuid: company() }), status: 403, error: opportunityRule },
  { operationId: "deleteOpportunityAssociation", ids: () => ({ opportunity_uuid: records.opportunity_uuid!, association_uuid: records.opportunity_link! }), status: 403, error: opportunityRule },
  { operationId: "deleteFile", ids: () => ({ file_uuid: records.file_uuid! }), status: 403, error: () => "only the user who uploaded the file or an administrator may delete it" },
  { operationId: "updateMeeting", ids: () => ({ meeting_uuid: records.meeting_uuid! }), status: 403, error: meetingRule },
  { operationId: "deleteMeeting", ids: () => ({ meeting_uuid: records.meeting_uuid! }), status: 403, error: meetingRule },
  { operationId: "getTask", ids: () => ({ task_id: records.personal_task! }), status: 404, error: missingTask, alsoRefused: hiddenFromAll },
  { operationId: "updateTask", ids: () => ({ task_id: records.personal_task! }), status: 404, error: missingTask, alsoRefused: hiddenFromAll },
  { operationId: "deleteTask", ids: () => ({ task_id: records.personal_task! }), status: 404, error: missingTask, alsoRefused: hiddenFromAll },
  { operationId: "createTaskAssociation", ids: () => ({ task_id: records.personal_task! }), body: () => ({ entity_type: "COMPANY", entity_uuid: company() }), status: 404, error: missingTask, alsoRefused: hiddenFromAll },
  { operationId: "listTaskAssociations", ids: () => ({ task_id: records.personal_task! }), status: 404, error: missingTask, alsoRefused: hiddenFromAll },
  { operationId: "deleteTaskAssociation", ids: () => ({ task_id: records.personal_task!, association_uuid: records.personal_task_link! }), status: 404, error: missingTask, alsoRefused: hiddenFromAll },
  { operationId: "getEmail", ids: () => ({ email_uuid: acme.pathIds.email_uuid! }), query: { include_body: "true" }, status: 403, error: () => "only an administrator or a member whose own person is on the email may read its body" },
  { operationId: "getImport", ids: () => ({ import_uuid: acme.pathIds.import_uuid! }), status: 404, error: (ids) => `import ${ids.import_uuid} not found` },
  { operationId: "cancelImport", ids: () => ({ import_uuid: acme.pathIds.running_import_uuid! }), status: 404, error: (ids) => `import ${ids.import_uuid} not found` },
  { operationId: "createOpportunityType", ids: () => ({}), body: () => ({ label: `Fund ${randomUUID()}` }), status: 403, error: administratorsOnly("create opportunity types") },
  { operationId: "updateOpportunityType", ids: () => ({ type_uuid: records.type_uuid! }), status: 403, error: administratorsOnly("change opportunity types") },
  { operationId: "createOpportunityStage", ids: () => ({ type_uuid: acme.pathIds.type_uuid! }), body: () => ({ stage_type: "PARENT", name: `Stage ${randomUUID()}` }), status: 403, error: administratorsOnly("change pipelines") },
  { operationId: "updateOpportunityStage", ids: () => ({ type_uuid: records.type_uuid!, stage_uuid: records.stage_uuid! }), status: 403, error: administratorsOnly("change pipelines") },
  { operationId: "reorderOpportunityStages", ids: () => ({ type_uuid: records.type_uuid! }), body: () => ({ stage_type: "PARENT", stage_uuids: [records.stage_uuid] }), status: 403, error: administratorsOnly("change pipelines") },
  { operationId: "createOpportunityCustomField", ids: () => ({}), body: () => ({ key: `field_${randomUUID().slice(0, 8)}`, name: "Vehicle", type: "text" }), status: 403, error: administratorsOnly("define custom fields") },
  { operationId: "updateOpportunityCustomField", ids: () => ({ field_uuid: records.field_uuid! }), status: 403, error: administratorsOnly("change custom fields") },
  { operationId: "deleteOpportunityCustomField", ids: () => ({ field_uuid: records.field_uuid! }), status: 403, error: administratorsOnly("delete custom fields") },
  { operationId: "erasePerson", ids: () => ({ person_uuid: records.person_uuid! }), status: 403, error: administratorsOnly("erase a person") },
  { operationId: "exportPersonalData", ids: () => ({ person_uuid: records.person_uuid! }), status: 403, error: administratorsOnly("export a person's personal data") },
];

/** The operations that may write and hold no owner or administrator rule: every member may (spec, Roles: "creates records"; persons and companies are shared). */
const openToEveryMember = [
  "ingestEmails", "createMeeting", "createPerson", "updatePerson", "createCompany", "updateCompany", "createPersonsBatch", "mergePerson", "mergeCompany",
  "createEntityList", "createOpportunity", "createNote", "createNotesBatch", "createTask", "uploadFile", "createImport",
];

describe("a tenant key naming a user", () => {
  it("acts as that user: an administrator changes a member's note, a member is refused it", async () => {
    const call: Call = { operationId: "updateNote", ids: () => ({ note_uuid: records.note_uuid! }), body: () => ({ content: "Edited" }) };
    const asAdministrator = await restCall(call, { "x-api-key": acme.key, "x-service-user-id": acme.admin.uuid });
    expect([asAdministrator.status, asAdministrator.body.content]).toEqual([200, "Edited"]);
    expect((await restCall(call, headersOf("nina"))).status).toBe(403);
  });
});

describe("a person uuid in x-service-user-id", () => {
  it("is still a 403, which names the active user of the tenant it is the person of and the uuid to send", async () => {
    const me = (headers: Record<string, string>) => restCall({ operationId: "getMe", ids: () => ({}) }, headers);
    const refusal = (error: string) => ({ status: 403, body: { error } });
    const hint = `: that is the person uuid of user 'Nina'; send the user's uuid ${nina.uuid} (GET /v1/users)`;
    expect(await me({ "x-api-key": acme.key, "x-service-user-id": nina.person_uuid.toUpperCase() })).toEqual(refusal(`x-service-user-id is not a user of this tenant${hint}`));
    expect(await me({ "x-api-key": ninaKey, "x-service-user-id": nina.person_uuid })).toEqual(refusal(`x-service-user-id does not match the user this API key is bound to${hint}`));
    // Another tenant's person is an unknown uuid; a colleague's person is no uuid a bound key may send.
    expect(await me({ "x-api-key": acme.key, "x-service-user-id": other.member.person_uuid })).toEqual(refusal("x-service-user-id is not a user of this tenant"));
    expect(await me({ "x-api-key": acme.key, "x-service-user-id": dana.person_uuid })).toEqual(refusal("x-service-user-id is not a user of this tenant"));
    expect(await me({ "x-api-key": ninaKey, "x-service-user-id": acme.member.person_uuid })).toEqual(refusal("x-service-user-id does not match the user this API key is bound to"));
  });
});

describe("the user context of an OAuth token over MCP", () => {
  const postToolCall = async (headers: Record<string, string>, name: string, args: Record<string, unknown>) => {
    const response = await oauthApp.request("/mcp", {
      method: "POST",
      headers: { "content-type": "application/json", accept: "application/json, text/event-stream", "mcp-protocol-version": "2025-06-18", ...headers },
      body: JSON.stringify({ jsonrpc: "2.0", id: 1, method: "tools/call", params: { name, arguments: args } }),
    });
    return { status: response.status, text: await response.text() };
  };

  it("is its user's as a bound key's is: another user named is a 403 saying so, a deactivated user a 401, mcp:read writes nothing", async () => {
    context.clock.advance(1_000);
    const mismatched = await postToolCall({ authorization: `Bearer ${ninaToken}`, "x-service-user-id": acme.member.uuid }, "getMe", {});
    expect([mismatched.status, JSON.parse(mismatched.text)]).toEqual([403, { error: "x-service-user-id does not match the user this OAuth access token acts for" }]);
    const deactivated = await postToolCall({ authorization: `Bearer ${await accessTokenOf(dana, "mcp")}` }, "getMe", {});
    expect([deactivated.status, JSON.parse(deactivated.text)]).toEqual([401, { error: "invalid access token: its user is deactivated" }]);
    const revision = context.services.store.revision(acme.tenant.uuid);
    const reading = await postToolCall({ authorization: `Bearer ${await accessTokenOf(nina, "mcp:read")}` }, "createNote", { body: { content: "Not written" } });
    expect(reading.text).toContain("tool 'createNote' is not available to this client: its OAuth access is read-only (scope mcp:read)");
    expect(context.services.store.revision(acme.tenant.uuid)).toBe(revision);
  });
});

/** The operations only an administrator may make, as the table flags them (`onlyAdministratorsMay`). */
const administratorOperationIds = new Set(operations.filter(isAdministratorsOnly).map((operation) => operation.operationId));

/** The tool error of an administrator's tool, which a member's MCP client is not offered. */
const notOfferedToNina = (name: string) =>
  `tool '${name}' is not available to this client: only an administrator may call it, and its calls act as 'Nina', a member; calling it takes an administrator's API key or sign-in, which the client's user sets up (no tool call can); tools/list names the tools it has`;

describe("a member's MCP client", () => {
  it("is offered every tool but the administrators' (those a member is refused whatever the record), by key, user context or OAuth token", async () => {
    expect([...administratorOperationIds].sort()).toEqual(refusals.filter((row) => row.error({}).startsWith("only an administrator may")).map((row) => row.operationId).sort());
    const listed = async (app: ReturnType<typeof createApp>, headers: Record<string, string>) =>
      (await postMcpMessage<{ tools: Array<{ name: string }> }>({ app } as TestContext, { method: "tools/list", params: {} }, headers)).result!.tools.map((tool) => tool.name);
    const everyTool = await listed(context.app, headersOf("admin"));
    expect(everyTool).toHaveLength(operations.length);
    const members = everyTool.filter((name) => !administratorOperationIds.has(name));
    expect(await listed(context.app, { "x-api-key": ninaKey }), "Nina's key").toEqual(members);
    expect(await listed(context.app, headersOf("nina")), "a tenant key naming Nina").toEqual(members);
    expect(await listed(oauthApp, { authorization: `Bearer ${ninaToken}` }), "Nina's OAuth token").toEqual(members);
    expect(await listed(context.app, headersOf("tenant")), "a tenant-wide key").toEqual(everyTool);
  });

  it("counts a call of an administrator's tool once, as the MCP request it is", async () => {
    context.clock.advance(1_000);
    const remaining = async () => {
      const response = await context.app.request("/mcp", {
        method: "POST",
        headers: { "content-type": "application/json", accept: "application/json", "mcp-protocol-version": "2025-06-18", "x-api-key": ninaKey },
        body: JSON.stringify({ jsonrpc: "2.0", id: 1, method: "tools/call", params: { name: "erasePerson", arguments: { person_uuid: UNKNOWN } } }),
      });
      expect(await response.text()).toContain("only an administrator may call it");
      return Number(response.headers.get("x-ratelimit-remaining"));
    };
    const first = await remaining();
    expect(first - (await remaining())).toBe(1);
  });
});

describe("owners, other members, administrators and tenant-wide calls", () => {
  it("classifies every operation that may write", () => {
    const held = new Set([...refusals.map((row) => row.operationId), ...openToEveryMember]);
    const unclassified = operations.filter((operation) => !changesNothing(operation) && !held.has(operation.operationId)).map((operation) => operation.operationId);
    expect(unclassified, "add each to `refusals` or `openToEveryMember`").toEqual([]);
  });

  it.each(refusals)("$operationId: another member is refused over REST and MCP, with the answer a missing record gets where it is a 404, and nothing is written", async (row) => {
    context.clock.advance(1_000);
    const revision = context.services.store.revision(acme.tenant.uuid);
    const expected = { status: row.status, body: { error: row.error(row.ids()) } };
    const refusedCallers: Caller[] = ["nina", "ninaKey", ...(row.alsoRefused ?? [])];
    for (const caller of refusedCallers) expect(await restCall(row, headersOf(caller)), caller).toEqual(expected);
    const overMcp = administratorOperationIds.has(row.operationId) ? { status: 0, body: { error: notOfferedToNina(row.operationId) } } : expected;
    expect(await mcpCall(row, context.app, { "x-api-key": ninaKey }), "MCP, Nina's key").toEqual(overMcp);
    expect(await mcpCall(row, oauthApp, { authorization: `Bearer ${ninaToken}` }), "MCP, Nina's OAuth token").toEqual(overMcp);
    if (row.status === 404) {
      const nowhere = Object.fromEntries(Object.keys(row.ids()).map((name) => [name, randomUUID()]));
      expect(await restCall({ ...row, ids: () => nowhere }, headersOf("nina"))).toEqual({ status: 404, body: { error: row.error(nowhere) } });
    }
    expect(context.services.store.revision(acme.tenant.uuid)).toBe(revision);
  });

  /** Who may, beside the owner: an administrator and a tenant-wide call (an administrator named by a tenant key resolves as the key does). */
  const permitted: Array<{ caller: string; headers: () => Record<string, string>; may: (row: Refusal) => boolean }> = [
    // Mike neither started nor owns the fixture's imports: a tenant key did.
    { caller: "the owner", headers: () => headersOf("mike"), may: (row) => !row.error({}).startsWith("only an administrator may") && !["getImport", "cancelImport"].includes(row.operationId) },
    // The fixture's running import has no runner: its heartbeat goes stale as this file's clock moves on, and it is
    // then ended, whose cancel is a 409; cancel-import.test.ts has who may cancel a running one.
    { caller: "an administrator's key", headers: () => headersOf("admin"), may: (row) => !row.alsoRefused && row.operationId !== "cancelImport" },
    { caller: "a tenant-wide key", headers: () => headersOf("tenant"), may: (row) => !row.alsoRefused && row.operationId !== "cancelImport" },
  ];
  /** A record's own deletion goes last: the calls before it name the record. */
  const deletesItsRecord = (row: Refusal) => /^(delete|erase)/.test(row.operationId) && !row.operationId.endsWith("Association");

  it.each(permitted)("$caller may make every call of those rows it is not refused", async ({ headers, may }) => {
    context.clock.advance(1_000);
    records = await makeMikesRecords();
    const rows = refusals.filter(may);
    for (const row of [...rows.filter((row) => !deletesItsRecord(row)), ...rows.filter(deletesItsRecord)]) {
      const answer = await restCall(row, headers());
      expect(answer.status, `${row.operationId}: ${JSON.stringify(answer.body)}`).toBeLessThan(300);
    }
  });
});

describe("a member's upload of another user's mailbox", () => {
  it("is refused, by key and by user context, before anything is read or written", async () => {
    context.clock.advance(1_000);
    const revision = context.services.store.revision(acme.tenant.uuid);
    for (const caller of ["nina", "ninaKey"] as const) {
      const form = new FormData();
      form.set("kind", "mbox");
      form.set("user_uuid", acme.member.uuid);
      form.set("file", new Blob(["From mike@acme.example Mon Nov 23 10:00:00 2026\n\nHello\n"]), "mike.mbox");
      const response = await context.app.request("/v1/imports", { method: "POST", headers: headersOf(caller), body: form });
      expect([response.status, await response.json()], caller).toEqual([403, { error: "a member may import only their own mailbox or calendar: leave out user_uuid or name yourself" }]);
    }
    expect(context.services.store.revision(acme.tenant.uuid)).toBe(revision);
  });
});

describe("records another user's record goes with", () => {
  it("refuses a member the deletion of its deal while another member's sub-opportunity is under it, which would go with it", async () => {
    context.clock.advance(1_000);
    records = await makeMikesRecords();
    const childStage = (await context.json(`/v1/opportunity-types/${acme.pathIds.type_uuid}/stages?stage_type=CHILD`, { key: ninaKey })).body!.items[0].uuid;
    const tranche = await make("/v1/opportunities", ninaKey, { name: "Nina's tranche", parent_uuid: records.opportunity_uuid, stage_uuid: childStage });
    const revision = context.services.store.revision(acme.tenant.uuid);
    const call: Call = { operationId: "deleteOpportunity", ids: () => ({ opportunity_uuid: records.opportunity_uuid! }) };
    const refused = {
      status: 403,
      body: { error: `sub-opportunity ${tranche.uuid} ('Nina's tranche') is another user's and would be deleted with this opportunity: only its owner, its creator or an administrator may delete it` },
    };
    expect(await restCall(call, headersOf("mike"))).toEqual(refused);
    expect(await mcpCall(call, context.app, headersOf("mike"))).toEqual(refused);
    expect(context.services.store.revision(acme.tenant.uuid)).toBe(revision);
    expect((await restCall({ operationId: "deleteOpportunity", ids: () => ({ opportunity_uuid: tranche.uuid }) }, headersOf("ninaKey"))).status).toBe(204);
    expect((await restCall(call, headersOf("mike"))).status).toBe(204);
  });

  it("finds, in the deletion's transaction, a colleague's sub-opportunity created after the deletion read the deal", async () => {
    context.clock.advance(1_000);
    records = await makeMikesRecords();
    const { store } = context.services;
    const childStage = (await context.json(`/v1/opportunity-types/${acme.pathIds.type_uuid}/stages?stage_type=CHILD`, { key: ninaKey })).body!.items[0].uuid;
    const read = store.opportunities.get;
    let tranche: { uuid: string } | undefined;
    // Nina's tranche lands between the handler's read of the deal (no sub-opportunity then) and its deletion.
    store.opportunities.get = async (...args) => {
      const found = await read(...args);
      store.opportunities.get = read;
      tranche = await store.opportunities.create(
        { tenant_uuid: acme.tenant.uuid, name: "Nina's late tranche", parent_uuid: records.opportunity_uuid!, stage_uuid: childStage, owner_user_uuid: nina.uuid, actor_user_uuid: nina.uuid },
        { user_uuid: nina.uuid },
      );
      return found;
    };
    try {
      const answer = await restCall({ operationId: "deleteOpportunity", ids: () => ({ opportunity_uuid: records.opportunity_uuid! }) }, headersOf("mike"));
      expect(answer).toEqual({ status: 403, body: { error: `sub-opportunity ${tranche!.uuid} ('Nina's late tranche') is another user's and would be deleted with this opportunity: only its owner, its creator or an administrator may delete it` } });
    } finally {
      store.opportunities.get = read;
    }
    expect(await store.opportunities.get(acme.tenant.uuid, tranche!.uuid, { user_uuid: null })).not.toBeNull();
    expect(await store.opportunities.get(acme.tenant.uuid, records.opportunity_uuid!, { user_uuid: null })).not.toBeNull();
  });
});

describe("reads with and without a user context", () => {
  /** Reads whose answer is the caller's by design: who is calling, and what only administrators or creators see. */
  const callerDependent = new Set(["getMe", "exportPersonalData", "getImport"]);
  it("answer a member's user context as tenant-wide, where nothing of the member's own is involved", async () => {
    context.clock.advance(1_000);
    const differences: string[] = [];
    for (const operation of operations.filter((candidate) => candidate.method === "get" && !callerDependent.has(candidate.operationId))) {
      const call: Call = { operationId: operation.operationId, ids: () => acme.pathIds, query: operation.example?.query };
      const tenantWide = await restCall(call, headersOf("tenant"));
      const asNina = await restCall(call, headersOf("nina"));
      expect(tenantWide.status, operation.operationId).toBeLessThan(300);
      if (JSON.stringify(asNina) !== JSON.stringify(tenantWide)) differences.push(`${operation.operationId}: ${JSON.stringify(tenantWide).slice(0, 300)} / ${JSON.stringify(asNina).slice(0, 300)}`);
    }
    expect(differences).toEqual([]);
  });

  it("keep a deactivated user's PERSONAL task theirs alone: administrators and tenant-wide calls do not reach it, its creator does again once reactivated", async () => {
    const { store } = context.services;
    await store.users.reactivate(acme.tenant.uuid, dana.uuid);
    try {
      const task = await make("/v1/tasks", danaKey, { title: "Dana's own follow-up", scope: "PERSONAL" });
      await store.users.deactivate(acme.tenant.uuid, dana.uuid);
      const get: Call = { operationId: "getTask", ids: () => ({ task_id: task.uuid }) };
      for (const caller of ["admin", "tenant"] as const) {
        expect(await restCall(get, headersOf(caller)), caller).toEqual({ status: 404, body: { error: `task ${task.uuid} not found` } });
        expect((await restCall({ ...get, operationId: "deleteTask" }, headersOf(caller))).status, caller).toBe(404);
      }
      await store.users.reactivate(acme.tenant.uuid, dana.uuid);
      expect((await restCall(get, { "x-api-key": danaKey })).body.title).toBe("Dana's own follow-up");
    } finally {
      await store.users.deactivate(acme.tenant.uuid, dana.uuid);
    }
  });

  it("answer the user's own where the spec or a decision says so: their next meeting, their PERSONAL tasks", async () => {
    const fields = async (caller: Caller) => {
      const person = (await restCall({ operationId: "getPerson", ids: () => ({ person_uuid: acme.pathIds.person_uuid! }) }, headersOf(caller))).body;
      const tasks = (await restCall({ operationId: "listTasks", ids: () => ({}), query: { per_page: "50" } }, headersOf(caller))).body;
      return { my: person.my_next_meeting_title, next: person.next_meeting_title, personal: tasks.items.some((task: { uuid: string }) => task.uuid === records.personal_task) };
    };
    expect(await fields("tenant")).toEqual({ my: null, next: "Mike's call", personal: false });
    expect(await fields("mike")).toEqual({ my: "Mike's call", next: "Mike's call", personal: true });
    expect(await fields("nina")).toEqual({ my: null, next: "Mike's call", personal: false });
    expect(await fields("admin")).toEqual({ my: null, next: "Mike's call", personal: false });
  });
});
