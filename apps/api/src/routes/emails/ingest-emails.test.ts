import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { MAX_DISPLAY_NAME_LENGTH, MAX_EMAIL_ADDRESS_LENGTH, MAX_PARSED_MAILBOX_TEXT_PER_REQUEST } from "../../platform/request/field-limits.js";
import { postMcpMessage } from "../../testing/mcp-call.js";
import { buildTenant, createTestContext, TEST_START, type TestContext, type TestTenant } from "../../testing/test-harness.js";
import { MAX_EMAILS_PER_BATCH } from "./ingest-emails.js";

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

const ingest = async (messages: unknown[], key = acme.key) => {
  const response = await context.request("/v1/emails/batch", { key, method: "POST", body: { messages } });
  return { status: response.status, body: (await response.json()) as { results: Array<Record<string, any>>; error?: string } };
};

describe("POST /v1/emails/batch", () => {
  it("stores messages, resolves the tenant user's address to the user's person, and answers in input order", async () => {
    const { status, body } = await ingest([
      { message_id: "<a@x>", sent_at: "2026-11-01T10:00:00Z", subject: "Hi", from: acme.admin.email.toUpperCase(), to: ["jordan@northwind.example"], cc: [{ email: "sam@northwind.example", name: "Sam Ortiz" }] },
      { message_id: "<b@x>", sent_at: 1_761_991_200_000, from: { email: "jordan@northwind.example" }, to: [{ person_uuid: acme.admin.person_uuid }] },
      { message_id: "<c@x>", sent_at: "last tuesday", from: "x@y.example" },
      { message_id: "<d@x>", sent_at: "2026-11-01T10:00:00Z", from: "not-an-address" },
    ]);
    expect(status).toBe(200);
    expect(body.results.map((result) => [result.index, result.status])).toEqual([
      [0, "CREATED"],
      [1, "CREATED"],
      [2, "ERROR"],
      [3, "ERROR"],
    ]);
    expect(body.results[0]!.from_person_uuid).toBe(acme.admin.person_uuid);
    expect(body.results[1]!.participant_person_uuids).toEqual([acme.admin.person_uuid]);
    expect(body.results[1]!.from_person_uuid).toBe(body.results[0]!.participant_person_uuids[0]);
    expect(body.results[2]!.error).toMatch(/sent_at/);
    // Named by its field, as the store's refusal ("participant '...' is neither a person_uuid nor an email address") did not.
    expect(body.results[3]!.error).toBe("field 'from': 'not-an-address' is not an email address or 'Name <address>'");
    const sam = await context.services.store.persons.get(acme.tenant.uuid, body.results[0]!.participant_person_uuids[1]);
    expect(sam?.name).toBe("Sam Ortiz");
  });

  it("refuses a batch whose mail-header participants total more than one request parses, writing nothing", async () => {
    const header = Array.from({ length: 1_000 }, (_, position) => `Person ${position} <p${position}@northwind.example>`).join(", ").slice(0, 30_000);
    const messages = Array.from({ length: Math.ceil(MAX_PARSED_MAILBOX_TEXT_PER_REQUEST / 30_000) + 1 }, (_, position) => ({
      message_id: `<budget-${position}@x>`,
      sent_at: "2026-11-01T10:00:00Z",
      from: acme.admin.email,
      to: header,
    }));
    const { status, body } = await ingest(messages);
    expect(status).toBe(400);
    expect(body.error).toMatch(`total more than ${MAX_PARSED_MAILBOX_TEXT_PER_REQUEST} characters, the most one request parses: send the batch in parts`);
    expect((await context.json("/v1/emails", { key: acme.key })).body!.items).toEqual([]);
  });

  it("names a person first seen by address alone with the batch's first display name, re-listing them for pollers; a name given stays", async () => {
    const first = await ingest([{ message_id: "<n1@x>", sent_at: "2026-11-01T10:00:00Z", from: "bob@partner.example", to: [{ email: "cleo@partner.example", name: "cleo" }] }]);
    const [bob, cleo] = [first.body.results[0]!.from_person_uuid, first.body.results[0]!.participant_person_uuids[0]];
    context.clock.advance(60_000);
    const since = context.clock.now();
    await ingest([
      { message_id: "<n2@x>", sent_at: "2026-11-02T10:00:00Z", from: acme.admin.email, to: [{ email: "Bob@Partner.example", name: "Bob Partner" }], cc: [{ email: "jordan@northwind.example", name: "Jordan Blake" }] },
      { message_id: "<n3@x>", sent_at: "2026-11-03T10:00:00Z", from: { email: "bob@partner.example", name: "Robert" }, to: [{ email: "cleo@partner.example", name: "Cleo Smith" }, { email: acme.admin.email, name: "Someone" }] },
    ]);
    const response = await context.request(`/v1/persons?modified_since=${new Date(since).toISOString()}&per_page=50`, { key: acme.key });
    const listed = ((await response.json()) as { items: Array<{ uuid: string; name: string }> }).items;
    expect(listed.find((person) => person.uuid === bob)?.name).toBe("Bob Partner");
    expect(listed.find((person) => person.uuid === cleo)?.name).toBe("Cleo Smith");
    expect(listed.some((person) => person.uuid === acme.admin.person_uuid)).toBe(false);
  });

  it("stores a subject that is only white space as null, like other optional text and the mail import, and trims one that is not", async () => {
    const { body } = await ingest([
      { message_id: "<blank@x>", sent_at: "2026-11-01T10:00:00Z", subject: " \t ", from: acme.admin.email, to: ["jordan@northwind.example"] },
      { message_id: "<padded@x>", sent_at: "2026-11-02T10:00:00Z", subject: "  Terms ", from: acme.admin.email, to: ["jordan@northwind.example"] },
    ]);
    expect(body.results.map((result) => result.status)).toEqual(["CREATED", "CREATED"]);
    const activity = await context.request(`/v1/persons/${acme.admin.person_uuid}/activity`, { key: acme.key });
    const items = ((await activity.json()) as { items: Array<{ uuid: string; title: string | null }> }).items;
    expect(items.map((item) => [item.uuid, item.title])).toEqual([
      [body.results[1]!.email_uuid, "Terms"],
      [body.results[0]!.email_uuid, null],
    ]);
  });

  it("holds a participant's address and name to their limits once trimmed, as they are stored", async () => {
    const address = (length: number) => `${"a".repeat(length - "@acme.example".length)}@acme.example`;
    const longestAddress = address(MAX_EMAIL_ADDRESS_LENGTH);
    const longestName = "N".repeat(MAX_DISPLAY_NAME_LENGTH);
    const { status, body } = await ingest([
      { message_id: "<long@x>", sent_at: "2026-11-01T10:00:00Z", from: { email: ` ${longestAddress} `, name: ` ${longestName}\n` }, to: [acme.admin.email] },
      { message_id: "<longer@x>", sent_at: "2026-11-01T10:00:00Z", from: acme.admin.email, to: [` ${address(MAX_EMAIL_ADDRESS_LENGTH + 1)} `] },
      { message_id: "<longer-name@x>", sent_at: "2026-11-01T10:00:00Z", from: { email: "n@acme.example", name: ` ${longestName}N ` }, to: [acme.admin.email] },
    ]);
    expect(status).toBe(200);
    expect(body.results.map((result) => result.status)).toEqual(["CREATED", "ERROR", "ERROR"]);
    expect(body.results[1]!.error).toMatch(new RegExp(`at most ${MAX_EMAIL_ADDRESS_LENGTH} characters`));
    expect(body.results[2]!.error).toMatch(new RegExp(`at most ${MAX_DISPLAY_NAME_LENGTH} characters`));
    const sender = await context.services.store.persons.get(acme.tenant.uuid, body.results[0]!.from_person_uuid);
    expect(sender).toMatchObject({ name: longestName, emails: [{ address: longestAddress }] });
  });

  it("says which part of a bad participant is wrong in its item's error", async () => {
    const { body } = await ingest([
      { message_id: "<number@x>", sent_at: "2026-11-01T10:00:00Z", from: 42 },
      { message_id: "<uuid@x>", sent_at: "2026-11-01T10:00:00Z", from: acme.admin.email, cc: [{ person_uuid: "abc" }] },
    ]);
    expect(body.results.map((result) => result.error)).toEqual(["field 'from': Invalid input: expected string or object, received number", "field 'cc.0.person_uuid': must be a UUID; find a person's uuid by name with GET /v1/persons?name="]);
  });

  it("takes a message as a mail API gives it: mailboxes, the To header as one string, a Date header, epoch ms as text; a refusal stays its item's", async () => {
    const { body } = await ingest([
      {
        message_id: "<gmail@x>",
        sent_at: "Mon, 7 Dec 2026 07:00:00 +0000 (UTC)",
        from: "=?UTF-8?B?w4lsb2RpZQ==?= Martin <elodie@partner.example>",
        to: `Jane Doe <jane@acme-corp.example>, "Doe, John" <john@acme-corp.example>`,
        cc: "undisclosed-recipients:;",
      },
      { message_id: "<graph@x>", sent_at: "1796590000000", from: { email: "jane@acme-corp.example", name: "Jane Doe" }, to: ["Élodie Martin <elodie@partner.example>"] },
      { message_id: "<two-senders@x>", sent_at: "2026-12-07T07:00:00+01:00", from: "a@x.example, b@x.example", to: ["c@x.example"] },
      { message_id: "<comma@x>", sent_at: "2026-12-07T07:00:00Z", from: "a@x.example", to: ["c@x.example", "Doe, John <john@acme-corp.example>"] },
      { message_id: "<no-zone@x>", sent_at: "Mon, 7 Dec 2026 07:00:00", from: "a@x.example" },
    ]);
    expect(body.results.map((result) => result.status)).toEqual(["CREATED", "CREATED", "ERROR", "ERROR", "ERROR"]);
    const [gmail, graph] = body.results as [Record<string, any>, Record<string, any>];
    const email = (await context.json(`/v1/emails/${gmail.email_uuid}`, { key: acme.key })).body as { sent_at: number };
    expect(email.sent_at).toBe(Date.UTC(2026, 11, 7, 7));
    // The same persons as {email, name} gives: the sender of one is the recipient of the other.
    expect(graph.participant_person_uuids).toEqual([gmail.from_person_uuid]);
    const { store } = context.services;
    const byAddress = await store.persons.findByEmails(acme.tenant.uuid, ["elodie@partner.example", "jane@acme-corp.example", "john@acme-corp.example"]);
    const [elodie, jane, john] = ["elodie@partner.example", "jane@acme-corp.example", "john@acme-corp.example"].map((address) => byAddress.get(address));
    expect([gmail.from_person_uuid, [...gmail.participant_person_uuids].sort(), graph.from_person_uuid]).toEqual([elodie, [jane, john].sort(), jane]);
    const names = await Promise.all([elodie!, jane!, john!].map(async (uuid) => (await store.persons.get(acme.tenant.uuid, uuid))?.name));
    expect(names).toEqual(["Élodie Martin", "Jane Doe", "Doe, John"]);
    expect(body.results.slice(2).map((result) => result.error)).toEqual([
      "field 'from': 'a@x.example, b@x.example' holds 2 addresses: send one participant each (a list of participants also takes the whole list as one string)",
      `field 'to.1': 'Doe, John <john@acme-corp.example>' is not one mailbox: a display name holding a comma is quoted, as in "Doe, John" <john@acme.example>`,
      "field 'sent_at': 'Mon, 7 Dec 2026 07:00:00' has no time zone: add it as a mail Date header writes it (+0000 for UTC)",
    ]);
  });

  it("reads a leap second (23:59:60) as its minute's last second, as ISO 8601, a Date header and a filter alike; 61 is no second", async () => {
    const { body } = await ingest([
      { message_id: "<leap-iso@x>", sent_at: "2016-12-31T23:59:60Z", from: "a@x.example", to: ["b@x.example"] },
      { message_id: "<leap-header@x>", sent_at: "Sun, 1 Jan 2017 00:59:60 +0100", from: "a@x.example", to: ["b@x.example"] },
      { message_id: "<past-leap@x>", sent_at: "2016-12-31T23:59:61Z", from: "a@x.example", to: ["b@x.example"] },
    ]);
    expect(body.results.map((result) => result.status)).toEqual(["CREATED", "CREATED", "ERROR"]);
    const sentAt = async (uuid: string) => ((await context.json(`/v1/emails/${uuid}`, { key: acme.key })).body as { sent_at: number }).sent_at;
    expect([await sentAt(body.results[0]!.email_uuid), await sentAt(body.results[1]!.email_uuid)]).toEqual([Date.UTC(2016, 11, 31, 23, 59, 59), Date.UTC(2016, 11, 31, 23, 59, 59)]);
    expect((await context.json("/v1/activity?since=2016-12-31T23:59:60.500Z", { key: acme.key })).status).toBe(200);
  });

  it("documents a message's fields in the OpenAPI document and the MCP tool, which agents read to build the call", async () => {
    const document = (await (await context.request("/v1/openapi.json")).json()) as {
      paths: Record<string, { post: { requestBody: { content: { "application/json": { schema: { properties: { messages: { items: { properties?: object; required?: string[] } } } } } } } } }>;
    };
    const item = document.paths["/v1/emails/batch"]!.post.requestBody.content["application/json"].schema.properties.messages.items;
    expect(Object.keys(item.properties ?? {})).toEqual(["message_id", "sent_at", "subject", "from", "to", "cc"]);
    expect(item.required).toEqual(["message_id", "sent_at", "from"]);
    // A recipients list is an array or the header's text, in both documents.
    const to = (item.properties as Record<string, { anyOf?: Array<{ type?: string }> }>).to!;
    expect(to.anyOf?.map((alternative) => alternative.type)).toEqual(["string", "array"]);
    type Listed = { tools: Array<{ name: string; inputSchema: { properties: { body: { properties: { messages: { items: { properties?: object } } } } } } }> };
    const listed = await postMcpMessage<Listed>(context, { method: "tools/list" }, { "x-api-key": acme.key });
    const tool = listed.result!.tools.find((candidate) => candidate.name === "ingestEmails")!;
    const toolItem = tool.inputSchema.properties.body.properties.messages.items.properties as Record<string, { anyOf?: Array<{ type?: string }> }>;
    expect(Object.keys(toolItem)).toContain("sent_at");
    expect(toolItem.to!.anyOf?.map((alternative) => alternative.type)).toEqual(["string", "array"]);
  });

  it("keeps the message_id a bad item was sent with in its ERROR result, trimmed or not", async () => {
    const { body } = await ingest([{ message_id: " <raw@x> ", sent_at: "soon", from: acme.admin.email }, { sent_at: "2026-11-01T10:00:00Z" }]);
    expect(body.results.map((result) => [result.status, result.message_id])).toEqual([
      ["ERROR", " <raw@x> "],
      ["ERROR", null],
    ]);
    expect(body.results[1]!.error).toMatch(/^field 'message_id'/);
  });

  it("does not count a re-sent message twice", async () => {
    const message = { message_id: "<dup@x>", sent_at: "2026-11-01T10:00:00Z", from: acme.admin.email, to: ["jordan@northwind.example"] };
    const first = await ingest([message]);
    const second = await ingest([message, message]);
    expect(second.body.results.map((result) => result.status)).toEqual(["DUPLICATE", "DUPLICATE"]);
    expect(second.body.results[0]!.email_uuid).toBe(first.body.results[0]!.email_uuid);
    const activity = await context.request(`/v1/persons/${acme.admin.person_uuid}/activity`, { key: acme.key });
    expect(((await activity.json()) as { total: number }).total).toBe(1);
  });

  it("takes a message id without its angle brackets for the one stored with them (a mail import keeps them), scoring it once", async () => {
    const message = { message_id: "<sync@x>", sent_at: "2026-11-01T10:00:00Z", from: acme.admin.email, to: ["jordan@northwind.example"] };
    const first = await ingest([message]);
    const second = await ingest([{ ...message, message_id: "sync@x" }]);
    expect(second.body.results.map((result) => [result.status, result.email_uuid, result.message_id])).toEqual([["DUPLICATE", first.body.results[0]!.email_uuid, "<sync@x>"]]);
    const jordan = first.body.results[0]!.participant_person_uuids[0];
    const relationships = await context.json(`/v1/users/${acme.admin.uuid}/relationships`, { key: acme.key });
    expect(relationships.body!.items.map((row: Record<string, unknown>) => [row.person_uuid, row.interaction_count])).toEqual([[jordan, 1]]);
  });

  it(`rejects an empty batch and one over ${MAX_EMAILS_PER_BATCH} messages as a whole`, async () => {
    expect((await ingest([])).status).toBe(400);
    const tooMany = Array.from({ length: MAX_EMAILS_PER_BATCH + 1 }, (_unused, index) => ({ message_id: `m${index}`, sent_at: 1_796_590_000_000, from: "a@x.example" }));
    const { status, body } = await ingest(tooMany);
    expect(status).toBe(400);
    expect(body.error).toMatch(/messages/);
  });

  it("keeps tenants apart: the same message id and addresses are separate records per tenant", async () => {
    const other = await buildTenant(context.services, { name: "Other" });
    const message = { message_id: "<shared@x>", sent_at: "2026-11-01T10:00:00Z", from: "jordan@northwind.example", to: ["lena@umbra.example"] };
    const mine = await ingest([message]);
    const theirs = await ingest([message], other.key);
    expect(theirs.body.results[0]!.status).toBe("CREATED");
    expect(theirs.body.results[0]!.from_person_uuid).not.toBe(mine.body.results[0]!.from_person_uuid);
  });
});
