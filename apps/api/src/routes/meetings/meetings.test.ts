import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { MAX_DISPLAY_NAME_LENGTH, MAX_EMAIL_ADDRESS_LENGTH } from "../../platform/request/field-limits.js";
import { callMcpTool } from "../../testing/mcp-call.js";
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

const call = (path: string, options: { method?: string; body?: unknown; key?: string } = {}) => context.json(path, { ...options, key: options.key ?? acme.key });

describe("meetings", () => {
  it("creates, reads, lists by person and time, updates and deletes a meeting", async () => {
    const created = await call("/v1/meetings", {
      method: "POST",
      body: {
        title: "Intro",
        starts_at: "2026-11-25T15:00:00Z",
        ends_at: "2026-11-25T15:30:00Z",
        organizer: acme.admin.email,
        attendees: ["jordan@northwind.example", { email: "sam@northwind.example", response: "declined" }],
      },
      key: acme.memberKey,
    });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ title: "Intro", status: "confirmed", starts_at: Date.UTC(2026, 10, 25, 15), organizer_person_uuid: acme.admin.person_uuid, created_by_user_uuid: acme.member.uuid });
    expect(created.body!.attendees).toHaveLength(3);
    const uuid = created.body!.uuid as string;
    expect((await call(`/v1/meetings/${uuid}`)).body).toEqual(created.body);

    const jordan = created.body!.attendees.find((attendee: { person_uuid: string; response: string }) => attendee.person_uuid !== acme.admin.person_uuid && attendee.response === "accepted");
    const listed = await call(`/v1/meetings?person_uuid=${jordan.person_uuid}&starts_from=2026-11-25&starts_to=2026-11-26`);
    expect(listed.body!.items.map((item: { uuid: string }) => item.uuid)).toEqual([uuid]);
    expect((await call(`/v1/meetings?person_uuid=${jordan.person_uuid}&starts_from=2026-11-26`)).body!.items).toEqual([]);

    const moved = await call(`/v1/meetings/${uuid}`, { method: "PUT", body: { starts_at: "2026-11-26T09:00:00Z", ends_at: null, status: "cancelled" } });
    expect(moved.body).toMatchObject({ status: "cancelled", starts_at: Date.UTC(2026, 10, 26, 9), ends_at: null, title: "Intro" });
    expect(moved.body!.attendees).toHaveLength(3);
    expect((await call(`/v1/meetings?status=confirmed`)).body!.total).toBe(0);

    expect((await call(`/v1/meetings/${uuid}`, { method: "DELETE" })).status).toBe(204);
    expect((await call(`/v1/meetings/${uuid}`)).status).toBe(404);
    expect((await call(`/v1/meetings/${uuid}`, { method: "DELETE" })).status).toBe(404);
  });

  it("stores a location that is only white space as null, like other optional text, and trims one that is not", async () => {
    const created = await call("/v1/meetings", { method: "POST", body: { title: "X", starts_at: 1_796_590_000_000, attendees: [], location: "  " } });
    expect(created.status).toBe(201);
    expect(created.body!.location).toBeNull();
    const placed = await call(`/v1/meetings/${created.body!.uuid}`, { method: "PUT", body: { location: " Room 4 " } });
    expect(placed.body!.location).toBe("Room 4");
    await call(`/v1/meetings/${created.body!.uuid}`, { method: "PUT", body: { location: "\t" } });
    expect((await call(`/v1/meetings/${created.body!.uuid}`)).body!.location).toBeNull();
  });

  it("holds an attendee's address and name to their limits once trimmed, as they are stored", async () => {
    const address = (length: number) => `${"a".repeat(length - "@acme.example".length)}@acme.example`;
    const longestAddress = address(MAX_EMAIL_ADDRESS_LENGTH);
    const longestName = "N".repeat(MAX_DISPLAY_NAME_LENGTH);
    const created = await call("/v1/meetings", {
      method: "POST",
      body: { title: "Long", starts_at: 1_796_590_000_000, attendees: [{ email: ` ${longestAddress}\t`, name: `  ${longestName} `, response: "declined" }] },
    });
    expect(created.status).toBe(201);
    const attendee = await context.services.store.persons.get(acme.tenant.uuid, created.body!.attendees[0].person_uuid);
    expect(attendee).toMatchObject({ name: longestName, emails: [{ address: longestAddress }] });

    const refuse = (attendee: unknown) => call("/v1/meetings", { method: "POST", body: { title: "Longer", starts_at: 1_796_590_000_000, attendees: [attendee] } });
    const longerName = await refuse({ email: "n@acme.example", name: ` ${longestName}N `, response: "accepted" });
    expect([longerName.status, longerName.body!.error]).toEqual([400, `body field 'attendees.0.name': at most ${MAX_DISPLAY_NAME_LENGTH} characters`]);
    // A bare string is an address: its limit is named (one attendee shape for a string, one for an object).
    const longerAddress = await refuse(` ${address(MAX_EMAIL_ADDRESS_LENGTH + 1)} `);
    expect([longerAddress.status, longerAddress.body!.error]).toEqual([400, `body field 'attendees.0': at most ${MAX_EMAIL_ADDRESS_LENGTH} characters`]);
    expect((await call("/v1/meetings")).body!.total).toBe(1);
  });

  it("rejects an end before the start, an empty update and a bad attendee", async () => {
    const backwards = await call("/v1/meetings", { method: "POST", body: { title: "X", starts_at: "2026-11-25T15:00:00Z", ends_at: "2026-11-25T14:00:00Z", attendees: [] } });
    expect(backwards.status).toBe(400);
    expect(backwards.body!.error).toMatch(/ends_at must not be before starts_at/);
    const created = await call("/v1/meetings", { method: "POST", body: { title: "X", starts_at: 1_796_590_000_000, attendees: [] } });
    expect((await call(`/v1/meetings/${created.body!.uuid}`, { method: "PUT", body: {} })).status).toBe(400);
    const badAttendee = await call("/v1/meetings", { method: "POST", body: { title: "X", starts_at: 1_796_590_000_000, attendees: [{ person_uuid: "00000000-0000-4000-8000-000000000000" }] } });
    expect(badAttendee.status).toBe(400);
    expect(badAttendee.body!.error).toMatch(/person 00000000-0000-4000-8000-000000000000 not found/);
  });

  it("never lets two concurrent updates leave a meeting ending before it starts", async () => {
    const created = await call("/v1/meetings", { method: "POST", body: { title: "X", starts_at: "2026-11-25T10:00:00Z", attendees: [] } });
    const path = `/v1/meetings/${created.body!.uuid}`;
    // Each is valid against the meeting as it was: an end at 10:30, a start at 11:00.
    const answers = await Promise.all([call(path, { method: "PUT", body: { ends_at: "2026-11-25T10:30:00Z" } }), call(path, { method: "PUT", body: { starts_at: "2026-11-25T11:00:00Z" } })]);
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 400]);
    expect(answers.find((answer) => answer.status === 400)!.body!.error).toBe("ends_at must not be before starts_at");
    const meeting = (await call(path)).body!;
    expect(meeting.ends_at === null || meeting.ends_at >= meeting.starts_at).toBe(true);
  });

  it("checks an attendee given with its response as any participant: a UUID, and a named field", async () => {
    const created = await call("/v1/meetings", { method: "POST", body: { title: "X", starts_at: 1_796_590_000_000, attendees: [{ email: "answered@northwind.example", response: "declined" }] } });
    expect(created.status).toBe(201);
    const tooLong = await call(`/v1/meetings/${created.body!.uuid}`, { method: "PUT", body: { attendees: [{ email: "long@northwind.example", name: "n".repeat(MAX_DISPLAY_NAME_LENGTH + 1) }] } });
    expect(tooLong.status).toBe(400);
    expect(tooLong.body!.error).toBe(`body field 'attendees.0.name': at most ${MAX_DISPLAY_NAME_LENGTH} characters`);
    const notUuid = await call("/v1/meetings", { method: "POST", body: { title: "X", starts_at: 1_796_590_000_000, attendees: [{ person_uuid: "abc", response: "declined" }] } });
    expect(notUuid.status).toBe(400);
    expect(notUuid.body!.error).toBe("body field 'attendees.0.person_uuid': must be a UUID; find a person's uuid by name with GET /v1/persons?name=");
    expect((await call("/v1/meetings")).body!.total).toBe(1);
  });

  it("says which part of a bad attendee or instant is wrong, not just \"Invalid input\"", async () => {
    const cases: Array<[unknown, string]> = [
      [{ attendees: [{ email: "a@northwind.example", response: "maybe" }] }, `body field 'attendees.0.response': Invalid option: expected one of "accepted"|"declined"`],
      [{ attendees: [123] }, "body field 'attendees.0': Invalid input: expected string or object, received number"],
      [{ attendees: [], starts_at: true }, "body field 'starts_at': Invalid input: expected string or number, received boolean"],
      [{ attendees: [], organizer: 7 }, "body field 'organizer': Invalid input: expected string or object, received number"],
    ];
    for (const [fields, error] of cases) {
      const answer = await call("/v1/meetings", { method: "POST", body: { title: "X", starts_at: 1_796_590_000_000, ...(fields as object) } });
      expect([answer.status, answer.body!.error]).toEqual([400, error]);
    }
    expect((await call("/v1/meetings")).body!.total).toBe(0);
  });

  it("refuses a start on a day its month lacks instead of moving the meeting into the next month", async () => {
    const answer = await call("/v1/meetings", { method: "POST", body: { title: "X", starts_at: "2026-02-30T10:00:00Z", attendees: [] } });
    expect([answer.status, answer.body!.error]).toEqual([400, "body field 'starts_at': '2026-02-30T10:00:00Z' is not an ISO 8601 date-time, a mail Date header (Mon, 7 Dec 2026 07:00:00 +0000) or epoch milliseconds"]);
    expect((await call("/v1/meetings")).body!.total).toBe(0);
  });

  it("sends a start given as a word ('today', as in 'log that I met Jordan today') to the server's current time", async () => {
    const answer = await call("/v1/meetings", { method: "POST", body: { title: "Met Jordan", starts_at: "today", attendees: [acme.admin.email] } });
    expect([answer.status, answer.body!.error]).toEqual([
      400,
      "body field 'starts_at': 'today' is not an ISO 8601 date-time, a mail Date header (Mon, 7 Dec 2026 07:00:00 +0000) or epoch milliseconds; for a time relative to now, count from server_time of GET /v1/me (the server's current time)",
    ]);
    const overMcp = await callMcpTool(context, { name: "createMeeting", args: { body: { title: "Met Jordan", starts_at: "2026-12-01T10:00:00Z", ends_at: "in an hour", attendees: [] } }, headers: { "x-api-key": acme.key } });
    expect(overMcp.content[0]!.text).toBe(
      "HTTP 400: body field 'ends_at': 'in an hour' is not an ISO 8601 date-time, a mail Date header (Mon, 7 Dec 2026 07:00:00 +0000) or epoch milliseconds; for a time relative to now, count from server_time of the getMe tool (the server's current time)",
    );
    expect((await call("/v1/meetings")).body!.total).toBe(0);
  });

  it("never shows or changes another tenant's meeting", async () => {
    const other = await buildTenant(context.services, { name: "Other" });
    const theirs = await call("/v1/meetings", { method: "POST", key: other.key, body: { title: "Secret", starts_at: 1_796_590_000_000, attendees: [] } });
    const uuid = theirs.body!.uuid;
    expect((await call(`/v1/meetings/${uuid}`)).status).toBe(404);
    expect((await call(`/v1/meetings/${uuid}`, { method: "PUT", body: { title: "Mine now" } })).status).toBe(404);
    expect((await call(`/v1/meetings/${uuid}`, { method: "DELETE" })).status).toBe(404);
    expect((await call("/v1/meetings")).body!.total).toBe(0);
    expect((await call(`/v1/meetings/${uuid}`, { key: other.key })).body!.title).toBe("Secret");
  });
});

