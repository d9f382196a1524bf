/**
 * The reads of many records by uuid that a heavy contact's erasure makes (the interactions the graph takes, the
 * opportunities refreshed, the affiliations of persons whose activity went down), planned under statistics like
 * benchmark scale L's (a thousand rows guessed per tenant): each seeks its records by key from the list, where a
 * `tenant_uuid = ? and uuid in (500 values)` filter walked every record of the tenant.
 */
import { describe, expect, it } from "vitest";
import { useScaleLPlanDatabase } from "../testing/scale-l-plan-database.js";
import { tenantWalksIn } from "../testing/sqlite-plans.js";
import { interactionsByIds } from "./interaction-records.js";
import { lowerOpportunityActivityAfterLosses, refreshOpportunityActivity } from "./opportunity-activity.js";

const NOW = Date.UTC(2026, 0, 15);
const plans = useScaleLPlanDatabase(["affiliations", "meetings", "opportunities"], NOW);
/** As many uuids as one read takes: enough for the planner to prefer walking the tenant to 500 seeks. */
const uuids = Array.from({ length: 500 }, (_, index) => `00000000-0000-4000-8000-${String(index).padStart(12, "0")}`);

/** The plans of the reads `run` makes from `table` that walk the tenant's rows instead of seeking by key. */
async function tenantWalksOf(table: string, run: () => Promise<unknown>): Promise<string[]> {
  return (await plans.plansOfReads(table, run)).flatMap(tenantWalksIn);
}

describe("reads by many uuids, under statistics like scale L's", () => {
  it("interactionsByIds seeks each meeting and email by its uuid", async () => {
    expect(await tenantWalksOf("meetings", () => interactionsByIds(plans.db, plans.tenantUuid, "meeting", uuids))).toEqual([]);
    expect(await tenantWalksOf("emails", () => interactionsByIds(plans.db, plans.tenantUuid, "email", uuids))).toEqual([]);
  });

  it("refreshOpportunityActivity seeks each opportunity by its uuid", async () => {
    expect(await tenantWalksOf("opportunities", () => refreshOpportunityActivity(plans.db, plans.tenantUuid, uuids, { now: NOW }))).toEqual([]);
  });

  it("lowerOpportunityActivityAfterLosses seeks the affiliations of each person whose activity went down", async () => {
    const losses = { persons: new Map(uuids.map((uuid) => [uuid, NOW])), companies: new Map<string, number>() };
    expect(await tenantWalksOf("affiliations", () => lowerOpportunityActivityAfterLosses(plans.db, plans.tenantUuid, losses, NOW, []))).toEqual([]);
  });
});
