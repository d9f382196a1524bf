/**
 * A person filter given a user's uuid (`listActivity person_uuid=` the caller's user_uuid, not their person_uuid) is a
 * 400 naming the person uuid to send, over REST and MCP: it filtered to no items, which read as "no activity". A
 * person path given one answers its 404 naming the person too.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { apiCaller } from "../../testing/api-call.js";
import { callMcpTool } from "../../testing/mcp-call.js";
import { buildTenant, createTestContext, type TestContext, type TestTenant } from "../../testing/test-harness.js";

let context: TestContext;
let acme: TestTenant;
let globex: TestTenant;
let call: ReturnType<typeof apiCaller>;

beforeAll(async () => {
  context = await createTestContext();
  acme = await buildTenant(context.services);
  globex = await buildTenant(context.services, { name: "Globex" });
  call = apiCaller(context, () => acme.key);
  const ingested = await call("/v1/emails/batch", {
    method: "POST",
    body: { messages: [{ message_id: "<hello@x>", sent_at: "2026-11-02T10:00:00Z", subject: "Hello", from: acme.member.email, to: ["jordan@northwind.example"] }] },
  });
  expect(ingested.status).toBe(200);
});
afterAll(() => context.close());

describe("a person filter given a user's uuid", () => {
  it.each(["/v1/activity", "/v1/emails", "/v1/meetings"])("%s?person_uuid= a user's uuid is a 400 naming the user's person uuid", async (path) => {
    const answer = await call(`${path}?person_uuid=${acme.member.uuid}`);
    expect(answer.status).toBe(400);
    expect(answer.body.error).toBe(`person_uuid: ${acme.member.uuid} is the user_uuid of ${JSON.stringify(acme.member.name)}, not a person's uuid: send their person_uuid ${acme.member.person_uuid}`);
    // The person uuid it names lists the user's items.
    const byPerson = await call(`${path}?person_uuid=${acme.member.person_uuid}`);
    expect(byPerson.status).toBe(200);
    if (path !== "/v1/meetings") expect(byPerson.body.total).toBe(1);
  });

  it("answers another tenant's user uuid as any unknown uuid, with no items, so that no user's existence shows", async () => {
    for (const path of ["/v1/activity", "/v1/emails", "/v1/meetings"]) {
      const answer = await call(`${path}?person_uuid=${globex.member.uuid}`);
      expect(answer.status, path).toBe(200);
      expect(answer.body.items, path).toEqual([]);
    }
  });

  it("names the user's person in the 404 of a person path given the user's uuid, over MCP too; another tenant's user stays a bare 404", async () => {
    const named = `person ${acme.member.uuid} not found: it is the user_uuid of ${JSON.stringify(acme.member.name)}, whose person_uuid is ${acme.member.person_uuid}`;
    for (const path of [`/v1/persons/${acme.member.uuid}`, `/v1/persons/${acme.member.uuid}/recommended-paths`, `/v1/persons/${acme.member.uuid}/activity`]) {
      expect(await call(path), path).toMatchObject({ status: 404, body: { error: named } });
    }
    const result = await callMcpTool(context, { name: "getPersonRecommendedPaths", args: { person_uuid: acme.member.uuid }, headers: { "x-api-key": acme.memberKey } });
    expect(result.content[0]!.text).toBe(`HTTP 404: ${named}`);
    expect(await call(`/v1/persons/${globex.member.uuid}`)).toMatchObject({ status: 404, body: { error: `person ${globex.member.uuid} not found` } });
  });

  it("says the same over MCP", async () => {
    const result = await callMcpTool(context, { name: "listActivity", args: { person_uuid: acme.member.uuid }, headers: { "x-api-key": acme.memberKey } });
    expect(result.isError).toBe(true);
    expect(result.content[0]!.text).toBe(
      `HTTP 400: person_uuid: ${acme.member.uuid} is the user_uuid of ${JSON.stringify(acme.member.name)}, not a person's uuid: send their person_uuid ${acme.member.person_uuid}`,
    );
  });
});
