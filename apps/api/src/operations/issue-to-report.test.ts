import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { callMcpTool } from "../testing/mcp-call.js";
import { buildTenant, createTestContext, type TestContext, type TestTenant } from "../testing/test-harness.js";
import { issueToReport } from "./issue-to-report.js";

const schema = z.strictObject({ starts_at: z.string(), title: z.string(), nested: z.strictObject({ city: z.string() }).optional() });
const reported = (input: unknown) => issueToReport(schema.safeParse(input).error!.issues, input);

describe("issueToReport", () => {
  it("reports the unknown field of an object a required field is missing from: most likely the same name misspelt", () => {
    expect(reported({ start_at: "2026-12-10", title: "x" })).toMatchObject({ code: "unrecognized_keys", keys: ["start_at"], path: [] });
    expect(reported({ starts_at: "2026-12-10", title: "x", nested: { town: "Oslo" } })).toMatchObject({ code: "unrecognized_keys", keys: ["town"], path: ["nested"] });
  });

  it("otherwise reports the first issue: a field of the wrong type, or a missing one with no unknown field beside it", () => {
    expect(reported({ starts_at: 5, title: "x", extra: 1 })).toMatchObject({ code: "invalid_type", path: ["starts_at"], message: "Invalid input: expected string, received number" });
    expect(reported({ title: "x" })).toMatchObject({ code: "invalid_type", path: ["starts_at"] });
    // An unknown field elsewhere is not a misspelling of this one.
    expect(reported({ title: "x", nested: { city: "Oslo", town: "Oslo" } })).toMatchObject({ code: "invalid_type", path: ["starts_at"] });
    expect(issueToReport([], {})).toBeUndefined();
  });

  it("says a missing field is required, with what it takes, rather than that it received undefined", () => {
    expect(reported({ title: "x" })!.message).toBe("required (expected string)");
    expect(reported({ starts_at: "2026-12-10", title: "x", nested: {} })).toMatchObject({ path: ["nested", "city"], message: "required (expected string)" });
    const choice = z.strictObject({ entity: z.enum(["person", "company"]), at: z.union([z.string(), z.number()]) });
    expect(issueToReport(choice.safeParse({ at: 1 }).error!.issues, { at: 1 })!.message).toBe('required (expected one of "person"|"company")');
    expect(issueToReport(choice.safeParse({ entity: "person" }).error!.issues, { entity: "person" })!.message).toBe("required (expected string or number)");
    // A value that is there but wrong keeps zod's words; so does a body that is not an object at all.
    expect(issueToReport(choice.safeParse({ entity: "team", at: 1 }).error!.issues, { entity: "team", at: 1 })!.message).toMatch(/^Invalid option/);
    expect(issueToReport(schema.safeParse([]).error!.issues, [])!.message).toBe("Invalid input: expected object, received array");
  });

  it("tells a listed value sent in another case the value to send; another value keeps zod's words", () => {
    const order = z.strictObject({ order: z.enum(["asc", "desc"]).optional() });
    const report = (input: Record<string, unknown>) => issueToReport(order.safeParse(input).error!.issues, input)!.message;
    expect(report({ order: "ASC" })).toBe("values are case-sensitive: send 'asc' for 'ASC'");
    expect(report({ order: "Desc" })).toBe("values are case-sensitive: send 'desc' for 'Desc'");
    expect(report({ order: "ascending" })).toMatch(/^Invalid option: expected one of "asc"\|"desc"$/);
    expect(report({ order: 1 })).toMatch(/^Invalid option/);
  });
});

