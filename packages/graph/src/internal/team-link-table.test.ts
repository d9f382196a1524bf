import { describe, expect, it } from "vitest";
import { hydrateGraph } from "../hydrate-graph.js";
import { recommendedPaths } from "../recommended-paths.js";
import { stateOf } from "../relationship-graph.js";
import { buildGraph, daysAgo, email, NOW, withEmail, withUser } from "../testing/builders.js";
import { createEvaluationContext } from "./evaluation-context.js";
import type { GraphState } from "./graph-state.js";
import { currentTeamLinkTable, TeamLinkTable, teamLinkTable } from "./team-link-table.js";

/** Per person: its links in the table (user, edge, first interaction), whether it is a user, its team slot. */
function regions(state: GraphState, table: TeamLinkTable) {
  return state.records.map((record, index) => {
    if (record === undefined) return null;
    const links: number[] = [];
    for (let link = table.start[index]!; link < table.end[index]!; link += 1) links.push(table.users[link]!, table.edges[link]!, table.firstAt[link]!);
    const mask = Array.from(table.masks.subarray(index * table.maskStride, (index + 1) * table.maskStride));
    return { links, isUser: table.isUser[index], team: table.teamSlot[index]! >= 0 ? table.team[table.teamSlot[index]!] : null, mask };
  });
}

