import { describe, expect, it } from "vitest";
import { stateOf } from "../relationship-graph.js";
import { buildGraph, daysAgo, NOW, withEmail, withUser } from "../testing/builders.js";
import { createEvaluationContext } from "./evaluation-context.js";
import { IndexMap } from "./index-map.js";
import { PathCollector, type UserAccumulator } from "./path-collector.js";
import { teamLinkTable } from "./team-link-table.js";
import { personPathPower } from "./team-connections.js";

describe("PathCollector", () => {
  // ada knows dana directly and through eve and frank; ben only through eve.
  const graph = buildGraph(
    withUser("ada"),
    withUser("ben"),
    withEmail("ada", "dana", daysAgo(2)),
    withEmail("ada", ["eve", "frank"], daysAgo(5)),
    withEmail("ben", "eve", daysAgo(1)),
    withEmail("eve", "dana", daysAgo(3)),
    withEmail("frank", "dana", daysAgo(40)),
    withEmail("eve", "gus", daysAgo(4)),
  );
  const state = stateOf("test", graph);
  const context = createEvaluationContext("test", state, { now: NOW });

  function collect(targets: string[], maximumPaths: number, withTable: boolean) {
    const accumulators = new IndexMap<UserAccumulator>();
    accumulators.begin(state.records.length);
    const pathPowers = new IndexMap<number | null>();
    pathPowers.begin(state.records.length);
    const table = withTable ? teamLinkTable(state) : null;
    table?.beginCall();
    const collector = new PathCollector(state, accumulators, { context, maximumPaths, maximumPriorities: 2, memo: null, table, pathPowers });
    for (const target of targets) collector.collect(state.ensurePerson(target));
    const byUser = Object.fromEntries(
      accumulators.values.map((accumulator) => [
        accumulator.user.uuid,
        {
          best: accumulator.best,
          pathCount: accumulator.pathCount,
          paths: accumulator.paths.map((path) => path.hops.map((hop) => hop.person_uuid)),
          priorities: accumulator.priorities.map((priority) => priority.target.uuid),
        },
      ]),
    );
    return { byUser, pathPowers: targets.map((target) => pathPowers.get(state.ensurePerson(target).index)) };
  }

  it("counts every path, keeps the strongest, and the same with or without the team-link table", () => {
    const { byUser } = collect(["dana"], 1, false);
    expect(byUser["ada"]?.pathCount).toBe(3);
    expect(byUser["ben"]?.pathCount).toBe(1);
    expect(byUser["ada"]?.paths).toEqual([["dana"]]);
    expect(byUser["ben"]?.paths).toEqual([["eve", "dana"]]);
    expect(collect(["dana"], 1, true).byUser).toEqual(byUser);
    expect(collect(["dana"], 3, true).byUser["ada"]?.paths).toHaveLength(3);
  });

  it("collects many targets into one table of users, each target's PathPower from its direct links", () => {
    const { byUser, pathPowers } = collect(["dana", "gus"], 2, true);
    expect(byUser["ben"]?.pathCount).toBe(2);
    expect(byUser["ben"]?.priorities.sort()).toEqual(["dana", "gus"]);
    expect(pathPowers).toEqual([personPathPower(state, state.ensurePerson("dana"), context), null]);
  });
});
