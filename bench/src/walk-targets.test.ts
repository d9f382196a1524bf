/** The operation walk's targets, read from the suite's generated S tenant (read only). */
import { describe, expect, inject, it } from "vitest";
import { walkTargets } from "./walk-targets.js";

describe("walkTargets", () => {
  it("names the busiest and the median contact and company, users first to last, and a hundred uuids of each kind", () => {
    const { databasePath, tenant } = inject("generatedS");
    const targets = walkTargets(databasePath);
    expect(tenant.personUuids).toEqual(expect.arrayContaining([targets.heavyPerson, targets.typicalPerson]));
    expect(tenant.companyUuids).toEqual(expect.arrayContaining([targets.heavyCompany, targets.typicalCompany]));
    expect(targets.interactions.heavyPerson).toBeGreaterThan(targets.interactions.typicalPerson);
    expect(targets.interactions.heavyCompany).toBeGreaterThan(targets.interactions.typicalCompany);
    expect([...targets.users].sort()).toEqual([...tenant.userUuids].sort());
    expect(Object.values(targets.hundred).map((uuids) => new Set(uuids).size)).toEqual([100, 100, 100, 100]);
  });
});
