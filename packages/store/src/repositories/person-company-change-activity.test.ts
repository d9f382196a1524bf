/**
 * A company's last activity counts its current external members (docs/api-decisions.md, "Opportunities"): when a
 * person changes company (a new primary company, replaced affiliations, a tenure that ends), the stored dates of the
 * opportunities linked to the companies they join or leave follow, and equal the live dates read from the graph.
 */
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createSqliteStore } from "../sqlite/create-sqlite-store.js";
import type { Store } from "../store.js";
import { createLinkedDealsTenant, createLinkedOpportunities, type LinkedDealsTenant } from "../testing/linked-deals.js";

const day = 86_400_000;
const NOW = Date.UTC(2026, 11, 5);
const viewer = { user_uuid: null };

describe("opportunities linked to the companies a person joins or leaves", () => {
  let store: Store;
  let fixture: LinkedDealsTenant;
  let opportunities: string[];
  /** Person 0 (at company 0) last wrote to person 3 (no company) on Dec 4; person 1 (also at company 0) on Dec 2. Person 2 is at company 1, without activity. */
  beforeEach(async () => {
    store = await createSqliteStore({ path: ":memory:", now: () => NOW });
    fixture = await createLinkedDealsTenant(store, 2, [0, 0, 1, null]);
    opportunities = await createLinkedOpportunities(store, fixture, [
      { persons: [], companies: [0] },
      { persons: [], companies: [1] },
    ]);
    await send("m1", NOW - day, 0, 3);
    await send("m2", NOW - 3 * day, 1, 3);
  });
  afterEach(() => store.close());

  async function send(messageId: string, sentAt: number, from: number, to: number) {
    await store.emails.ingest(fixture.tenantUuid, { message_id: messageId, sent_at: sentAt, from: { email: `p${from}@example.com` }, to: [{ email: `p${to}@example.com` }] });
  }
  /** Per company (index), the stored company date of its opportunity and the association's live one. */
  async function companyDates() {
    return Promise.all(
      opportunities.map(async (uuid) => {
        const read = (await store.opportunities.get(fixture.tenantUuid, uuid, viewer))!;
        return { stored: read.company_last_activity_at, live: read.associations[0]!.last_activity_at };
      }),
    );
  }
  const update = (person: number, patch: Parameters<Store["persons"]["update"]>[2]) => store.persons.update(fixture.tenantUuid, fixture.persons[person]!, patch);

  it("moves the person's activity from the old company to the new one on a new primary company", async () => {
    expect(await companyDates()).toEqual([{ stored: NOW - day, live: NOW - day }, { stored: null, live: null }]);
    await update(0, { primary_company_uuid: fixture.companies[1]! });
    expect(await companyDates()).toEqual([
      { stored: NOW - 3 * day, live: NOW - 3 * day },
      { stored: NOW - day, live: NOW - day },
    ]);
  });

  it("follows replaced affiliations and an ended tenure, down to null", async () => {
    await companyDates();
    await update(0, { primary_company_uuid: fixture.companies[1]!, affiliations: [{ company_uuid: fixture.companies[1]! }] });
    await update(1, { primary_company_uuid: null, affiliations: [{ company_uuid: fixture.companies[0]!, is_current: false }] });
    expect(await companyDates()).toEqual([
      { stored: null, live: null },
      { stored: NOW - day, live: NOW - day },
    ]);
  });

  it("adds the person's activity to a company they join while staying at their own, after a read", async () => {
    await companyDates();
    await update(1, { affiliations: [{ company_uuid: fixture.companies[0]! }, { company_uuid: fixture.companies[1]! }] });
    expect(await companyDates()).toEqual([
      { stored: NOW - day, live: NOW - day },
      { stored: NOW - 3 * day, live: NOW - 3 * day },
    ]);
  });

  it("changes nothing for a person without activity", async () => {
    await update(2, { primary_company_uuid: fixture.companies[0]! });
    expect(await companyDates()).toEqual([{ stored: NOW - day, live: NOW - day }, { stored: null, live: null }]);
  });
});
