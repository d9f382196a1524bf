/**
 * An agent over a real port, with the MCP SDK client, polling the deletions log and the activity feed after the
 * operator pruned them (`rapport history prune`): a position before the horizon is a tool error whose message names
 * the call that reads on, in the tool's arguments, and that call answers; REST keeps its message for syncing clients.
 */
import type { Client } from "@modelcontextprotocol/client";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startServer, type RunningServer } from "../server.js";
import { buildTenant, createTestContext, type TestContext, type TestTenant } from "../testing/test-harness.js";
import { connectMcpClient } from "../testing/mcp-sdk-client.js";

const DAY = 86_400_000;
let context: TestContext;
let server: RunningServer;
let acme: TestTenant;
let client: Client;

beforeAll(async () => {
  context = await createTestContext();
  acme = await buildTenant(context.services);
  server = await startServer(context.services, { port: 0 });
  client = await connectMcpClient(server.url, acme.key, "rapport-pruned-history-test");
});
afterAll(async () => {
  await client?.close();
  await server?.close(100);
  await context?.close();
});

async function call(name: string, args: Record<string, unknown>) {
  const result = await client.callTool({ name, arguments: args });
  const text = (result.content as Array<{ text: string }>)[0]?.text ?? "";
  return { isError: result.isError === true, text, structured: result.structuredContent as Record<string, any> | undefined };
}

/** The sequence and time an agent is told to read on from, as the message gives them. */
function readOnFrom(text: string, tool: string): { afterSequence: number; time: string } {
  const match = new RegExp(`call ${tool} again with after_sequence (\\d+) \\(or since later than (\\S+)\\)`).exec(text);
  expect(match, text).not.toBeNull();
  return { afterSequence: Number(match![1]), time: match![2]! };
}

async function deletedNote(): Promise<string> {
  const created = await call("createNote", { body: { content: "Call notes" } });
  expect(created.isError).toBe(false);
  expect(await call("deleteNote", { note_uuid: created.structured!.uuid })).toMatchObject({ isError: false });
  return created.structured!.uuid as string;
}

describe("an agent polling a pruned history over MCP", () => {
  it("listDeletions: a position before the horizon names the call that reads on, and that call lists what is kept", async () => {
    await deletedNote();
    const [first] = (await call("listDeletions", {})).structured!.items as Array<{ sequence: number }>;
    await deletedNote();
    const horizon = ((await call("listDeletions", {})).structured!.items as Array<{ sequence: number }>).at(-1)!.sequence;
    context.clock.advance(400 * DAY);
    const recent = await deletedNote();
    await context.services.store.history.prune({ olderThan: context.clock.now() - 365 * DAY, tenantUuid: acme.tenant.uuid });

    const refused = await call("listDeletions", { after_sequence: first!.sequence });
    expect(refused.isError).toBe(true);
    expect(refused.text).toMatch(new RegExp(`^HTTP 410: the deletions log was pruned through sequence ${horizon}: deletions recorded up to \\S+ are gone`));
    expect(refused.text).toContain("say that earlier changes cannot be listed in full");
    expect(refused.text).not.toMatch(/header|make a full copy again/i);
    expect(refused.structured).toEqual({ status: 410, error: refused.text.slice("HTTP 410: ".length) });

    const { afterSequence, time } = readOnFrom(refused.text, "listDeletions");
    expect(afterSequence).toBe(horizon);
    const readOn = await call("listDeletions", { after_sequence: afterSequence });
    expect(readOn.isError).toBe(false);
    expect((readOn.structured!.items as Array<{ uuid: string }>).map((entry) => entry.uuid)).toEqual([recent]);
    const since = await call("listDeletions", { since: new Date(Date.parse(time) + 1).toISOString() });
    expect(since.structured!.items).toEqual(readOn.structured!.items);
    // A since before the horizon is refused the same way.
    const sinceBefore = await call("listDeletions", { since: new Date(Date.parse(time) - DAY).toISOString() });
    expect(sinceBefore.text).toMatch(/^HTTP 410: the deletions log was pruned through sequence/);

    // REST keeps the message a syncing client follows.
    const rest = await context.request(`/v1/deletions?after_sequence=${first!.sequence}`, { key: acme.key });
    expect(rest.status).toBe(410);
    expect(((await rest.json()) as { error: string }).error).toMatch(/make a full copy again, then poll with after_sequence \d+ or later$/);
  });

  it("listActivity: the same for the feed's pruned removals", async () => {
    const { store } = context.services;
    const cleo = await store.persons.create({ tenant_uuid: acme.tenant.uuid, name: "Cleo Park" });
    const meeting = await store.meetings.create(acme.tenant.uuid, {
      title: "Board",
      starts_at: context.clock.now() - DAY,
      attendees: [{ person_uuid: acme.admin.person_uuid }, { person_uuid: cleo.uuid }],
    });
    const before = ((await call("listActivity", {})).structured!.items as Array<{ sequence: number }>).at(-1)!.sequence;
    await store.meetings.delete(acme.tenant.uuid, meeting.uuid);
    context.clock.advance(DAY);
    await store.history.prune({ olderThan: context.clock.now(), tenantUuid: acme.tenant.uuid });

    const refused = await call("listActivity", { after_sequence: before });
    expect(refused.isError).toBe(true);
    expect(refused.text).toMatch(/^HTTP 410: the activity feed was pruned through sequence \d+: removals of emails and meetings recorded up to \S+ are gone/);
    expect(refused.text).not.toMatch(/header|make a full copy again/i);
    const { afterSequence } = readOnFrom(refused.text, "listActivity");
    const readOn = await call("listActivity", { after_sequence: afterSequence });
    expect(readOn).toMatchObject({ isError: false, structured: { items: [] } });
  });
});
