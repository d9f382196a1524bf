/**
 * An agent over a real port, with the MCP SDK client, asking the demo tenant what changed: "what changed in my
 * relationships since yesterday?", "which relationships went cold this quarter?", "who did we meet from Northwind this
 * week?", "what's new with Jordan since Monday?". Each is answered in the calls the server's instructions name, and the
 * answer is checked against the whole unfiltered list, read page by page as an agent had to before.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { demoUuid } from "../demo/demo-ids.js";
import { issueDemoKeys, seedDemoTenant, type DemoKeys } from "../demo/seed-demo-tenant.js";
import { startServer, type RunningServer } from "../server.js";
import { apiCaller } from "../testing/api-call.js";
import { createTestContext, TEST_START, type TestContext } from "../testing/test-harness.js";
import { COMPANY_ACTIVITY, LATEST_INTERACTIONS_BY_USER, NO_ACTIVITY_TOOL, RELATIONSHIPS_BY_LAST_ACTIVITY } from "./mcp-instructions.js";
import { connectMcpClient } from "../testing/mcp-sdk-client.js";

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const folder = mkdtempSync(join(tmpdir(), "rapport-agent-what-changed-"));
let context: TestContext;
let server: RunningServer;
let keys: DemoKeys;
const avery = demoUuid("user-avery");

/** The README's 40-tool selection (no activity feed). */
const README_SELECTION = "?areas=person,company,recommended-paths,pathpower,relationships,note,task,users";

beforeAll(async () => {
  const databasePath = join(folder, "demo.db");
  await seedDemoTenant(databasePath, () => TEST_START);
  context = await createTestContext({ databasePath });
  keys = await issueDemoKeys(context.services.store);
  server = await startServer(context.services, { port: 0 });
  // Two days on: Jordan writes to Avery, and Morgan (not Avery) met Sam of Northwind three hours before.
  context.clock.advance(48 * HOUR);
  const call = apiCaller(context, () => keys.tenant_key);
  const ingested = await call("/v1/emails/batch", {
    method: "POST",
    body: { messages: [{ message_id: "<term-sheet@northwind.example>", sent_at: context.clock.now(), subject: "Term sheet questions", from: "jordan@northwind-robotics.example", to: ["avery@demo-capital.example"] }] },
  });
  expect(ingested.status).toBe(200);
  const met = await call("/v1/meetings", {
    method: "POST",
    body: { title: "Coffee with Sam", starts_at: new Date(context.clock.now() - 3 * HOUR).toISOString(), attendees: [{ person_uuid: demoUuid("user-morgan-person") }, { person_uuid: demoUuid("person-sam") }] },
  });
  expect(met.status).toBe(201);
  context.clock.advance(6 * HOUR);
});
afterAll(async () => {
  await server?.close(100);
  await context?.close();
  rmSync(folder, { recursive: true, force: true });
});

/** A connected client and the tool calls it made; `selection` is the /mcp query choosing its tools (all when empty). */
async function connect(selection = "") {
  context.clock.advance(1_000); // a second of its own under the demo key's 20 requests a second
  const client = await connectMcpClient(server.url, keys.user_keys[0]!.key, "rapport-what-changed-test", { query: selection });
  const calls: string[] = [];
  const call = async (name: string, args: Record<string, unknown>) => {
    calls.push(name);
    const result = await client.callTool({ name, arguments: args });
    expect(result.isError, `${name}: ${JSON.stringify(result.content)}`).not.toBe(true);
    return result.structuredContent as Record<string, any>;
  };
  return { client, call, calls };
}

type Relationship = { name: string; last_activity_at: number };

/** Every relationship of Avery's, by RQ, read page by page over REST: the answers' ground truth. */
async function everyRelationship(): Promise<Relationship[]> {
  const all: Relationship[] = [];
  for (let page = 1; ; page += 1) {
    const answer = await apiCaller(context, () => keys.tenant_key)(`/v1/users/${avery}/relationships?per_page=50&page=${page}`);
    all.push(...answer.body.items);
    if (!answer.body.has_more) return all;
  }
}