describe("who may change a meeting", () => {
  const create = async (key: string, organizer?: string) =>
    (await call("/v1/meetings", { method: "POST", key, body: { title: "Review", starts_at: "2026-11-25T15:00:00Z", attendees: [], ...(organizer ? { organizer } : {}) } })).body!
      .uuid as string;

  it("lets a member change and delete the meetings it created or organizes, and answers 403 on the others", async () => {
    const mine = await create(acme.memberKey);
    expect((await call(`/v1/meetings/${mine}`, { method: "PUT", key: acme.memberKey, body: { title: "Mine" } })).status).toBe(200);

    const organized = await create(acme.key, acme.member.email);
    expect((await call(`/v1/meetings/${organized}`, { method: "PUT", key: acme.memberKey, body: { title: "Organized" } })).status).toBe(200);
    expect((await call(`/v1/meetings/${organized}`, { method: "DELETE", key: acme.memberKey })).status).toBe(204);

    const others = [await create(acme.adminKey), await create(acme.key), await create(acme.key, acme.admin.email)];
    for (const uuid of others) {
      const changed = await call(`/v1/meetings/${uuid}`, { method: "PUT", key: acme.memberKey, body: { title: "Taken", status: "cancelled" } });
      expect(changed.status).toBe(403);
      expect(changed.body).toEqual({ error: "only the meeting's creator, its organizer or an administrator may change or delete it" });
      expect((await call(`/v1/meetings/${uuid}`, { method: "DELETE", key: acme.memberKey })).status).toBe(403);
      const unchanged = (await call(`/v1/meetings/${uuid}`, { key: acme.memberKey })).body!;
      expect(unchanged).toMatchObject({ title: "Review", status: "confirmed" });
    }
  });

  it("lets an administrator and a tenant-wide key change and delete any meeting", async () => {
    const members = [await create(acme.memberKey), await create(acme.memberKey)];
    expect((await call(`/v1/meetings/${members[0]}`, { method: "PUT", key: acme.adminKey, body: { title: "By the admin" } })).status).toBe(200);
    expect((await call(`/v1/meetings/${members[0]}`, { method: "DELETE", key: acme.adminKey })).status).toBe(204);
    expect((await call(`/v1/meetings/${members[1]}`, { method: "PUT", key: acme.key, body: { title: "By the integration" } })).status).toBe(200);
    expect((await call(`/v1/meetings/${members[1]}`, { method: "DELETE", key: acme.key })).status).toBe(204);
  });

  it("answers 404, not 403, for a meeting of another tenant or none", async () => {
    const globex = await buildTenant(context.services, { name: "Globex" });
    const theirs = (await call("/v1/meetings", { method: "POST", key: globex.key, body: { title: "Theirs", starts_at: 1_796_590_000_000, attendees: [] } })).body!.uuid as string;
    for (const uuid of [theirs, "00000000-0000-4000-8000-000000000000"]) {
      expect((await call(`/v1/meetings/${uuid}`, { method: "PUT", key: acme.memberKey, body: { title: "X" } })).status).toBe(404);
      expect((await call(`/v1/meetings/${uuid}`, { method: "DELETE", key: acme.memberKey })).status).toBe(404);
    }
  });
});
