/**
 * Type-checks a caller that passes `undefined` for optional inputs, as the functions accept at run time, under
 * `exactOptionalPropertyTypes` (on in `@tsconfig/strictest`): there an optional `limit?: number` refuses `limit:
 * query.limit` of type `number | undefined`, and the caller had to spread each option in conditionally.
 */
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import ts from "typescript";
import { afterAll, describe, expect, it } from "vitest";

const index = fileURLToPath(new URL("./index.js", import.meta.url));
const folder = mkdtempSync(join(tmpdir(), "rapport-graph-exact-optional-"));

afterAll(() => rmSync(folder, { recursive: true, force: true }));

/** Every optional input field of the public functions, given a value that may be `undefined`. */
const CALLER = `
import * as graphPackage from ${JSON.stringify(index)};
import type { ActivityPeriod, Affiliation, Interaction, PathPowerSortField, PathSortField, RelationshipSortField, ScoringParameterOverrides, SortOrder } from ${JSON.stringify(index)};

declare function maybe<T>(value: T): T | undefined;
const now = 0;
const parameters: ScoringParameterOverrides = { halfLifeDays: maybe(90), strengthThresholds: maybe({ moderate: maybe(0.3) }) };
const graph = new graphPackage.RelationshipGraph({ parameters: maybe(parameters) });
const meeting: Interaction = { id: "m", kind: "meeting", occurredAt: now, attendeeUuids: [], organizerUuid: maybe("a"), status: maybe("confirmed"), title: maybe("T") };
const affiliation: Affiliation = { personUuid: "a", companyUuid: "c", current: maybe(true) };
graphPackage.hydrateGraph({ interactions: [meeting], internalUsers: maybe([]), affiliations: maybe([affiliation]) }, { parameters: maybe(parameters), warmAt: maybe(now) });
void graphPackage.hydrateGraphAsync({ interactions: [meeting], internalUsers: maybe([]), affiliations: maybe([]) }, { yieldControl: maybe(async () => undefined) });
const target = { entity: "person", uuid: "a" } as const;
graphPackage.recommendedPaths(graph, target, {
  now,
  parameters: maybe(parameters),
  sortBy: maybe<PathSortField>("score"),
  order: maybe<SortOrder>("desc"),
  nameOf: maybe(() => null),
  limit: maybe(1),
  maximumPathsPerItem: maybe(1),
  maximumPriorityEntries: maybe(1),
  topExternalContactsLimit: maybe(1),
  includeItems: maybe(true),
});
graphPackage.pathPowerRanking(graph, "person", {
  now,
  limit: 1,
  offset: maybe(0),
  parameters: maybe(parameters),
  sortBy: maybe<PathPowerSortField>("last_activity"),
  order: maybe<SortOrder>("asc"),
  lastActivityFrom: maybe(0),
  lastActivityTo: maybe(1),
});
graphPackage.relationshipQualityRanking(graph, "a", { now, limit: 1, offset: maybe(0), sortBy: maybe<RelationshipSortField>("last_activity"), order: maybe<SortOrder>("asc"), lastActivityFrom: maybe(0), lastActivityTo: maybe(1) });
graphPackage.strongestRelationships(graph, target, { now, limit: maybe(2) });
graphPackage.activityStats(graph, target, { now, periods: maybe<ActivityPeriod[]>(["30_days"]) });
graphPackage.derivedFields(graph, target, { now, userUuid: maybe("u") });
graphPackage.connectionScore(graph, "a", "b", { now, parameters: maybe(parameters) });
`;

describe("optional inputs under exactOptionalPropertyTypes", () => {
  it("take undefined wherever the functions do", () => {
    const file = join(folder, "caller.ts");
    writeFileSync(file, CALLER);
    const program = ts.createProgram([file], {
      module: ts.ModuleKind.NodeNext,
      moduleResolution: ts.ModuleResolutionKind.NodeNext,
      target: ts.ScriptTarget.ES2022,
      strict: true,
      exactOptionalPropertyTypes: true,
      noEmit: true,
      types: [],
      // The package's own library: the target's default adds the DOM's declarations, which the caller never names.
      lib: ["lib.es2023.d.ts"],
    });
    const problems = ts
      .getPreEmitDiagnostics(program, program.getSourceFile(file))
      .map((diagnostic) => ts.flattenDiagnosticMessageText(diagnostic.messageText, "\n"));
    expect(problems).toEqual([]);
  });
});
