/**
 * Properties: users tied in a recommended-paths ranking are ordered by user uuid, as every other ranking of users is,
 * so the endpoints answering "who knows this person best" agree on who comes first. Users' person uuids run in the
 * reverse order of their user uuids here, and their histories with the target are drawn from a few kinds, so ties are
 * common and a tiebreak on the person uuid shows.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { hydrateGraph } from "./hydrate-graph.js";
import { recommendedPaths } from "./recommended-paths.js";
import { strongestRelationships } from "./strongest-relationships.js";
import { DAY, NOW } from "./testing/builders.js";
import type { Interaction } from "./types.js";

const USERS = [0, 1, 2, 3].map((index) => ({ userUuid: `u${index}`, personUuid: `p${3 - index}` }));
const BRIDGES = ["b0", "b1"];
const TARGET = "t";

/** Each person's history with the target (and, with bridges, each user's with a bridge): 0 to 2 of a few kinds. */
const histories = (persons: readonly string[]) =>
  fc.tuple(...persons.map(() => fc.array(fc.record({ meeting: fc.boolean(), days: fc.constantFrom(3, 40) }), { maxLength: 2 })));

function interactionsOf(pairs: Array<[string, string, Array<{ meeting: boolean; days: number }>]>): Interaction[] {
  const list: Interaction[] = [];
  for (const [left, right, history] of pairs) {
    for (const { meeting, days } of history) {
      const id = `i${list.length}`;
      const occurredAt = NOW - days * DAY;
      list.push(meeting ? { kind: "meeting", id, occurredAt, attendeeUuids: [left, right] } : { kind: "email", id, occurredAt, senderUuid: left, recipientUuids: [right] });
    }
  }
  return list;
}

describe("recommendedPaths tie order", () => {
  it("orders users tied on score and path count by user uuid, in both directions", () => {
    fc.assert(
      fc.property(histories([...USERS.map((user) => user.personUuid), ...BRIDGES]), histories(USERS.flatMap(() => BRIDGES)), fc.constantFrom("asc" as const, "desc" as const), (direct, viaBridges, order) => {
        const people = [...USERS.map((user) => user.personUuid), ...BRIDGES];
        const userBridgePairs = USERS.flatMap((user) => BRIDGES.map((bridge) => [user.personUuid, bridge] as const));
        const interactions = interactionsOf([
          ...people.map((person, index): [string, string, Array<{ meeting: boolean; days: number }>] => [person, TARGET, direct[index]!]),
          ...userBridgePairs.map(([user, bridge], index): [string, string, Array<{ meeting: boolean; days: number }>] => [user, bridge, viaBridges[index]!]),
        ]);
        const graph = hydrateGraph({ interactions, internalUsers: USERS });
        const { items } = recommendedPaths(graph, { entity: "person", uuid: TARGET }, { now: NOW, order });
        const direction = order === "desc" ? -1 : 1;
        const sorted = [...items].sort(
          (left, right) =>
            direction * (left.connection_score - right.connection_score) ||
            direction * (left.path_count - right.path_count) ||
            (left.user_uuid < right.user_uuid ? -1 : 1),
        );
        expect(items.map((item) => item.user_uuid)).toEqual(sorted.map((item) => item.user_uuid));
      }),
      { numRuns: 200 },
    );
  });

  it("names first the users strongestRelationships names, when every path is direct", () => {
    fc.assert(
      fc.property(histories(USERS.map((user) => user.personUuid)), (direct) => {
        const interactions = interactionsOf(USERS.map((user, index): [string, string, Array<{ meeting: boolean; days: number }>] => [user.personUuid, TARGET, direct[index]!]));
        const graph = hydrateGraph({ interactions, internalUsers: USERS });
        const target = { entity: "person" as const, uuid: TARGET };
        const first = recommendedPaths(graph, target, { now: NOW }).items.slice(0, 2).map((item) => item.user_uuid);
        expect(first).toEqual((strongestRelationships(graph, target, { now: NOW, limit: 2 }) ?? []).map((row) => row.user_uuid));
      }),
      { numRuns: 200 },
    );
  });
});
