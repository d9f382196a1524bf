import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { buildTenant, createTestContext, TEST_START, type TestContext, type TestTenant } from "../../testing/test-harness.js";

let context: TestContext;
let acme: TestTenant;

// One database for the file (opening one per test was most of a short test's time); each test gets a tenant of its
// own and the clock back at its start, as a database of its own would give it.
beforeAll(async () => {
  context = await createTestContext();
});
beforeEach(async () => {
  context.clock.set(TEST_START);
  acme = await buildTenant(context.services);
});
afterAll(() => context.close());

interface FeedItem {
  kind: "email" | "meeting";
  uuid: string;
  title: string | null;
  occurred_at: number | null;
  removed: boolean;
  recorded_at: number;
  sequence: number;
  person_uuids: string[];
  participants: Array<{ person_uuid: string; is_internal: boolean; role: string }>;
}
interface Feed {
  items: FeedItem[];
  page: number;
  per_page: number;
  total: number | null;
  has_more: boolean;
  next_cursor: string | null;
  error?: string;
}

async function feed(query = "", options: { key?: string; userUuid?: string } = {}): Promise<{ status: number; body: Feed }> {
  const response = await context.request(`/v1/activity${query}`, { key: options.key ?? acme.key, ...(options.userUuid ? { userUuid: options.userUuid } : {}) });
  return { status: response.status, body: (await response.json()) as Feed };
}

/** Ingests one email through the API, recorded at the clock's time; the clock then moves a second on. */
async function email(subject: string, sentAt: string, options: { from?: string; to?: string[]; key?: string } = {}) {
  const message = { message_id: `<${subject}@x>`, sent_at: sentAt, subject, from: options.from ?? "jordan@northwind.example", to: options.to ?? [acme.admin.email] };
  const response = await context.request("/v1/emails/batch", { key: options.key ?? acme.key, method: "POST", body: { messages: [message] } });
  expect(response.status).toBe(200);
  context.clock.advance(1_000);
  const [result] = ((await response.json()) as { results: Array<{ email_uuid: string; from_person_uuid: string }> }).results;
  return result!;
}

async function meeting(title: string, startsAt: string, attendees: string[]) {
  const response = await context.request("/v1/meetings", { key: acme.key, method: "POST", body: { title, starts_at: startsAt, attendees } });
  expect(response.status).toBe(201);
  context.clock.advance(1_000);
  return (await response.json()) as { uuid: string };
}

/** Every item of a scan from `query` on, following next_cursor with `perPage` items a page. */
async function scan(query: string, perPage: number, between?: (pages: number) => Promise<void>): Promise<FeedItem[]> {
  const separator = query ? "&" : "?";
  let { body } = await feed(`${query}${separator}per_page=${perPage}`);
  const items = [...body.items];
  let pages = 1;
  while (body.next_cursor) {
    await between?.(pages);
    ({ body } = await feed(`${query}${separator}per_page=${perPage}&cursor=${encodeURIComponent(body.next_cursor)}`));
    expect(body.total).toBeNull();
    items.push(...body.items);
    pages += 1;
  }
  expect(body.has_more).toBe(false);
  return items;
}

const titles = (items: readonly FeedItem[]) => items.map((item) => item.title);
const putMeeting = (uuid: string, body: unknown) => context.request(`/v1/meetings/${uuid}`, { key: acme.key, method: "PUT", body });

