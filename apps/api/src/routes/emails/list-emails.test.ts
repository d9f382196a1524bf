/** GET /v1/emails: the tenant's emails by sent time, with the filters and cursors of GET /v1/meetings. */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { callMcpTool } from "../../testing/mcp-call.js";
import { buildTenant, createTestContext, TEST_START, type TestContext, type TestTenant } from "../../testing/test-harness.js";

let context: TestContext;
let acme: TestTenant;
let globex: TestTenant;

// One database for the file (opening one per test was most of a short test's time); each test gets a tenant of its
// own and the clock back at its start, as a database of its own would give it.
beforeAll(async () => {
  context = await createTestContext();
});
beforeEach(async () => {
  context.clock.set(TEST_START);
  acme = await buildTenant(context.services);
  globex = await buildTenant(context.services, { name: "Globex" });
});
afterAll(() => context.close());

async function ingest(tenant: TestTenant, messages: Array<Record<string, unknown>>) {
  const answer = await context.json("/v1/emails/batch", { key: tenant.key, method: "POST", body: { messages } });
  expect(answer.status).toBe(200);
  return answer.body!.results as Array<{ email_uuid: string; from_person_uuid: string; participant_person_uuids: string[] }>;
}
const subjects = (body: Record<string, any> | null) => (body!.items as Array<{ subject: string }>).map((item) => item.subject);
const message = (subject: string, sentAt: string, from = "ada@example.com", to = ["bob@example.com"]) => ({ message_id: `<${subject}@x>`, subject, sent_at: sentAt, from, to });

describe("GET /v1/emails", () => {
  it("lists the tenant's emails newest first, by person and within an inclusive range, never another tenant's", async () => {
    const [first] = await ingest(acme, [
      message("Nov 1", "2026-11-01T10:00:00Z"),
      message("Nov 2", "2026-11-02T10:00:00Z", "cy@example.com", ["dee@example.com"]),
      message("Nov 3", "2026-11-03T10:00:00Z", "bob@example.com", ["ada@example.com"]),
    ]);
    await ingest(globex, [message("Theirs", "2026-11-02T12:00:00Z")]);
    const all = await context.json("/v1/emails", { key: acme.memberKey });
    expect(all.status).toBe(200);
    expect(subjects(all.body)).toEqual(["Nov 3", "Nov 2", "Nov 1"]);
    expect(all.body!.total).toBe(3);
    expect(all.body!.items[0]).not.toHaveProperty("body");

    const ada = first!.from_person_uuid;
    expect(subjects((await context.json(`/v1/emails?person_uuid=${ada}&order=asc`, { key: acme.key })).body)).toEqual(["Nov 1", "Nov 3"]);
    // A date alone as sent_to covers that whole day, as starts_to does.
    expect(subjects((await context.json("/v1/emails?sent_from=2026-11-02&sent_to=2026-11-02", { key: acme.key })).body)).toEqual(["Nov 2"]);
    // A reversed range is a 400, as on the meeting and opportunity lists: it matched nothing, which read as "no emails".
    const reversed = await context.json("/v1/emails?sent_from=2026-11-03&sent_to=2026-11-01", { key: acme.key });
    expect(reversed).toMatchObject({ status: 400, body: { error: "sent_from must not be after sent_to" } });
    const overMcp = await callMcpTool(context, { name: "listEmails", args: { sent_from: "2026-11-03", sent_to: "2026-11-01" }, headers: { "x-api-key": acme.key } });
    expect(overMcp.content[0]!.text).toBe("HTTP 400: sent_from must not be after sent_to");
    expect(subjects((await context.json(`/v1/emails?person_uuid=${ada}`, { key: globex.key })).body)).toEqual([]);
  });

  it("lists only the named emails of the tenant with uuids, at most 100", async () => {
    const [one, , three] = await ingest(acme, [message("One", "2026-11-01T10:00:00Z"), message("Two", "2026-11-02T10:00:00Z"), message("Three", "2026-11-03T10:00:00Z")]);
    const [theirs] = await ingest(globex, [message("Theirs", "2026-11-02T12:00:00Z")]);
    const named = await context.json(`/v1/emails?uuids=${[one!.email_uuid, three!.email_uuid.toUpperCase(), theirs!.email_uuid].join(",")}`, { key: acme.key });
    expect(subjects(named.body)).toEqual(["Three", "One"]);
    const many = Array.from({ length: 101 }, (_, index) => `00000000-0000-4000-8000-${String(index).padStart(12, "0")}`).join(",");
    expect(await context.json(`/v1/emails?uuids=${many}`, { key: acme.key })).toMatchObject({ status: 400, body: { error: "query parameter 'uuids': at most 100 UUIDs, got 101" } });
  });

  it("follows next_cursor to the end without repeating or skipping emails of one instant, and refuses a cursor of other filters", async () => {
    await ingest(
      acme,
      Array.from({ length: 5 }, (_, index) => message(`E${index}`, index < 3 ? "2026-11-01T10:00:00Z" : "2026-11-02T10:00:00Z")),
    );
    const seen: string[] = [];
    let answer = await context.json("/v1/emails?per_page=2", { key: acme.key });
    expect(answer.body!.total).toBe(5);
    for (;;) {
      expect(answer.status).toBe(200);
      seen.push(...subjects(answer.body));
      if (!answer.body!.has_more) break;
      const cursor = answer.body!.next_cursor as string;
      const other = await context.json(`/v1/emails?per_page=2&order=asc&cursor=${encodeURIComponent(cursor)}`, { key: acme.key });
      expect(other.status).toBe(400);
      answer = await context.json(`/v1/emails?per_page=2&cursor=${encodeURIComponent(cursor)}`, { key: acme.key });
      expect(answer.body!.total).toBeNull();
    }
    expect(seen).toHaveLength(5);
    expect(new Set(seen).size).toBe(5);
    expect(seen.slice(0, 2).sort()).toEqual(["E3", "E4"]);
  });

  it("clamps per_page and refuses bad parameters with a 400 naming them", async () => {
    await ingest(acme, Array.from({ length: 3 }, (_, index) => message(`E${index}`, `2026-11-0${index + 1}T10:00:00Z`)));
    const clamped = await context.json("/v1/emails?per_page=0", { key: acme.key });
    expect(clamped.status).toBe(200);
    expect(clamped.body!.items).toHaveLength(1);
    for (const [query, parameter] of [["person_uuid=ada", "person_uuid"], ["sent_from=yesterday", "sent_from"], ["order=up", "order"], ["per_page=ten", "per_page"], ["updated_after=2026-11-01", "updated_after"]]) {
      const answer = await context.json(`/v1/emails?${query}`, { key: acme.key });
      expect(answer.status, query).toBe(400);
      expect(answer.body!.error, query).toContain(parameter);
    }
  });

  it("points a time bound under another name to sent_from or sent_to, over MCP alike; from and to stay an email's sender and recipients", async () => {
    const since = await context.json("/v1/emails?since=2026-11-01", { key: acme.key });
    expect(since.status).toBe(400);
    expect(since.body!.error).toMatch(/^unknown query parameter 'since' \(did you mean 'sent_from'\?\); this operation accepts: /);
    const until = await callMcpTool(context, { name: "listEmails", args: { until: "2026-11-30" }, headers: { "x-api-key": acme.key } });
    expect(until.content[0]!.text).toMatch(/^HTTP 400: unknown argument 'until' \(did you mean 'sent_to'\?\)/);
    const from = await context.json("/v1/emails?from=ada@example.com", { key: acme.key });
    expect(from.body!.error).toMatch(/^unknown query parameter 'from'; this operation accepts: /);
  });
});
