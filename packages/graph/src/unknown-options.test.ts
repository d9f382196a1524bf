/** Every public function that takes options refuses a key it does not know, as the scoring parameters do. */
import { describe, expect, it } from "vitest";
import { activityStats } from "./activity-stats.js";
import { connectionScore } from "./connection-score.js";
import { derivedFields } from "./derived-fields.js";
import { hydrateGraphAsync } from "./hydrate-graph-async.js";
import { hydrateGraph } from "./hydrate-graph.js";
import { lastActivityAt } from "./last-activity.js";
import { pathPowerRanking } from "./path-power-ranking.js";
import { pathPower } from "./path-power.js";
import { recommendedPaths, recommendedPathsOfMany } from "./recommended-paths.js";
import { RelationshipGraph } from "./relationship-graph.js";
import { relationshipQualityRanking } from "./relationship-quality-ranking.js";
import { relationshipQuality } from "./relationship-quality.js";
import { strongestRelationships } from "./strongest-relationships.js";
import { buildGraph, daysAgo, NOW, withEmail, withUser } from "./testing/builders.js";

const graph = buildGraph(withUser("ada"), withEmail("ada", "dana", daysAgo(3)));
const dana = { entity: "person", uuid: "dana" } as const;

/** Each function with options, called with what it knows plus `extra`, and the option names its error lists. */
const CALLS: [string, (extra: Record<string, unknown>) => unknown, string][] = [
  ["RelationshipGraph", (extra) => new RelationshipGraph({ parameters: {}, ...extra }), '"parameters"'],
  ["hydrateGraph", (extra) => hydrateGraph({ interactions: [] }, { warmAt: NOW, ...extra }), '"parameters", "warmAt"'],
  ["connectionScore", (extra) => connectionScore(graph, "ada", "dana", { now: NOW, ...extra }), '"now", "parameters"'],
  ["relationshipQuality", (extra) => relationshipQuality(graph, "user-ada", "dana", { now: NOW, ...extra }), '"now", "parameters"'],
  ["relationshipQualityRanking", (extra) => relationshipQualityRanking(graph, "user-ada", { now: NOW, limit: 1, ...extra }), '"now", "parameters", "offset", "limit", "sortBy", "order", "lastActivityFrom", "lastActivityTo"'],
  ["pathPower", (extra) => pathPower(graph, dana, { now: NOW, ...extra }), '"now", "parameters"'],
  ["pathPowerRanking", (extra) => pathPowerRanking(graph, "person", { now: NOW, limit: 1, ...extra }), '"now", "parameters", "offset", "limit", "sortBy", "order", "lastActivityFrom", "lastActivityTo"'],
  [
    "recommendedPaths",
    (extra) => recommendedPaths(graph, dana, { now: NOW, limit: 1, ...extra }),
    '"now", "parameters", "sortBy", "order", "nameOf", "limit", "maximumPathsPerItem", "maximumPriorityEntries", "topExternalContactsLimit", "includeItems"',
  ],
  [
    "recommendedPathsOfMany",
    (extra) => recommendedPathsOfMany(graph, [dana], { now: NOW, limit: 1, ...extra }),
    '"now", "parameters", "sortBy", "order", "nameOf", "limit", "maximumPathsPerItem", "maximumPriorityEntries", "topExternalContactsLimit", "includeItems"',
  ],
  ["strongestRelationships", (extra) => strongestRelationships(graph, dana, { now: NOW, limit: 1, ...extra }), '"now", "parameters", "limit"'],
  ["activityStats", (extra) => activityStats(graph, dana, { now: NOW, periods: ["30_days"], ...extra }), '"now", "periods", "teamOnly", "spans"'],
  ["derivedFields", (extra) => derivedFields(graph, dana, { now: NOW, userUuid: "user-ada", ...extra }), '"now", "userUuid"'],
  ["lastActivityAt", (extra) => lastActivityAt(graph, dana, { now: NOW, ...extra }), '"now"'],
];

describe("options", () => {
  it.each(CALLS)("%s answers with every option it knows", (_name, call) => {
    expect(() => call({})).not.toThrow();
  });

  it.each(CALLS)("%s refuses a misspelt option instead of falling back to its default", (name, call, known) => {
    expect(() => call({ limt: 5 })).toThrow(`${name}: expecting a known option name (${known}) but got "limt".`);
    // Even when undefined: a typo must fail every time, not only when its value is set.
    expect(() => call({ parameter: undefined })).toThrow(`${name}: expecting a known option name (${known}) but got "parameter".`);
  });

  it("refuses an unknown option of hydrateGraphAsync, a name every object inherits, and options that are no object", async () => {
    await expect(hydrateGraphAsync({ interactions: [] }, { yieldControl: async () => {}, yeildControl: undefined } as never)).rejects.toThrow(
      'hydrateGraphAsync: expecting a known option name ("parameters", "warmAt", "yieldControl") but got "yeildControl".',
    );
    // Names every object inherits are no options either.
    expect(() => connectionScore(graph, "ada", "dana", JSON.parse(`{"now": ${NOW}, "toString": 1}`) as never)).toThrow(
      'connectionScore: expecting a known option name ("now", "parameters") but got "toString".',
    );
    expect(() => new RelationshipGraph([] as never)).toThrow('RelationshipGraph: expecting "options" to be an object but got "[]".');
  });
});