describe("GET /v1/activity", () => {
  it("lists emails and meetings in the order they were recorded, with participants and internal users marked, metadata only", async () => {
    const recent = await email("recent", "2026-11-20T09:00:00Z");
    await meeting("kickoff", "2026-12-01T15:00:00Z", [acme.admin.email, "lena@umbra.example"]);
    await email("from last year, ingested last", "2025-06-01T09:00:00Z");
    const { status, body } = await feed();
    expect(status).toBe(200);
    expect(titles(body.items)).toEqual(["recent", "kickoff", "from last year, ingested last"]);
    expect(body).toMatchObject({ page: 1, total: 3, has_more: false, next_cursor: null });
    const [first, second, third] = body.items;
    expect(first!.sequence).toBeLessThan(second!.sequence);
    expect(second!.sequence).toBeLessThan(third!.sequence);
    expect(third!.occurred_at).toBe(Date.parse("2025-06-01T09:00:00Z"));
    expect(third!.recorded_at).toBeGreaterThan(first!.recorded_at);
    expect(Object.keys(first!).sort()).toEqual(["kind", "occurred_at", "participants", "person_uuids", "recorded_at", "removed", "sequence", "title", "uuid"]);
    expect(body.items.map((item) => item.removed)).toEqual([false, false, false]);
    expect(first!.participants).toEqual(
      expect.arrayContaining([
        { person_uuid: acme.admin.person_uuid, is_internal: true, role: "to" },
        { person_uuid: recent.from_person_uuid, is_internal: false, role: "from" },
      ]),
    );
    expect(first!.participants).toHaveLength(2);
    expect(second!.participants.find((participant) => participant.person_uuid === acme.admin.person_uuid)?.is_internal).toBe(true);
    expect(second!.participants.filter((participant) => !participant.is_internal)).toHaveLength(1);
    expect(second!.participants.map((participant) => participant.role)).toEqual(["attendee", "attendee"]);
  });

  it("resumes by cursor with no gap or repeat while items are ingested between pages, an older sent_at included", async () => {
    for (let index = 0; index < 7; index++) await email(`e${index}`, `2026-11-${String(10 + index).padStart(2, "0")}T09:00:00Z`);
    const items = await scan("", 3, async (pages) => {
      if (pages === 1) await email("late, sent long ago", "2024-01-01T00:00:00Z");
      if (pages === 2) await meeting("booked mid-scan", "2023-05-05T10:00:00Z", [acme.admin.email]);
    });
    expect(titles(items)).toEqual(["e0", "e1", "e2", "e3", "e4", "e5", "e6", "late, sent long ago", "booked mid-scan"]);
    // The next poll starts after the last sequence processed: only what came since.
    const last = items.at(-1)!.sequence;
    expect((await feed(`?after_sequence=${last}`)).body).toMatchObject({ items: [], total: 0, has_more: false, next_cursor: null });
    await email("after the scan, sent earliest", "2020-01-01T00:00:00Z");
    await email("after the scan, second", "2026-11-30T00:00:00Z");
    expect(titles(await scan(`?after_sequence=${last}`, 1))).toEqual(["after the scan, sent earliest", "after the scan, second"]);
  });

  it("lists a rewritten meeting again at the end, and a cancelled or deleted one there as removed", async () => {
    const moved = await meeting("moved", "2026-12-01T15:00:00Z", [acme.admin.email]);
    const cancelled = await meeting("cancelled", "2026-12-02T15:00:00Z", [acme.admin.email, "lena@umbra.example"]);
    const deleted = await meeting("deleted", "2026-12-03T15:00:00Z", [acme.admin.email]);
    await email("between", "2026-11-01T09:00:00Z");
    const before = (await feed()).body.items;
    expect(titles(before)).toEqual(["moved", "cancelled", "deleted", "between"]);
    expect((await context.request(`/v1/meetings/${deleted.uuid}`, { key: acme.key, method: "DELETE" })).status).toBe(204);
    expect((await putMeeting(cancelled.uuid, { status: "cancelled" })).status).toBe(200);
    expect((await putMeeting(moved.uuid, { starts_at: "2026-12-08T15:00:00Z" })).status).toBe(200);
    const after = (await feed(`?after_sequence=${before.at(-1)!.sequence}`)).body.items;
    expect(after.map(({ uuid, removed }) => ({ uuid, removed }))).toEqual([
      { uuid: deleted.uuid, removed: true },
      { uuid: cancelled.uuid, removed: true },
      { uuid: moved.uuid, removed: false },
    ]);
    const [deletedRemoval, cancelledRemoval, movedAgain] = after;
    expect(deletedRemoval).toMatchObject({ kind: "meeting", occurred_at: null, title: null, person_uuids: [], participants: [] });
    expect(cancelledRemoval).toMatchObject({ kind: "meeting", occurred_at: Date.parse("2026-12-02T15:00:00Z"), title: "cancelled" });
    expect(cancelledRemoval!.participants).toHaveLength(2);
    expect(movedAgain!.occurred_at).toBe(Date.parse("2026-12-08T15:00:00Z"));
    expect(titles((await feed()).body.items)).toEqual(["between", null, "cancelled", "moved"]);
    expect(titles((await feed("?kind=meeting")).body.items)).toEqual([null, "cancelled", "moved"]);
  });

  it("lets a poller that resumes after its last sequence drop a meeting declined by everyone, and take it back when accepted again", async () => {
    const kickoff = await meeting("kickoff", "2026-12-02T15:00:00Z", [acme.admin.email, "lena@umbra.example"]);
    await email("hello", "2026-11-01T09:00:00Z");
    /** What a poller keeps: the items by uuid, and the sequence of the last one processed. */
    const copies = new Map<string, FeedItem>();
    let lastSequence = 0;
    const poll = async () => {
      for (const item of await scan(`?after_sequence=${lastSequence}`, 1)) {
        if (item.removed) copies.delete(item.uuid);
        else copies.set(item.uuid, item);
        lastSequence = item.sequence;
      }
    };
    await poll();
    expect([...copies.values()].map((item) => item.title).sort()).toEqual(["hello", "kickoff"]);
    const declinedByAll = { attendees: [{ email: "lena@umbra.example", response: "declined" }] };
    expect((await putMeeting(kickoff.uuid, declinedByAll)).status).toBe(200);
    expect((await feed()).body.items.find((item) => item.uuid === kickoff.uuid)).toMatchObject({ removed: true, title: "kickoff" });
    await poll();
    expect([...copies.values()].map((item) => item.title)).toEqual(["hello"]);
    expect((await putMeeting(kickoff.uuid, { attendees: [{ email: "lena@umbra.example" }] })).status).toBe(200);
    await poll();
    expect(copies.get(kickoff.uuid)).toMatchObject({ removed: false, title: "kickoff" });
    await poll();
    expect(copies.size).toBe(2);
  });

  it("lets a poller following one person drop a meeting that person was taken off, while others still attend it", async () => {
    const kickoff = await meeting("kickoff", "2026-12-02T15:00:00Z", [acme.admin.email, "lena@umbra.example"]);
    const standup = await meeting("standup", "2026-12-03T15:00:00Z", [acme.admin.email]);
    const own = `?person_uuid=${acme.admin.person_uuid}`;
    const copies = new Map<string, FeedItem>();
    let lastSequence = 0;
    const poll = async () => {
      for (const item of await scan(`${own}&after_sequence=${lastSequence}`, 1)) {
        if (item.removed) copies.delete(item.uuid);
        else copies.set(item.uuid, item);
        lastSequence = item.sequence;
      }
    };
    await poll();
    expect([...copies.keys()].sort()).toEqual([kickoff.uuid, standup.uuid].sort());
    expect((await putMeeting(kickoff.uuid, { attendees: [{ email: "lena@umbra.example" }] })).status).toBe(200);
    const [removal, ...rest] = (await feed(`${own}&after_sequence=${lastSequence}`)).body.items;
    expect(rest).toEqual([]);
    expect(removal).toMatchObject({ uuid: kickoff.uuid, removed: true, title: "kickoff" });
    expect(removal!.participants.map((participant) => participant.person_uuid)).not.toContain(acme.admin.person_uuid);
    // The tenant-wide feed lists it at the same sequence, still attended.
    const [tenantWide] = (await feed(`?after_sequence=${lastSequence}`)).body.items;
    expect(tenantWide).toEqual({ ...removal, removed: false });
    await poll();
    expect([...copies.keys()]).toEqual([standup.uuid]);
    expect((await feed(own)).body).toMatchObject({ total: 2 });
  });

  it("filters by recording time (since), kind and person, and keeps them for the whole scan", async () => {
    await email("before", "2026-11-01T09:00:00Z");
    const since = new Date(context.clock.now()).toISOString();
    await email("jordan's", "2020-01-01T09:00:00Z");
    const sam = await email("sam's", "2026-11-02T09:00:00Z", { from: "sam@northwind.example" });
    await meeting("with sam", "2026-11-03T09:00:00Z", ["sam@northwind.example", acme.admin.email]);
    expect(titles((await feed(`?since=${since}`)).body.items)).toEqual(["jordan's", "sam's", "with sam"]);
    expect(titles((await feed(`?since=${encodeURIComponent(new Date(context.clock.now()).toISOString())}`)).body.items)).toEqual([]);
    expect(titles((await feed("?kind=meeting")).body.items)).toEqual(["with sam"]);
    expect(titles((await feed(`?person_uuid=${sam.from_person_uuid}`)).body.items)).toEqual(["sam's", "with sam"]);
    expect(titles((await feed(`?person_uuid=${sam.from_person_uuid}&kind=email&since=${since}`)).body.items)).toEqual(["sam's"]);
    expect((await feed(`?person_uuid=${crypto.randomUUID()}`)).body).toMatchObject({ items: [], total: 0 });
    const first = (await feed(`?since=${since}&per_page=1`)).body;
    expect(first.total).toBe(3);
    const changed = await feed(`?since=2026-01-01&per_page=1&cursor=${encodeURIComponent(first.next_cursor!)}`);
    expect(changed.status).toBe(400);
    expect(changed.body.error).toMatch(/filters or sort changed/);
  });

  it("answers 400 for bad input", async () => {
    await email("one", "2026-11-01T09:00:00Z");
    await email("two", "2026-11-02T09:00:00Z");
    const cursor = (await feed("?per_page=1")).body.next_cursor!;
    const cases: Array<[string, RegExp]> = [
      ["?cursor=not-a-cursor", /cursor is not valid/],
      [`?cursor=${encodeURIComponent(cursor.slice(0, -2))}xx`, /cursor is not valid/],
      [`?page=2&cursor=${encodeURIComponent(cursor)}`, /either page or cursor/],
      ["?since=yesterday", /since.*ISO 8601|ISO 8601.*since/],
      ["?since=2026-13-01", /ISO 8601/],
      ["?kind=call", /kind/],
      ["?after_sequence=-1", /^query parameter 'after_sequence': must be an integer from 0 to 999999999999999$/],
      ["?after_sequence=1.5", /^query parameter 'after_sequence': must be an integer from 0 to 999999999999999$/],
      ["?person_uuid=ada", /must be a UUID/],
      ["?company_uuid=00000000-0000-4000-8000-000000000000", /company_uuid/],
      ["?per_page=ten", /must be an integer/],
    ];
    for (const [query, message] of cases) {
      const { status, body } = await feed(query);
      expect(status, query).toBe(400);
      expect(body.error, query).toMatch(message);
    }
    // Out-of-range paging is clamped, as on every list.
    expect((await feed("?per_page=500&page=0")).body).toMatchObject({ page: 1, per_page: 50, total: 2 });
  });

  it("never shows another tenant's activity, nor takes its cursors", async () => {
    const other = await buildTenant(context.services, { name: "Other" });
    await email("ours", "2026-11-01T09:00:00Z");
    await email("theirs 1", "2026-11-01T09:00:00Z", { key: other.key, to: [other.admin.email] });
    await email("theirs 2", "2026-11-01T09:00:00Z", { key: other.key, to: [other.admin.email] });
    expect(titles((await feed()).body.items)).toEqual(["ours"]);
    const theirs = await feed("?per_page=1", { key: other.key });
    expect(titles(theirs.body.items)).toEqual(["theirs 1"]);
    const borrowed = await feed(`?per_page=1&cursor=${encodeURIComponent(theirs.body.next_cursor!)}`);
    expect(borrowed.status).toBe(400);
    // A person of the other tenant filters to nothing here.
    const theirPerson = theirs.body.items[0]!.participants[0]!.person_uuid;
    expect((await feed(`?person_uuid=${theirPerson}`)).body.items).toEqual([]);
  });

  it("applies the per-person activity's user-context rule: the same tenant-wide feed for any valid user, 403 for a foreign one", async () => {
    await email("to alice", "2026-11-01T09:00:00Z", { to: [acme.admin.email] });
    await email("to mike", "2026-11-01T09:00:00Z", { to: [acme.member.email] });
    const tenantWide = (await feed()).body.items;
    expect(titles(tenantWide)).toEqual(["to alice", "to mike"]);
    expect((await feed("", { key: acme.memberKey })).body.items).toEqual(tenantWide);
    expect((await feed("", { userUuid: acme.member.uuid })).body.items).toEqual(tenantWide);
    const personActivity = await context.request(`/v1/persons/${acme.admin.person_uuid}/activity`, { key: acme.memberKey });
    expect(((await personActivity.json()) as { items: unknown[] }).items).toHaveLength(1);
    const other = await buildTenant(context.services, { name: "Other" });
    expect((await feed("", { userUuid: other.member.uuid })).status).toBe(403);
  });

  it("is an MCP tool whose description tells a poller how to resume", async () => {
    const response = await context.app.request("/mcp", {
      method: "POST",
      headers: { "content-type": "application/json", accept: "application/json, text/event-stream", "mcp-protocol-version": "2025-06-18", "x-api-key": acme.key },
      body: JSON.stringify({ jsonrpc: "2.0", id: 1, method: "tools/list", params: {} }),
    });
    expect(response.status).toBe(200);
    const text = await response.text();
    const json = text.startsWith("{") ? text : text.split("\n").find((line) => line.startsWith("data: "))!.slice(6);
    const tools = (JSON.parse(json) as { result: { tools: Array<{ name: string; description: string; inputSchema: { properties: Record<string, unknown> } }> } }).result.tools;
    const tool = tools.find((candidate) => candidate.name === "listActivity");
    expect(tool).toBeDefined();
    expect(tool!.description).toMatch(/after_sequence/);
    expect(tool!.description).toMatch(/removed true/);
    expect(Object.keys(tool!.inputSchema.properties)).toEqual(expect.arrayContaining(["since", "after_sequence", "kind", "person_uuid", "cursor"]));
    // An agent filtering by person reads this: it must not promise removals only for meetings the person still attends.
    expect((tool!.inputSchema.properties.person_uuid as { description: string }).description).toMatch(/taken off the attendees/);
  });
});
