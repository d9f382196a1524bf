/** persons.exportPersonalDataInPages: a mailbox read a page at a time, nothing lost or doubled, the store free between pages. */
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createSqliteStore } from "../sqlite/create-sqlite-store.js";
import type { Store } from "../store.js";
import { buildDataSubjectTenant, type DataSubjectTenant } from "../testing/data-subject-tenant.js";

const NOW = Date.UTC(2026, 10, 21);
const MINUTE = 60_000;

let store: Store;
let tenant: DataSubjectTenant;

beforeEach(async () => {
  store = await createSqliteStore({ path: ":memory:", now: () => NOW });
  tenant = await buildDataSubjectTenant(store, NOW);
});
afterEach(() => store.close());

/** `count` emails between Ada and Zelda, three to a minute (ties on sent_at across page boundaries), each with a body. */
async function mailbox(count: number): Promise<void> {
  const { tenantUuid, ada, zelda, cleo } = tenant;
  const emails = Array.from({ length: count }, (_, index) => ({
    message_id: `mailbox-${index}`,
    subject: `Thread ${index}`,
    sent_at: NOW - 30 * 24 * 60 * MINUTE + Math.floor(index / 3) * MINUTE,
    // Every fifth has her in copy again and Cleo: an email she sent and copied herself on is listed once, two roles.
    from: { person_uuid: index % 2 === 0 ? ada.person_uuid : zelda.uuid },
    to: [{ person_uuid: index % 2 === 0 ? zelda.uuid : ada.person_uuid }],
    cc: index % 5 === 0 ? [{ person_uuid: zelda.uuid }, { person_uuid: cleo.uuid }] : [],
  }));
  const results = await store.emails.ingestMany(tenantUuid, emails);
  for (const result of results) {
    if (!("email" in result)) throw new Error("mailbox: an email was refused");
    await store.emailBodies.put(tenantUuid, result.email.uuid, `Body of ${result.email.message_id}`);
  }
}

describe("persons.exportPersonalDataInPages", () => {
  it("gives the whole export's document, its emails in pages of at most 500 that join into the whole list", async () => {
    await mailbox(1_201);
    const { tenantUuid, zelda } = tenant;
    const whole = (await store.persons.exportPersonalData(tenantUuid, zelda.uuid))!;
    const paged = (await store.persons.exportPersonalDataInPages(tenantUuid, zelda.uuid))!;
    expect(paged.document.emails).toEqual([]);
    expect({ ...paged.document, emails: whole.emails }).toEqual(whole);

    const pages = [];
    for await (const page of paged.emailPages()) pages.push(page);
    expect(pages.map((page) => page.length)).toEqual([500, 500, 205]);
    const emails = pages.flat();
    expect(emails).toEqual(whole.emails);
    // The 1,201 of the mailbox and the 4 of the fixture, each once, earliest first.
    expect(new Set(emails.map((email) => email.uuid)).size).toBe(1_205);
    expect(emails.map((email) => [email.sent_at, email.uuid])).toEqual([...emails.map((email) => [email.sent_at, email.uuid])].sort((left, right) => Number(left[0]) - Number(right[0]) || String(left[1]).localeCompare(String(right[1]))));
    expect(emails.find((email) => email.message_id === "mailbox-10")).toMatchObject({ roles: ["to"], other_participant_count: 2, body: "Body of mailbox-10" });
    expect(emails.find((email) => email.message_id === "mailbox-15")).toMatchObject({ roles: ["from", "cc"], other_participant_count: 2 });
  });

  it("leaves the store to other requests between pages", async () => {
    await mailbox(600);
    const { tenantUuid, zelda, ada } = tenant;
    const paged = (await store.persons.exportPersonalDataInPages(tenantUuid, zelda.uuid))!;
    const pages = paged.emailPages();
    expect((await pages.next()).value).toHaveLength(500);
    // A write while the export is half sent: served at once, and its email comes on a later page.
    const late = await store.emails.ingest(tenantUuid, { message_id: "late", sent_at: NOW, from: { person_uuid: ada.person_uuid }, to: [{ person_uuid: zelda.uuid }] });
    const rest = [];
    for (let next = await pages.next(); !next.done; next = await pages.next()) rest.push(...next.value);
    expect(rest.at(-1)!.uuid).toBe(late.email.uuid);
    expect(rest).toHaveLength(105);
  });

  it("answers null as the whole export does", async () => {
    expect(await store.persons.exportPersonalDataInPages(tenant.tenantUuid, tenant.zoltan.uuid)).toBeNull();
    const other = (await store.tenants.create({ name: "Other", tier: "standard" })).uuid;
    expect(await store.persons.exportPersonalDataInPages(other, tenant.zelda.uuid)).toBeNull();
  });
});
