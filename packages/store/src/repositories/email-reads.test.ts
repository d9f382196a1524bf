/** Emails read back by uuid and listed (`emails.getByUuid`, `emails.list`): participants, filters, pages, cursors, erasure. */
import { describe, expect, it } from "vitest";
import type { EmailListRequest } from "../store.js";
import { useFreshStore } from "../testing/fresh-store.js";

const fresh = useFreshStore();
const DAY = 86_400_000;
const T0 = Date.UTC(2026, 10, 1);
const firstPage = { position: { kind: "offset", offset: 0 }, limit: 50 } as const;

async function email(messageId: string, day: number, from: string, to: string[], cc: string[] = []) {
  const result = await fresh.store.emails.ingest(fresh.tenantUuid, { message_id: messageId, sent_at: T0 + day * DAY, subject: `Subject ${messageId}`, from: { email: from }, to: to.map((address) => ({ email: address })), cc: cc.map((address) => ({ email: address })) });
  return result.email;
}
const messageIds = async (request: Omit<EmailListRequest, "position" | "limit"> & Partial<Pick<EmailListRequest, "position" | "limit">>) =>
  (await fresh.store.emails.list(fresh.tenantUuid, { ...firstPage, ...request })).rows.map((row) => row.message_id);

describe("emails.getByUuid", () => {
  it("reads the email with every participant row by role then person, whether a body is kept, and when it was recorded", async () => {
    const sent = await email("<a@x>", 0, "ada@example.com", ["bob@example.com", "ada@example.com"], ["cy@example.com"]);
    const read = await fresh.store.emails.getByUuid(fresh.tenantUuid, sent.uuid);
    expect(read).toMatchObject({ uuid: sent.uuid, message_id: "<a@x>", sent_at: T0, subject: "Subject <a@x>", has_body: false });
    expect(typeof read!.recorded_at).toBe("number");
    // The sender also addressed herself: two rows, as the store keeps them.
    const recipients = [sent.from_person_uuid, ...sent.to_person_uuids.filter((person) => person !== sent.from_person_uuid)];
    expect(read!.participants).toEqual([
      { person_uuid: sent.from_person_uuid, role: "from" },
      ...[...recipients].sort().map((person_uuid) => ({ person_uuid, role: "to" })),
      { person_uuid: sent.cc_person_uuids[0], role: "cc" },
    ]);
    await fresh.store.emailBodies.put(fresh.tenantUuid, sent.uuid, "Hello Bob");
    expect((await fresh.store.emails.getByUuid(fresh.tenantUuid, sent.uuid))!.has_body).toBe(true);
  });

  it("is null for another tenant's email, an unknown uuid and an email erased with its sender", async () => {
    const sent = await email("<a@x>", 0, "ada@example.com", ["bob@example.com"]);
    const other = (await fresh.store.tenants.create({ name: "Globex", tier: "standard" })).uuid;
    expect(await fresh.store.emails.getByUuid(other, sent.uuid)).toBeNull();
    expect(await fresh.store.emails.getByUuid(fresh.tenantUuid, "00000000-0000-4000-8000-000000000000")).toBeNull();
    await fresh.store.persons.erase(fresh.tenantUuid, sent.from_person_uuid);
    expect(await fresh.store.emails.getByUuid(fresh.tenantUuid, sent.uuid)).toBeNull();
    // The store's lookup by message id keeps working beside it.
    expect(await fresh.store.emails.get(fresh.tenantUuid, "<a@x>")).toBeNull();
  });
});