describe("an agent asking the demo tenant what changed", () => {
  it("answers 'what changed in my relationships since yesterday?' in two calls: getMe and listUserRelationships", async () => {
    const { client, call, calls } = await connect();
    try {
      expect(client.getInstructions()).toContain(RELATIONSHIPS_BY_LAST_ACTIVITY);
      const me = await call("getMe", {});
      const yesterday = Date.parse(me.server_time) - DAY;
      const changed = await call("listUserRelationships", { user_uuid: me.user.uuid, last_activity_after: new Date(yesterday).toISOString(), sort_by: "last_activity", per_page: 50 });
      expect(calls).toEqual(["getMe", "listUserRelationships"]);
      const expected = (await everyRelationship()).filter((relationship) => relationship.last_activity_at >= yesterday).sort((a, b) => b.last_activity_at - a.last_activity_at);
      expect(changed.items.map((item: Relationship) => item.name)).toEqual(expected.map((relationship) => relationship.name));
      // Jordan wrote yesterday; Sam met Morgan, not Avery.
      expect(changed.items.map((item: Relationship) => item.name)).toEqual(["Jordan Blake"]);
      expect(changed).toMatchObject({ total: 1, has_more: false });
    } finally {
      await client.close();
    }
  });

  it("answers 'which relationships went cold this quarter?' in two calls, by the list's two bounds", async () => {
    const { call, calls, client } = await connect();
    try {
      const me = await call("getMe", {});
      const now = new Date(me.server_time);
      const quarterStart = Date.UTC(now.getUTCFullYear(), Math.floor(now.getUTCMonth() / 3) * 3, 1);
      const lastQuarterStart = Date.UTC(now.getUTCFullYear(), Math.floor(now.getUTCMonth() / 3) * 3 - 3, 1);
      // Active last quarter, nothing since this one began: the bound is an instant, inclusive, so one millisecond before.
      const cold = await call("listUserRelationships", {
        user_uuid: me.user.uuid,
        last_activity_after: new Date(lastQuarterStart).toISOString(),
        last_activity_before: new Date(quarterStart - 1).toISOString(),
        sort_by: "last_activity",
        per_page: 50,
      });
      expect(calls).toEqual(["getMe", "listUserRelationships"]);
      const expected = (await everyRelationship()).filter((relationship) => relationship.last_activity_at >= lastQuarterStart && relationship.last_activity_at < quarterStart);
      expect(cold.items.map((item: Relationship) => item.name).sort()).toEqual(expected.map((relationship) => relationship.name).sort());
      // Omar (the September intro) and Sam (the September intro call) have heard nothing from Avery since October.
      expect(cold.items.map((item: Relationship) => item.name)).toEqual(["Sam Ortiz", "Omar Haddad"]);
    } finally {
      await client.close();
    }
  });

  it("answers 'who did we meet from Northwind this week?' from the company's name and its activity", async () => {
    const { client, call, calls } = await connect();
    try {
      expect(client.getInstructions()).toContain(COMPANY_ACTIVITY);
      const me = await call("getMe", {});
      const weekAgo = Date.parse(me.server_time) - 7 * DAY;
      const [northwind] = (await call("listCompanies", { name: "northwind" })).items as Array<{ uuid: string }>;
      const activity = await call("listCompanyActivity", { company_uuid: northwind!.uuid, per_page: 50 });
      expect(calls).toEqual(["getMe", "listCompanies", "listCompanyActivity"]);
      const items = activity.items as Array<{ kind: string; title: string; occurred_at: number }>;
      const met = items.filter((item) => item.kind === "meeting" && item.occurred_at >= weekAgo && item.occurred_at <= Date.parse(me.server_time)).map((item) => item.title);
      expect(met).toEqual(["Coffee with Sam"]);
      // Newest first, upcoming meetings too: the partner meeting in a day is listed before this week's.
      expect(items.map((item) => item.title)).toContain("Northwind partner meeting");
    } finally {
      await client.close();
    }
  });

  it("answers 'what's new with Jordan since Monday?' from the person's name and the activity feed", async () => {
    const { call, calls, client } = await connect();
    try {
      const [jordan] = (await call("listPersons", { name: "jordan blake" })).items as Array<{ uuid: string }>;
      // TEST_START is a Saturday, so Monday is two days after it, the day of Jordan's email.
      const monday = new Date(TEST_START + 2 * DAY).toISOString().slice(0, 10);
      expect(new Date(monday).getUTCDay()).toBe(1);
      const news = await call("listActivity", { person_uuid: jordan!.uuid, since: monday });
      expect(calls).toEqual(["listPersons", "listActivity"]);
      expect(news.items.map((item: { title: string }) => item.title)).toEqual(["Term sheet questions"]);
    } finally {
      await client.close();
    }
  });

  it("through the README's 40-tool URL (no activity feed) is told the same two calls, and no tool it lacks", async () => {
    const { client, call, calls } = await connect(README_SELECTION);
    try {
      const instructions = client.getInstructions()!;
      expect(instructions).toContain(`${NO_ACTIVITY_TOOL}: ${LATEST_INTERACTIONS_BY_USER}.`);
      expect(instructions).toContain(RELATIONSHIPS_BY_LAST_ACTIVITY);
      expect(instructions).not.toContain("listCompanyActivity");
      expect(instructions).not.toContain("read every page");
      const me = await call("getMe", {});
      const yesterday = new Date(Date.parse(me.server_time) - DAY).toISOString();
      const changed = await call("listUserRelationships", { user_uuid: me.user.uuid, last_activity_after: yesterday, sort_by: "last_activity" });
      expect(calls).toEqual(["getMe", "listUserRelationships"]);
      expect(changed.items.map((item: Relationship) => item.name)).toEqual(["Jordan Blake"]);
    } finally {
      await client.close();
    }
  });
});