describe("refusals over HTTP", () => {
  let context: TestContext;
  let acme: TestTenant;
  beforeAll(async () => {
    context = await createTestContext();
    acme = await buildTenant(context.services);
  });
  afterAll(() => context.close());

  it("is named with the field likely meant, in a body and in a batch item", async () => {
    const meeting = await context.request("/v1/meetings", { key: acme.key, method: "POST", body: { title: "Intro", start_at: "2026-12-10T10:00:00Z" } });
    expect(meeting.status).toBe(400);
    expect(((await meeting.json()) as { error: string }).error).toMatch(/^body: unknown field 'start_at' \(did you mean 'starts_at'\?\); accepted here: title, starts_at,/);
    const person = await context.services.store.persons.create({ tenant_uuid: acme.tenant.uuid, name: "Ada" });
    const batch = await context.request("/v1/notes/batch", { key: acme.key, method: "POST", body: { items: [{ person_uuid: person.uuid, contents: "Met at the fair" }] } });
    const { results } = (await batch.json()) as { results: Array<{ status: string; error: string }> };
    expect(results[0]).toMatchObject({ status: "ERROR", error: expect.stringMatching(/^unknown field 'contents' \(did you mean 'content'\?\)/) });
  });

  it("says a field or query parameter left out is required", async () => {
    const note = await context.request("/v1/notes", { key: acme.key, method: "POST", body: { title: "No text" } });
    expect(note.status).toBe(400);
    expect(await note.json()).toEqual({ error: "body field 'content': required (expected string)" });
    const scores = await context.request("/v1/pathpower/scores", { key: acme.key });
    expect(await scores.json()).toEqual({ error: 'query parameter \'entity\': required (expected one of "person"|"company")' });
  });

  // One row per kind of issue zod words by type (refusal-words.ts), and the query parameters once named twice.
  const uuid = "06efa435-6c62-4cb7-9770-f221a0bcd7c6";
  const paths = "/v1/persons/recommended-paths/batch";
  const email = { message_id: "<a@mail.example>", sent_at: "2026-11-02T09:30:00Z", from: "avery@demo.example", to: ["jo@acme.example"] };
  it.each([
    ["an array past its limit", paths, { uuids: Array.from({ length: 101 }, () => uuid) }, "body field 'uuids': at most 100 items"],
    ["an empty array", paths, { uuids: [] }, "body field 'uuids': at least 1 item"],
    ["a number past its limit", paths, { uuids: [uuid], limit: 101 }, "body field 'limit': at most 100"],
    ["a number below its limit", paths, { uuids: [uuid], paths_per_item: -1 }, "body field 'paths_per_item': at least 0"],
    ["a fraction for an integer", paths, { uuids: [uuid], limit: 1.5 }, "body field 'limit': must be an integer"],
    ["a fraction for an instant (text or integer)", "/v1/meetings", { title: "Intro", starts_at: 1.5 }, "body field 'starts_at': must be an integer"],
    ["a text past its limit", `/v1/persons?cursor=${"c".repeat(8193)}`, undefined, "query parameter 'cursor': at most 8192 characters"],
    ["a word for per_page", "/v1/persons?per_page=ten", undefined, "query parameter 'per_page': must be an integer"],
    ["a negative after_sequence", "/v1/activity?after_sequence=-1", undefined, "query parameter 'after_sequence': must be an integer from 0 to 999999999999999"],
  ])("words %s as what to send", async (_kind, path, body, error) => {
    const answer = await context.json(path, { key: acme.key, ...(body && { method: "POST", body }) });
    expect(answer).toEqual({ status: 400, body: { error } });
  });

  // A tool call sends JSON arguments, no URL: its refusal names the argument where REST names the query or path parameter.
  it.each([
    ["a list filter", "listPersons", { modified_since: "2026-11-31" }, "/v1/persons?modified_since=2026-11-31", "query parameter 'modified_since'", "argument 'modified_since'", ": '2026-11-31' is not an ISO 8601 date or date-time"],
    ["a path id", "getMeeting", { meeting_uuid: "monday" }, "/v1/meetings/monday", "path parameter 'meeting_uuid'", "argument 'meeting_uuid'", ": must be a UUID"],
    ["a control character", "listPersons", { name: "a\u0001b" }, "/v1/persons?name=a%01b", "query parameter 'name'", "argument 'name'", ": must not contain control characters (U+0001)"],
    ["a whole body", "createNote", { body: [] }, undefined, "body", "argument 'body'", ": Invalid input: expected object, received array"],
    ["a batch's body field", "batchPersonRecommendedPaths", { body: { uuids: [] } }, undefined, "body field 'uuids'", "body field 'uuids'", ": at least 1 item"],
    ["an enumerated value in another case", "listNotes", { order: "DESC" }, "/v1/notes?order=DESC", "query parameter 'order'", "argument 'order'", ": values are case-sensitive: send 'desc' for 'DESC'"],
    ["a boolean in another case", "listOpportunityTypes", { include_hidden: "TRUE" }, "/v1/opportunity-types?include_hidden=TRUE", "query parameter 'include_hidden'", "argument 'include_hidden'", ": values are case-sensitive: send 'true' for 'TRUE'"],
    ["an upper-case value sent in lower case", "listTasks", { scope: "personal" }, "/v1/tasks?scope=personal", "query parameter 'scope'", "argument 'scope'", ": values are case-sensitive: send 'PERSONAL' for 'personal'"],
    ["a body's enumerated value in another case", "batchPersonRecommendedPaths", { body: { uuids: [uuid], order: "Asc" } }, undefined, "body field 'order'", "body field 'order'", ": values are case-sensitive: send 'asc' for 'Asc'"],
  ])("names %s by its argument over MCP", async (_kind, name, args, path, restPlace, toolPlace, words) => {
    const tool = await callMcpTool(context, { name, args, headers: { "x-api-key": acme.key } });
    expect(tool).toMatchObject({ isError: true, content: [{ text: `HTTP 400: ${toolPlace}${words}` }] });
    if (path !== undefined) expect((await context.json(path, { key: acme.key })).body).toEqual({ error: `${restPlace}${words}` });
  });

  it("names an unknown or missing argument as the tool's, and the tool's arguments", async () => {
    const headers = { "x-api-key": acme.key };
    const typo = await callMcpTool(context, { name: "listNotes", args: { entity_uid: uuid }, headers });
    expect(typo.content[0]!.text).toMatch(/^HTTP 400: unknown argument 'entity_uid' \(did you mean 'entity_uuid'\?\); this tool takes: [a-z_, ]*entity_uuid/);
    expect((await context.json(`/v1/notes?entity_uid=${uuid}`, { key: acme.key })).body!.error).toMatch(/^unknown query parameter 'entity_uid' \(did you mean 'entity_uuid'\?\); this operation accepts: /);
    const noBody = await callMcpTool(context, { name: "createNote", args: {}, headers });
    expect(noBody.content[0]!.text).toBe("HTTP 400: argument 'body' is required");
  });

  it("words a batch item's and a tool call's refusal the same way", async () => {
    const batch = await context.json("/v1/emails/batch", { key: acme.key, method: "POST", body: { messages: [{ ...email, cc: Array.from({ length: 1001 }, () => "x@acme.example") }] } });
    expect(batch.body!.results[0]).toMatchObject({ status: "ERROR", error: "field 'cc': at most 1000 items" });
    const tool = await callMcpTool(context, { name: "listPersons", args: { per_page: 1.5 }, headers: { "x-api-key": acme.key } });
    expect(tool).toMatchObject({ isError: true, content: [{ text: "HTTP 400: argument 'per_page': must be an integer" }] });
  });
});