describe("emails.list", () => {
  it("lists the tenant's emails by sent time, newest first or oldest first, within an inclusive range", async () => {
    await email("<2@x>", 2, "ada@example.com", ["bob@example.com"]);
    await email("<0@x>", 0, "bob@example.com", ["ada@example.com"]);
    await email("<1@x>", 1, "cy@example.com", ["dee@example.com"]);
    expect(await messageIds({ filters: {}, order: "desc" })).toEqual(["<2@x>", "<1@x>", "<0@x>"]);
    expect(await messageIds({ filters: {}, order: "asc" })).toEqual(["<0@x>", "<1@x>", "<2@x>"]);
    expect(await messageIds({ filters: { sent_from: T0 + DAY, sent_to: T0 + 2 * DAY }, order: "asc" })).toEqual(["<1@x>", "<2@x>"]);
    expect(await messageIds({ filters: { sent_from: T0 + 2 * DAY, sent_to: T0 }, order: "asc" })).toEqual([]);
    const page = await fresh.store.emails.list(fresh.tenantUuid, { ...firstPage, filters: {}, order: "desc" });
    expect(page.total).toBe(3);
  });

  it("lists a person's emails once each, whatever their roles, and not another tenant's", async () => {
    const toSelf = await email("<self@x>", 3, "ada@example.com", ["ada@example.com", "bob@example.com"]);
    await email("<cc@x>", 2, "bob@example.com", ["cy@example.com"], ["ada@example.com"]);
    await email("<none@x>", 1, "bob@example.com", ["cy@example.com"]);
    const ada = toSelf.from_person_uuid;
    expect(await messageIds({ filters: { person_uuid: ada }, order: "desc" })).toEqual(["<self@x>", "<cc@x>"]);
    expect((await fresh.store.emails.list(fresh.tenantUuid, { ...firstPage, filters: { person_uuid: ada }, order: "desc" })).total).toBe(2);
    expect(await messageIds({ filters: { person_uuid: ada, sent_to: T0 + 2 * DAY }, order: "desc" })).toEqual(["<cc@x>"]);
    const other = (await fresh.store.tenants.create({ name: "Globex", tier: "standard" })).uuid;
    expect((await fresh.store.emails.list(other, { ...firstPage, filters: { person_uuid: ada }, order: "desc" })).rows).toEqual([]);
    expect((await fresh.store.emails.list(other, { ...firstPage, filters: {}, order: "desc" })).rows).toEqual([]);
  });

  it("lists only the named emails of the tenant, with uuids", async () => {
    const first = await email("<0@x>", 0, "ada@example.com", ["bob@example.com"]);
    await email("<1@x>", 1, "ada@example.com", ["bob@example.com"]);
    const third = await email("<2@x>", 2, "ada@example.com", ["bob@example.com"]);
    expect(await messageIds({ filters: { uuids: [first.uuid, third.uuid, "00000000-0000-4000-8000-000000000000"] }, order: "asc" })).toEqual(["<0@x>", "<2@x>"]);
    expect(await messageIds({ filters: { uuids: [] }, order: "asc" })).toEqual([]);
    expect(await messageIds({ filters: { uuids: [third.uuid], person_uuid: first.from_person_uuid }, order: "asc" })).toEqual(["<2@x>"]);
    const other = (await fresh.store.tenants.create({ name: "Globex", tier: "standard" })).uuid;
    expect((await fresh.store.emails.list(other, { ...firstPage, filters: { uuids: [first.uuid] }, order: "asc" })).rows).toEqual([]);
  });

  it("continues after a known row (a cursor) without repeating or skipping emails of the same instant, with and without a person", async () => {
    const sent = [];
    for (let index = 0; index < 5; index += 1) sent.push(await email(`<${index}@x>`, index < 3 ? 0 : 1, "ada@example.com", ["bob@example.com"]));
    const ada = sent[0]!.from_person_uuid;
    for (const filters of [{}, { person_uuid: ada }]) {
      for (const order of ["asc", "desc"] as const) {
        const seen: string[] = [];
        let request: EmailListRequest = { position: { kind: "offset", offset: 0 }, limit: 2, filters, order };
        for (;;) {
          const page = await fresh.store.emails.list(fresh.tenantUuid, request);
          seen.push(...page.rows.map((row) => row.uuid));
          if (!page.hasMore) break;
          request = { ...request, position: { kind: "after", key: page.lastKey! } };
        }
        const expected = [...sent].sort((left, right) => left.sent_at - right.sent_at || (left.uuid < right.uuid ? -1 : 1)).map((row) => row.uuid);
        expect(seen).toEqual(order === "asc" ? expected : expected.reverse());
      }
    }
  });

  it("leaves out an email erased whole, and lists a kept one without the erased person", async () => {
    const erasedSender = await email("<gone@x>", 0, "eve@example.com", ["ada@example.com", "bob@example.com"]);
    const kept = await email("<kept@x>", 1, "ada@example.com", ["bob@example.com", "eve@example.com"]);
    const eve = erasedSender.from_person_uuid;
    await fresh.store.persons.erase(fresh.tenantUuid, eve);
    expect(await messageIds({ filters: {}, order: "asc" })).toEqual(["<kept@x>"]);
    const [listed] = (await fresh.store.emails.list(fresh.tenantUuid, { ...firstPage, filters: {}, order: "asc" })).rows;
    expect(listed!.participants.map((participant) => participant.person_uuid)).not.toContain(eve);
    expect(listed!.participants).toHaveLength(2);
    expect(listed!.uuid).toBe(kept.uuid);
  });
});
