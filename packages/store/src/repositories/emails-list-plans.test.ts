/**
 * `emails.list` (`GET /v1/emails`) planned under statistics like benchmark scale L's: the tenant's emails by sent time
 * read in order from `emails_tenant_sent` (tenant, sent_at, uuid; migration 0051), a person's from their participations
 * (`email_participants_person_sent`), named ones by key; never a walk of the tenant's emails, never a sort of them.
 */
import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import { createSqliteStore } from "../sqlite/create-sqlite-store.js";
import type { EmailListFilters } from "../store.js";
import { useScaleLPlanDatabase } from "../testing/scale-l-plan-database.js";
import { tenantWalksIn } from "../testing/sqlite-plans.js";

const NOW = Date.UTC(2026, 0, 15);
const database = useScaleLPlanDatabase(["emails", "email_participants"], NOW);

/** The plans of every read of `emails` that one list call per order and position (first page, cursor) makes with `filters`. */
async function plansOfLists(filters: (personUuid: string, emailUuid: string) => EmailListFilters): Promise<string[]> {
  const store = await createSqliteStore({ path: ":memory:", now: () => NOW });
  try {
    const tenantUuid = (await store.tenants.create({ name: "Acme", tier: "standard" })).uuid;
    const { email } = await store.emails.ingest(tenantUuid, { message_id: "<a@x>", sent_at: NOW - 1, from: { email: "ada@example.com" }, to: [{ email: "bob@example.com" }] });
    return await database.plansOfReads("emails", async () => {
      for (const order of ["asc", "desc"] as const) {
        for (const position of [{ kind: "offset" as const, offset: 0 }, { kind: "after" as const, key: [NOW, randomUUID()] }]) {
          await store.emails.list(tenantUuid, { position, limit: 10, filters: filters(email.from_person_uuid, email.uuid), order });
        }
      }
    });
  } finally {
    await store.close();
  }
}

const readsEmails = (plan: string) => /\bemails\b|email_participants/.test(plan);

describe("emails.list under statistics like scale L's", () => {
  it("reads the tenant's emails in order from (tenant, sent_at, uuid), seeking a range and a cursor's place", async () => {
    const plans = (await plansOfLists(() => ({ sent_from: NOW - 1000, sent_to: NOW }))).filter(readsEmails);
    const pages = plans.filter((plan) => /emails_tenant_sent/.test(plan));
    expect(pages.length).toBeGreaterThanOrEqual(4);
    for (const plan of pages) {
      expect(plan).toMatch(/USING (COVERING )?INDEX emails_tenant_sent \(tenant_uuid=\? AND sent_at>\? AND sent_at<\?\)|USING (COVERING )?INDEX emails_tenant_sent \(tenant_uuid=\? AND \(sent_at,uuid\)[<>]\(\?,\?\) AND sent_at[<>]\?\)/);
      expect(plan).not.toMatch(/TEMP B-TREE/);
    }
    for (const plan of plans) expect(tenantWalksIn(plan), plan).toEqual([]);
  });

  it("reads a person's emails in order from their participations, each email by key", async () => {
    const plans = (await plansOfLists((person) => ({ person_uuid: person }))).filter(readsEmails);
    const pages = plans.filter((plan) => /email_participants_person_sent/.test(plan));
    expect(pages.length).toBeGreaterThanOrEqual(4);
    for (const plan of pages) {
      expect(plan).toMatch(/USING COVERING INDEX email_participants_person_sent \(tenant_uuid=\? AND person_uuid=\?/);
      expect(plan).toMatch(/SEARCH emails USING (COVERING )?INDEX sqlite_autoindex_emails_1 \(uuid=\?\)/);
      expect(plan).not.toMatch(/TEMP B-TREE/);
    }
    // A cursor's page seeks its place in the person's participations.
    expect(pages.filter((plan) => plan.includes("person_uuid=? AND (sent_at,email_uuid)")).length).toBeGreaterThanOrEqual(2);
    for (const plan of plans) expect(tenantWalksIn(plan), plan).toEqual([]);
  });

  it("seeks named emails by key, not through the tenant's emails", async () => {
    const others = Array.from({ length: 99 }, () => randomUUID());
    const plans = (await plansOfLists((_, emailUuid) => ({ uuids: [emailUuid, ...others] }))).filter(readsEmails);
    expect(plans.some((plan) => /SEARCH emails USING INDEX sqlite_autoindex_emails_1 \(uuid=\?\)/.test(plan))).toBe(true);
    for (const plan of plans) {
      expect(tenantWalksIn(plan), plan).toEqual([]);
      expect(plan).not.toMatch(/SCAN emails|emails_tenant_sent \(tenant_uuid=\?\)$/);
    }
  });
});
