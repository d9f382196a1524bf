/**
 * The opportunity list's `city`, `state` and `country` filters, planned under statistics like benchmark scale L's:
 * the persons and companies whose place matches are read from their places' index (migration 0086) and their links
 * sought by record, where every opportunity link of the tenant and each linked record's row were read.
 */
import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import { useScaleLPlanDatabase } from "../testing/scale-l-plan-database.js";
import { createOpportunityRepository } from "./opportunity-repository.js";

const NOW = Date.UTC(2026, 0, 15);
const database = useScaleLPlanDatabase(["associations", "persons", "companies", "opportunities"], NOW);
const context = () => ({ db: database.db, now: () => NOW, generateId: randomUUID, emit: () => {} });
const firstPage = { position: { kind: "offset" as const, offset: 0 }, limit: 10, order: "asc" as const, viewer: { user_uuid: null } };

describe("the opportunity list's place filters, under statistics like scale L's", () => {
  it("read the matching records from their places' index and seek their links by record", async () => {
    const locations = [{ city: "boston" }, { countries: ["United States", "US"] }, { states: ["Massachusetts"], countries: ["United States"] }];
    for (const location of locations) {
      const plans = await database.plansOfReads("associations", () => createOpportunityRepository(context()).list(database.tenantUuid, { ...firstPage, filters: { location } }));
      for (const plan of plans) {
        expect(plan, JSON.stringify(location)).toContain("persons_live_places (tenant_uuid=?");
        expect(plan).toContain("companies_live_places (tenant_uuid=?");
        expect(plan).toMatch(/associations_opportunity_links \(entity_uuid=\?/);
        expect(plan).not.toMatch(/SCAN (a|associations)\b/);
      }
    }
  });
});
