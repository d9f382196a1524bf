/**
 * The erasure's statements on the rows its triggers derived from a person (name search notes, the person change
 * log), planned under statistics like benchmark scale L's (a thousand rows guessed per tenant): each seeks the rows
 * of the erased persons by their uuid (migration 0042), where it walked every note or logged change of the tenant.
 */
import { describe, expect, it } from "vitest";
import { useScaleLPlanDatabase } from "../testing/scale-l-plan-database.js";
import { tenantWalksIn } from "../testing/sqlite-plans.js";
import { eraseDerivedRows } from "./erase-derived-rows.js";

const NOW = Date.UTC(2026, 0, 15);
const plans = useScaleLPlanDatabase(["name_search_pending", "person_changes"], NOW);
/** A person and two persons merged into them. */
const personUuids = ["00000000-0000-4000-8000-000000000001", "00000000-0000-4000-8000-000000000002", "00000000-0000-4000-8000-000000000003"];

describe("eraseDerivedRows, under statistics like scale L's", () => {
  it.each(["name_search_pending", "person_changes"])("finds the persons' rows of %s by their uuids", async (table) => {
    const erase = () => eraseDerivedRows(plans.db, plans.tenantUuid, { personUuids, linkedOpportunityUuids: [], values: [], identifying: { values: [], addresses: [] } });
    const plansOfTable = await plans.plansOfStatements(table, erase);
    expect(plansOfTable.flatMap(tenantWalksIn)).toEqual([]);
  });
});
