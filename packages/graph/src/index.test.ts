import { describe, expect, it } from "vitest";
import * as graphPackage from "./index.js";

describe("@rapport/graph public surface", () => {
  it("exports exactly the documented values", () => {
    expect(Object.keys(graphPackage).sort()).toEqual([
      "ACTIVITY_PERIODS",
      "ENTITY_KINDS",
      "GraphInputError",
      "MEETING_INTERACTION_STATUSES",
      "PATH_POWER_SORT_FIELDS",
      "PATH_SORT_FIELDS",
      "RELATIONSHIP_SORT_FIELDS",
      "RelationshipGraph",
      "SORT_ORDERS",
      "STRENGTH_LABELS",
      "activityStats",
      "compareNames",
      "connectionScore",
      "defaultScoringParameters",
      "derivedFields",
      "hydrateGraph",
      "hydrateGraphAsync",
      "lastActivityAt",
      "pathPower",
      "pathPowerRanking",
      "recommendedPaths",
      "recommendedPathsOfMany",
      "relationshipQuality",
      "relationshipQualityRanking",
      "resolveScoringParameters",
      "strengthLabel",
      "strongestRelationships",
      "teamLastActivityAt",
    ]);
  });

  it("exports frozen constants", () => {
    expect(Object.isFrozen(graphPackage.ACTIVITY_PERIODS)).toBe(true);
    expect(Object.isFrozen(graphPackage.defaultScoringParameters)).toBe(true);
    expect(Object.isFrozen(graphPackage.STRENGTH_LABELS)).toBe(true);
    expect(Object.isFrozen(graphPackage.ENTITY_KINDS)).toBe(true);
    expect(Object.isFrozen(graphPackage.PATH_SORT_FIELDS)).toBe(true);
    expect(Object.isFrozen(graphPackage.PATH_POWER_SORT_FIELDS)).toBe(true);
    expect(Object.isFrozen(graphPackage.RELATIONSHIP_SORT_FIELDS)).toBe(true);
    expect(Object.isFrozen(graphPackage.SORT_ORDERS)).toBe(true);
    expect(Object.isFrozen(graphPackage.MEETING_INTERACTION_STATUSES)).toBe(true);
  });
});
