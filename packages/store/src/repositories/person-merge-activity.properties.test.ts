/**
 * A person merge raises opportunity dates instead of recomputing them (`raiseOpportunityActivityAfterMerge`):
 * the canonical person takes over the superseded one's interactions, companies and links, so no date can go
 * down. Whatever the persons' companies, emails, links and earlier reads (which leave floors behind), the
 * dates after a merge must equal a full recomputation's.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { createSqliteStore } from "../sqlite/create-sqlite-store.js";
import { createLinkedDealsTenant, createLinkedOpportunities } from "../testing/linked-deals.js";

const day = 86_400_000;
const NOW = Date.UTC(2026, 0, 15);
const viewer = { user_uuid: null };
const PERSONS = 4;
const COMPANIES = 2;

const person = fc.integer({ min: 0, max: PERSONS - 1 });
const email = fc.record({ sentAt: fc.integer({ min: -6, max: 1 }).map((days) => NOW + days * day), from: person, to: person });
const opportunityLinks = fc.array(
  fc.record({
    persons: fc.uniqueArray(person, { maxLength: 2 }),
    companies: fc.uniqueArray(fc.integer({ min: 0, max: COMPANIES - 1 }), { maxLength: 1 }),
  }),
  { minLength: 1, maxLength: 4 },
);
const pair = fc.tuple(person, person).filter(([canonical, superseded]) => canonical !== superseded);

describe("opportunity dates after a person merge", () => {
  it("equal a full recomputation, whatever the companies, emails, links and reads before it", async () => {
    // One store for every run, each run in a tenant of its own (every write and read below is the run's tenant's):
    // a store per run spent a third of the property's time opening a connection and preparing its statements afresh.
    const store = await createSqliteStore({ path: ":memory:", now: () => NOW });
    try {
      await fc.assert(
        fc.asyncProperty(
          fc.array(fc.option(fc.integer({ min: 0, max: COMPANIES - 1 })), { minLength: PERSONS, maxLength: PERSONS }),
          fc.array(email, { maxLength: 6 }),
          opportunityLinks,
          fc.array(email, { maxLength: 3 }),
          fc.boolean(),
          pair,
          async (employers, emailsBefore, links, emailsAfterRead, readBefore, [canonical, superseded]) => {
            const fixture = await createLinkedDealsTenant(store, COMPANIES, employers);
            const { tenantUuid, persons } = fixture;
            let sent = 0;
            const send = async ({ sentAt, from, to }: { sentAt: number; from: number; to: number }) => {
              sent += 1;
              await store.emails.ingest(tenantUuid, { message_id: `m${sent}`, sent_at: sentAt, from: { email: `p${from}@example.com` }, to: [{ email: `p${to}@example.com` }] });
            };
            for (const message of emailsBefore) await send(message);
            const opportunities = await createLinkedOpportunities(store, fixture, links);
            const dates = () =>
              Promise.all(
                opportunities.map(async (uuid) => {
                  const read = (await store.opportunities.get(tenantUuid, uuid, viewer))!;
                  return [read.person_last_activity_at, read.company_last_activity_at, read.last_activity_at];
                }),
              );
            // A read applies what ingest recorded and leaves floors; later emails stay pending until the merge.
            if (readBefore) await dates();
            for (const message of emailsAfterRead) await send(message);

            await store.personMerges.merge({ tenant_uuid: tenantUuid, canonical_uuid: persons[canonical]!, superseded_uuid: persons[superseded]!, preview: false, merged_by_user_uuid: null });
            const merged = await dates();
            await store.opportunities.refreshActivity(tenantUuid);
            expect(merged).toEqual(await dates());
          },
        ),
        { numRuns: 100 },
      );
    } finally {
      await store.close();
    }
  });
});