describe("TeamLinkTable", () => {
  const build = () => buildGraph(withUser("ada"), withUser("ben"), withEmail("ada", "dana"), withEmail("ben", ["dana", "eve"], daysAgo(3)), withEmail("dana", "eve"));

  it("copies each person's team links, users and edge slots side by side", () => {
    const state = stateOf("test", build());
    const table = teamLinkTable(state);
    for (const record of state.records) {
      if (record === undefined) continue;
      const copied: number[] = [];
      for (let link = table.start[record.index]!; link < table.end[record.index]!; link += 1) {
        copied.push(table.users[link]!, table.edges[link]!);
        expect(table.firstAt[link]).toBe(state.edges.firstAt(table.edges[link]!));
        expect(table.team[table.teamSlot[table.users[link]!]!]).toBe(table.users[link]);
      }
      expect(copied).toEqual(record.internalLinks ?? []);
      expect(table.isUser[record.index]).toBe(record.userUuid === null ? 0 : 1);
      expect(table.teamSlot[record.index]! >= 0).toBe(record.userUuid !== null);
    }
    expect(teamLinkTable(state)).toBe(table);
  });

  it("summarizes each person's links in its mask: the latest first interaction, then its team slots as bits", () => {
    // 40 users: the slots fill two numbers of a mask. Dana knows every user, the last from 10 days ahead.
    const users = Array.from({ length: 40 }, (_, index) => `u${index}`);
    const graph = buildGraph(
      ...users.map((user) => withUser(user)),
      ...users.map((user, index) => withEmail(user, "dana", index === 39 ? daysAgo(-10) : daysAgo(100 - index))),
      withEmail("u33", "eve", daysAgo(5)),
      withEmail("u0", "u1", daysAgo(5)),
    );
    const state = stateOf("test", graph);
    const table = teamLinkTable(state);
    expect(table.maskStride).toBe(3);
    const maskOf = (uuid: string) => {
      const base = state.person(uuid)!.index * table.maskStride;
      return Array.from(table.masks.subarray(base, base + table.maskStride));
    };
    const slotOf = (uuid: string) => table.teamSlot[state.person(uuid)!.index]!;
    const bitsOf = (uuids: string[]) => {
      const words = [0, 0];
      for (const uuid of uuids) words[slotOf(uuid) >> 5] = (words[slotOf(uuid) >> 5]! | (1 << slotOf(uuid) % 32)) >>> 0;
      return words;
    };
    expect(maskOf("dana")).toEqual([daysAgo(-10), ...bitsOf(users)]);
    expect(maskOf("eve")).toEqual([daysAgo(5), ...bitsOf(["u33"])]);
    // A user's own person is never a bridge: no mask, though u0 and u1 are linked.
    expect(maskOf("u0")).toEqual([0, 0, 0]);
  });

  it("catches up with changed team links, person by person, and is copied afresh when the team changes", () => {
    const graph = build();
    const state = stateOf("test", graph);
    const table = teamLinkTable(state);
    // A new pair of externals changes their neighbours (their kept two-hop counts), not their team links;
    // a later interaction of the same pair changes neither.
    graph.addInteraction(email("dana", "eve", daysAgo(1), "between-externals"));
    expect(table.isCurrent(state)).toBe(false);
    expect(currentTeamLinkTable(state)).toBe(table);
    graph.addInteraction(email("eve", "dana", daysAgo(0), "between-externals-again"));
    expect(table.isCurrent(state)).toBe(true);
    graph.addInteraction(email("ada", "eve", daysAgo(1), "new-team-link"));
    expect(table.isCurrent(state)).toBe(false);
    expect(currentTeamLinkTable(state)).toBe(table);
    expect(regions(state, table)).toEqual(regions(state, TeamLinkTable.copy(state)));
    // An older interaction on a team link moves its first interaction, which the table holds.
    graph.addInteraction(email("ada", "dana", daysAgo(300), "older-team-link"));
    graph.addInteraction(email("ben", ["frank", "gus", "dana"], daysAgo(2), "new-persons"));
    graph.addInteraction(email("ada", "frank", daysAgo(2), "second-colleague-of-frank"));
    expect(currentTeamLinkTable(state)).toBe(table);
    expect(regions(state, table)).toEqual(regions(state, TeamLinkTable.copy(state)));
    graph.removeInteraction("older-team-link");
    graph.removeInteraction("new-team-link");
    expect(teamLinkTable(state)).toBe(table);
    expect(regions(state, table)).toEqual(regions(state, TeamLinkTable.copy(state)));
    graph.markInternal("eve", "user-eve");
    expect(currentTeamLinkTable(state)).toBeNull();
    const copied = teamLinkTable(state);
    expect(copied).not.toBe(table);
    expect(regions(state, copied)).toEqual(regions(state, TeamLinkTable.copy(state)));
  });

  it("scores a link once per call, as the state scores it", () => {
    const state = stateOf("test", build());
    const table = teamLinkTable(state);
    const dana = state.person("dana")!;
    const links = Array.from({ length: table.end[dana.index]! - table.start[dana.index]! }, (_, offset) => table.start[dana.index]! + offset);
    const at = (now: number) => createEvaluationContext("test", state, { now });
    table.beginCall();
    const scores = links.map((link) => table.linkScore(state, link, dana.index, at(NOW)));
    expect(scores).toEqual(links.map((link) => state.scoreAt(table.users[link]!, dana.index, table.edges[link]!, at(NOW))));
    expect(scores.length > 0 && scores.every((score) => score > 0)).toBe(true);
    // Within the call a later context does not rescore; a new call does.
    expect(links.map((link) => table.linkScore(state, link, dana.index, at(NOW + 400 * 86_400_000)))).toEqual(scores);
    table.beginCall();
    expect(table.linkScore(state, links[0]!, dana.index, at(NOW + 400 * 86_400_000))).toBeLessThan(scores[0]!);
  });

  it("is kept by a large graph from its hydration on, and copied afresh by any ranking once the team changed", () => {
    const padding = Array.from({ length: 10_000 }, (_, index) => ({ personUuid: `padding${index}`, companyUuid: "padding" }));
    const graph = hydrateGraph({
      internalUsers: [{ userUuid: "user-ada", personUuid: "ada" }],
      affiliations: padding,
      interactions: [email("ada", "dana", daysAgo(3), "e1"), email("dana", "eve", daysAgo(2), "e2")],
    });
    const state = stateOf("test", graph);
    const hydrated = currentTeamLinkTable(state);
    expect(hydrated).not.toBeNull();
    graph.markInternal("eve", "user-eve");
    expect(currentTeamLinkTable(state)).toBeNull();
    // One target with two bridges: far from the bridges that make a small graph copy.
    recommendedPaths(graph, { entity: "person", uuid: "dana" }, { now: NOW });
    const copied = currentTeamLinkTable(state);
    expect(copied).not.toBeNull();
    expect(copied).not.toBe(hydrated);
    expect(regions(state, copied!)).toEqual(regions(state, TeamLinkTable.copy(state)));
  });
});
