/** The getEmail MCP tool: an agent reads the email a feed item names, its body when it asks and may, 404 otherwise. */
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { callMcpTool } from "../../testing/mcp-call.js";
import { buildTenant, createTestContext, type TestContext, type TestTenant } from "../../testing/test-harness.js";

let context: TestContext;
let acme: TestTenant;
let globex: TestTenant;

beforeEach(async () => {
  context = await createTestContext();
  acme = await buildTenant(context.services);
  globex = await buildTenant(context.services, { name: "Globex" });
});
afterEach(() => context.close());

describe("the getEmail tool", () => {
  it("answers the email with its participants, the body with include_body, and a 404 for another tenant's", async () => {
    const { email } = await context.services.store.emails.ingest(acme.tenant.uuid, { message_id: "<intro@x>", sent_at: Date.UTC(2026, 10, 2), subject: "Intro", from: { email: acme.member.email }, to: [{ email: "jordan@northwind.example" }] });
    await context.services.store.emailBodies.put(acme.tenant.uuid, email.uuid, "Dear Jordan,\nmeet Avery.");
    const headers = { "x-api-key": acme.memberKey };

    const read = await callMcpTool(context, { name: "getEmail", args: { email_uuid: email.uuid }, headers });
    expect(read.isError).toBeFalsy();
    expect(read.structuredContent).toMatchObject({ uuid: email.uuid, subject: "Intro", has_body: true, participants: [{ person_uuid: acme.member.person_uuid, role: "from" }, { role: "to" }] });
    expect(read.structuredContent).not.toHaveProperty("body");

    const withBody = await callMcpTool(context, { name: "getEmail", args: { email_uuid: email.uuid, include_body: true }, headers });
    expect(withBody.structuredContent).toMatchObject({ body: "Dear Jordan,\nmeet Avery." });

    const foreign = await callMcpTool(context, { name: "getEmail", args: { email_uuid: email.uuid }, headers: { "x-api-key": globex.key } });
    expect(foreign.isError).toBe(true);
    expect(foreign.content[0]!.text).toContain(`email ${email.uuid} not found`);
  });
});
