/**
 * A name sent in a comma-separated UUID list (`listPersons uuids=Priya Nair`) is told which call finds the UUID by
 * name, as a single UUID argument is: the list's kind comes from the operation, or its `entity` argument. So is a
 * name in a body's list of UUIDs (a batch's targets), in an `entity_uuid` whose `entity_type` says PERSON or COMPANY,
 * and in a batch item's UUID, whose ERROR result says it.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { apiCaller } from "../testing/api-call.js";
import { callMcpTool } from "../testing/mcp-call.js";
import { buildTenant, createTestContext, type TestContext, type TestTenant } from "../testing/test-harness.js";

let context: TestContext;
let acme: TestTenant;
let call: ReturnType<typeof apiCaller>;

beforeAll(async () => {
  context = await createTestContext();
  acme = await buildTenant(context.services);
  call = apiCaller(context, () => acme.key);
});
afterAll(() => context.close());

const UUID = "06efa435-6c62-4cb7-9770-f221a0bcd7c6";

describe("a UUID list given a name", () => {
  it.each([
    ["/v1/persons?uuids=Priya%20Nair", "query parameter 'uuids': 'Priya Nair' is not a UUID; find a person's uuid by name with GET /v1/persons?name="],
    ["/v1/companies?uuids=Northwind", "query parameter 'uuids': 'Northwind' is not a UUID; find a company's uuid by name with GET /v1/companies?name="],
    [`/v1/pathpower/scores?entity=person&uuids=${UUID},Priya%20Nair`, "query parameter 'uuids': 'Priya Nair' is not a UUID; find a person's uuid by name with GET /v1/persons?name="],
    ["/v1/pathpower/scores?entity=company&uuids=Northwind", "query parameter 'uuids': 'Northwind' is not a UUID; find a company's uuid by name with GET /v1/companies?name="],
    // Lists named after their kind take its finder; a list of records no call finds by name stays bare.
    ["/v1/opportunities?person_uuid=Priya%20Nair", "query parameter 'person_uuid': 'Priya Nair' is not a UUID; find a person's uuid by name with GET /v1/persons?name="],
    ["/v1/opportunities?owner_user_uuid=Avery", "query parameter 'owner_user_uuid': 'Avery' is not a UUID; GET /v1/users lists the users with their uuids (GET /v1/me: the caller's)"],
    ["/v1/meetings?uuids=standup", "query parameter 'uuids': 'standup' is not a UUID"],
  ])("GET %s names the call that finds it", async (path, message) => {
    const answer = await call(path);
    expect(answer.status).toBe(400);
    expect(answer.body?.error).toBe(message);
  });

  it("names the finder tool over MCP, only where the client has it", async () => {
    const headers = { "x-api-key": acme.key };
    const text = (name: string, args: Record<string, unknown>, query?: string) => callMcpTool(context, { name, args, headers, query }).then((result) => result.content[0]!.text);
    expect(await text("listPathPowerScores", { entity: "person", uuids: "Priya Nair" })).toBe(
      "HTTP 400: argument 'uuids': 'Priya Nair' is not a UUID; find a person's uuid by name with the listPersons tool (name=)",
    );
    expect(await text("listPersons", { uuids: ["Priya Nair"] }, "?areas=persons")).toBe(
      "HTTP 400: argument 'uuids': 'Priya Nair' is not a UUID; find a person's uuid by name with the listPersons tool (name=)",
    );
    expect(await text("listPathPowerScores", { entity: "company", uuids: "Northwind" }, "?areas=pathpower")).toBe(
      "HTTP 400: argument 'uuids': 'Northwind' is not a UUID; no tool of this client finds a company by name: send one from an earlier answer, or ask for it",
    );
  });
});

describe("a UUID of a body list, or of a record its entity_type names, given a name", () => {
  const findPerson = "find a person's uuid by name with GET /v1/persons?name=";
  const findCompany = "find a company's uuid by name with GET /v1/companies?name=";
  it.each([
    ["/v1/persons/recommended-paths/batch", { uuids: [UUID, "Priya Nair"] }, `body field 'uuids.1': must be a UUID; ${findPerson}`],
    ["/v1/companies/recommended-paths/batch", { uuids: ["Northwind"] }, `body field 'uuids.0': must be a UUID; ${findCompany}`],
    ["/v1/persons/activity-stats/batch", { uuids: ["Priya Nair"] }, `body field 'uuids.0': must be a UUID; ${findPerson}`],
    ["/v1/notes", { content: "Met", associations: [{ entity_type: "COMPANY", entity_uuid: "Northwind" }] }, `body field 'associations.0.entity_uuid': must be a UUID; ${findCompany}`],
    ["/v1/tasks", { title: "Call", associations: [{ entity_type: "PERSON", entity_uuid: "Priya Nair" }] }, `body field 'associations.0.entity_uuid': must be a UUID; ${findPerson}`],
    // No call finds a note by name: the refusal stays bare.
    ["/v1/tasks", { title: "Call", associations: [{ entity_type: "NOTE", entity_uuid: "Met at the offsite" }] }, "body field 'associations.0.entity_uuid': must be a UUID"],
  ])("POST %s names the call that finds it", async (path, body, message) => {
    const answer = await call(path, { method: "POST", body });
    expect(answer.status).toBe(400);
    expect(answer.body?.error).toBe(message);
  });

  it("reads the kind beside the UUID in a query and in a list's body", async () => {
    const query = await call("/v1/notes?entity_type=PERSON&entity_uuid=Priya%20Nair");
    expect(query.body?.error).toBe(`query parameter 'entity_uuid': must be a UUID; ${findPerson}`);
    const list = await call("/v1/lists", { method: "POST", body: { name: "Founders", kind: "persons" } });
    const added = await call(`/v1/lists/${list.body.uuid as string}/entities`, { method: "POST", body: { entity_type: "PERSON", entity_uuids: ["Priya Nair"] } });
    expect(added.body?.error).toBe(`body field 'entity_uuids.0': must be a UUID; ${findPerson}`);
  });

  it("names the finder tool over MCP", async () => {
    const result = await callMcpTool(context, { name: "batchPersonActivityStats", args: { body: { uuids: ["Priya Nair"] } }, headers: { "x-api-key": acme.key } });
    expect(result.content[0]!.text).toBe("HTTP 400: body field 'uuids.0': must be a UUID; find a person's uuid by name with the listPersons tool (name=)");
  });
});

describe("a batch item's UUID given a name", () => {
  const findPerson = "find a person's uuid by name with GET /v1/persons?name=";
  it.each([
    ["/v1/notes/batch", { items: [{ person_uuid: "Priya Nair", content: "Met" }] }, `field 'person_uuid': must be a UUID; ${findPerson}`],
    ["/v1/persons/batch", { persons: [{ name: "Ada", primary_company_uuid: "Northwind" }] }, "field 'primary_company_uuid': must be a UUID; find a company's uuid by name with GET /v1/companies?name="],
    // The other hint of a 400 too: a time given as a word is told where the server's time is.
    ["/v1/emails/batch", { messages: [{ message_id: "<b@x>", sent_at: "yesterday", from: "ada@example.com" }] }, "field 'sent_at': 'yesterday' is not an ISO 8601 date-time, a mail Date header (Mon, 7 Dec 2026 07:00:00 +0000) or epoch milliseconds; for a time relative to now, count from server_time of GET /v1/me (the server's current time)"],
  ])("POST %s names the call that finds it in the item's error", async (path, body, message) => {
    const answer = await call(path, { method: "POST", body });
    expect(answer.status).toBe(200);
    expect(answer.body?.results[0]).toMatchObject({ status: "ERROR", error: message });
  });

  it("names the finder tool over MCP", async () => {
    const result = await callMcpTool(context, { name: "createNotesBatch", args: { body: { items: [{ person_uuid: "Priya Nair", content: "Met" }] } }, headers: { "x-api-key": acme.key } });
    expect(JSON.parse(result.content[0]!.text).results[0].error).toBe("field 'person_uuid': must be a UUID; find a person's uuid by name with the listPersons tool (name=)");
  });
});
