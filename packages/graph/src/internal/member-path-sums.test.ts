import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { hydrateGraph } from "../hydrate-graph.js";
import { stateOf } from "../relationship-graph.js";
import { DAY, NOW } from "../testing/builders.js";
import { ageInDays, interactionLists } from "../testing/interaction-arbitraries.js";
import type { Interaction } from "../types.js";
import type { GraphState } from "./graph-state.js";
import { MemberPathSums } from "./member-path-sums.js";
import { teamLinkTable, type TeamLinkTable } from "./team-link-table.js";

const USERS = [0, 1, 2].map((index) => ({ userUuid: `u${index}`, personUuid: `q${index}` }));
const EXTERNALS = Array.from({ length: 12 }, (_, index) => `x${index}`);
const PERSONS = [...USERS.map((user) => user.personUuid), ...EXTERNALS];
/** Days before NOW; negative values are in the future, so that some links and bridges begin after the counts settle. */
const age = ageInDays(900);
const interactions = interactionLists(PERSONS, { age, length: { minLength: 20, maxLength: 120 }, maximumAttendees: 4 });
const email = fc.record({ days: age, senderUuid: fc.constantFrom(...PERSONS), recipientUuids: fc.array(fc.constantFrom(...PERSONS), { minLength: 1, maxLength: 3 }) });

/** The members' paths counted member by member, as a ranking without kept sums does. */
function memberByMember(state: GraphState, table: TeamLinkTable, members: ArrayLike<number>, now: number): number[] {
  const counts = new Int32Array(table.team.length);
  for (let at = 0; at < members.length; at += 1) {
    table.addTwoHopCounts(state, members[at]!, now, counts);
    table.addDirectPaths(members[at]!, now, counts);
  }
  return Array.from(counts);
}

/** Counts the members whose kept counts `table` reads while `counting` holds. */
function countedReads(table: TeamLinkTable): { count: number; counting: boolean } {
  const reads = { count: 0, counting: true };
  const read = table.addSettledTwoHopCounts.bind(table);
  table.addSettledTwoHopCounts = (index, into) => {
    if (reads.counting) reads.count += 1;
    read(index, into);
  };
  return reads;
}

describe("MemberPathSums", () => {
  it("adds what counting member by member adds, at every now the counts serve, before and after the graph changed", () => {
    fc.assert(
      fc.property(interactions, fc.array(email, { maxLength: 8 }), age, fc.array(age, { minLength: 1, maxLength: 4 }), (list, added, settledDays, nowDays) => {
        // Two companies: a change to one's members, or to a bridge of theirs, must reach its sums and not need the other's.
        const companyOf = (index: number) => (index < EXTERNALS.length / 2 ? "acme" : "globex");
        const graph = hydrateGraph({ interactions: list, internalUsers: USERS, affiliations: EXTERNALS.map((personUuid, index) => ({ personUuid, companyUuid: companyOf(index) })) });
        const state = stateOf("test", graph);
        const sums = new MemberPathSums();
        const compare = () => {
          const table = teamLinkTable(state, NOW - settledDays * DAY);
          // The same sums serve each `now` in turn, later or earlier than the one they were made at.
          for (const now of nowDays.map((days) => NOW - days * DAY).filter((at) => at >= table.settledAt)) {
            for (const company of ["acme", "globex"]) {
              const members = state.externalMemberLists.of(company, state.companyMembers.get(company));
              const kept = new Int32Array(table.team.length);
              sums.addPaths(state, table, members, now, kept);
              expect(Array.from(kept)).toEqual(memberByMember(state, table, members, now));
            }
          }
        };
        compare();
        // Added one at a time, each followed by a ranking: the table catches up with one change at a time.
        added.forEach(({ days, ...rest }, position) => {
          graph.addInteraction({ kind: "email", ...rest, id: `added${position}`, occurredAt: NOW - days * DAY } as Interaction);
          compare();
        });
      }),
      { numRuns: 200 },
    );
  });

  it("sums a member list once per table revision", () => {
    const graph = hydrateGraph({
      interactions: [{ kind: "email", id: "e1", occurredAt: NOW - DAY, senderUuid: "q0", recipientUuids: ["x0"] }],
      internalUsers: USERS,
      affiliations: EXTERNALS.map((personUuid) => ({ personUuid, companyUuid: "acme" })),
    });
    const state = stateOf("test", graph);
    const table = teamLinkTable(state, NOW - 10 * DAY);
    const members = state.externalMemberLists.of("acme", state.companyMembers.get("acme"));
    const sums = new MemberPathSums();
    const reads = countedReads(table);
    const paths = () => {
      const into = new Int32Array(table.team.length);
      sums.addPaths(state, teamLinkTable(state), members, NOW, into);
      return Array.from(into);
    };
    expect(paths()).toEqual([1, 0, 0]);
    expect(paths()).toEqual([1, 0, 0]);
    expect(reads.count).toBe(EXTERNALS.length);
    graph.addInteraction({ kind: "email", id: "e2", occurredAt: NOW - DAY, senderUuid: "q1", recipientUuids: ["x1"] });
    expect(paths()).toEqual([1, 1, 0]);
    expect(reads.count).toBe(2 * EXTERNALS.length);
  });

  it("keeps a member list's sums across changes that touch none of its members, and only those", () => {
    const members = EXTERNALS.slice(0, 6);
    const graph = hydrateGraph({
      interactions: [{ kind: "email", id: "e1", occurredAt: NOW - 5 * DAY, senderUuid: "q0", recipientUuids: ["x0"] }],
      internalUsers: USERS,
      affiliations: members.map((personUuid) => ({ personUuid, companyUuid: "acme" })),
    });
    const state = stateOf("test", graph);
    const table = teamLinkTable(state, NOW - 10 * DAY);
    const list = state.externalMemberLists.of("acme", state.companyMembers.get("acme"));
    const sums = new MemberPathSums();
    // Members read by the sums (not by the member-by-member count they are checked against).
    const reads = countedReads(table);
    const paths = () => {
      const current = teamLinkTable(state);
      expect(current).toBe(table);
      const into = new Int32Array(current.team.length);
      reads.counting = true;
      sums.addPaths(state, current, list, NOW, into);
      reads.counting = false;
      expect(Array.from(into)).toEqual(memberByMember(state, current, list, NOW));
      return Array.from(into);
    };
    // Before the counts settle (10 days ago), so that the new links and bridges are counted in the kept sums.
    const add = (id: string, senderUuid: string, recipientUuids: string[]) =>
      graph.addInteraction({ kind: "email", id, occurredAt: NOW - 20 * DAY, senderUuid, recipientUuids });

    expect(paths()).toEqual([1, 0, 0]);
    expect(reads.count).toBe(members.length);
    // A colleague writes to a person outside the company, then two outsiders write: the members are untouched.
    add("e2", "q1", ["x9"]);
    add("e3", "x10", ["x11"]);
    expect(paths()).toEqual([1, 0, 0]);
    expect(reads.count).toBe(members.length);
    // The outsider x9, linked to q1, writes to a member: a two-hop path q1-x9-x1.
    add("e4", "x9", ["x1"]);
    expect(paths()).toEqual([1, 1, 0]);
    expect(reads.count).toBe(2 * members.length);
    // x9 gains a link to q2: the member x1, its neighbour, gains the path q2-x9-x1 without a change of its own.
    add("e5", "q2", ["x9"]);
    expect(paths()).toEqual([1, 1, 1]);
    expect(reads.count).toBe(3 * members.length);
  });
});
