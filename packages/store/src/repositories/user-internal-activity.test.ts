/**
 * A company's last activity counts its current external members, never a user's own person (docs/api-decisions.md,
 * "Opportunities"): each way a person joins or leaves the team, the stored dates of an opportunity linked to their
 * company follow, and equal the live date of the association, read from the graph.
 */
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createSqliteStore } from "../sqlite/create-sqlite-store.js";
import type { Store } from "../store.js";
import { createLinkedDealsTenant, createLinkedOpportunities, type LinkedDealsTenant } from "../testing/linked-deals.js";

const day = 86_400_000;
const NOW = Date.UTC(2026, 11, 5);
const viewer = { user_uuid: null };

describe("an opportunity linked to a company whose member joins or leaves the team", () => {
  let store: Store;
  let fixture: LinkedDealsTenant;
  let opportunity: string;
  /** Person 0 (at company 0) last wrote to person 2 (no company) on Dec 4; person 1 (also at company 0) on Dec 2. Persons 2 and 3 have no company. */
  beforeEach(async () => {
    store = await createSqliteStore({ path: ":memory:", now: () => NOW });
    fixture = await createLinkedDealsTenant(store, 1, [0, 0, null, null]);
    opportunity = (await createLinkedOpportunities(store, fixture, [{ persons: [], companies: [0] }]))[0]!;
    await send("m1", NOW - day, 0, 3);
    await send("m2", NOW - 3 * day, 1, 3);
  });
  afterEach(() => store.close());

  async function send(messageId: string, sentAt: number, from: number, to: number) {
    await store.emails.ingest(fixture.tenantUuid, { message_id: messageId, sent_at: sentAt, from: { email: `p${from}@example.com` }, to: [{ email: `p${to}@example.com` }] });
  }
  /** The stored company date and the association's live one. */
  async function companyDates() {
    const read = (await store.opportunities.get(fixture.tenantUuid, opportunity, viewer))!;
    return { stored: read.company_last_activity_at, live: read.associations[0]!.last_activity_at, overall: read.last_activity_at };
  }
  const createUser = (person: number) => store.users.create({ tenant_uuid: fixture.tenantUuid, name: `User ${person}`, email: `p${person}@example.com`, role: "member" });

  it("leaves out a contact who becomes a user's own person, read before or not", async () => {
    expect(await companyDates()).toEqual({ stored: NOW - day, live: NOW - day, overall: NOW - day });
    await createUser(0);
    expect(await companyDates()).toEqual({ stored: NOW - 3 * day, live: NOW - 3 * day, overall: NOW - 3 * day });
  });

  it("goes to null when the only external member with activity joins the team before any read", async () => {
    await createUser(0);
    await createUser(1);
    expect(await companyDates()).toEqual({ stored: null, live: null, overall: null });
  });

  it("counts the person again once their user is deactivated, and not once reactivated", async () => {
    const user = await createUser(0);
    await store.users.deactivate(fixture.tenantUuid, user.uuid);
    expect(await companyDates()).toEqual({ stored: NOW - day, live: NOW - day, overall: NOW - day });
    await store.users.reactivate(fixture.tenantUuid, user.uuid);
    expect(await companyDates()).toEqual({ stored: NOW - 3 * day, live: NOW - 3 * day, overall: NOW - 3 * day });
  });

  it("is not raised by a user's own email, whatever was pending", async () => {
    await createUser(0);
    await send("m3", NOW - 1000, 0, 3);
    expect(await companyDates()).toEqual({ stored: NOW - 3 * day, live: NOW - 3 * day, overall: NOW - 3 * day });
  });

  it("leaves out a contact merged into a user's own person, whose companies they bring", async () => {
    const user = await createUser(2);
    expect(await companyDates()).toEqual({ stored: NOW - day, live: NOW - day, overall: NOW - day });
    await store.personMerges.merge({
      tenant_uuid: fixture.tenantUuid,
      canonical_uuid: user.person_uuid,
      superseded_uuid: fixture.persons[0]!,
      preview: false,
      merged_by_user_uuid: null,
    });
    expect(await companyDates()).toEqual({ stored: NOW - 3 * day, live: NOW - 3 * day, overall: NOW - 3 * day });
  });
});
