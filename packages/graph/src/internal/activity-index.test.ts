/** The activity index of a busy person against the pass it replaces, and when it is made again. */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { hydrateGraph } from "../hydrate-graph.js";
import { RelationshipGraph, stateOf } from "../relationship-graph.js";
import { DAY, NOW } from "../testing/builders.js";
import { ageInDays, interactionLists } from "../testing/interaction-arbitraries.js";
import type { Interaction, InternalUser } from "../types.js";
import { countActivityByPeriod, countByPass } from "./activity-counts.js";
import { INDEXED_FROM } from "./activity-index.js";
import type { GraphState } from "./graph-state.js";

const PERSONS = ["p0", "p1", "p2", "p3", "p4"];
const USERS: InternalUser[] = [
  { userUuid: "u1", personUuid: "p1" },
  { userUuid: "u2", personUuid: "p2" },
];
const PERIOD_LENGTHS = [30, 90, 180, 365].map((days) => days * DAY).concat(Number.POSITIVE_INFINITY);

/**
 * Every interaction with `p0` in it, so that p0 is busy (mail to oneself and cancelled meetings, which nobody
 * counts, leave it fewer than drawn).
 */
const busyHistories = fc
  .tuple(
    interactionLists(PERSONS, { age: ageInDays(500), length: { minLength: 2 * INDEXED_FROM, maxLength: 2 * INDEXED_FROM + 64 }, maximumAttendees: 4 }),
    fc.array(fc.boolean(), { minLength: 2 * INDEXED_FROM + 64, maxLength: 2 * INDEXED_FROM + 64 }),
  )
  .map(([interactions, cancelled]) =>
    interactions.map((interaction, index): Interaction => {
      if (interaction.kind === "email") {
        return interaction.senderUuid === "p0" ? interaction : { ...interaction, recipientUuids: [...interaction.recipientUuids, "p0"] };
      }
      const attendeeUuids = interaction.attendeeUuids.includes("p0") ? interaction.attendeeUuids : [...interaction.attendeeUuids, "p0"];
      return { ...interaction, attendeeUuids, ...(cancelled[index] ? { status: "cancelled" as const } : {}) };
    }),
  );

/** `now`s on and a millisecond either side of whole days, so that interactions sit on the periods' edges. */
const nows = fc.array(
  fc.tuple(fc.integer({ min: -60, max: 400 }), fc.constantFrom(-1, 0, 1)).map(([days, nudge]) => NOW - days * DAY + nudge),
  { minLength: 1, maxLength: 4 },
);

/** Both counts of p0 at `now`, the users keyed by uuid so that the two maps compare by content. */
function bothCounts(state: GraphState, now: number) {
  const p0 = state.person("p0")!;
  const plain = ({ total, byUser }: ReturnType<typeof countByPass>) => ({
    total,
    byUser: [...byUser].map(([user, counter]) => [user.uuid, counter]),
  });
  return {
    indexed: plain(countActivityByPeriod(state, [p0], now, PERIOD_LENGTHS)),
    pass: plain(countByPass(state, [p0], now, PERIOD_LENGTHS)),
    indexedWithTeam: plain(countActivityByPeriod(state, [p0], now, PERIOD_LENGTHS, true)),
    passWithTeam: plain(countByPass(state, [p0], now, PERIOD_LENGTHS, true)),
  };
}

describe("the activity index of a busy person", () => {
  it("counts what the pass over its interactions counts, at any now, before and after the graph changes", () => {
    fc.assert(
      fc.property(busyHistories, nows, fc.integer({ min: 0, max: 2 ** 31 - 1 }), (interactions, times, seed) => {
        const graph = hydrateGraph({ interactions, internalUsers: USERS });
        const state = stateOf("test", graph);
        const p0 = state.person("p0")!;
        fc.pre(p0.interactions.length >= INDEXED_FROM);
        for (const now of times) {
          const { indexed, pass, indexedWithTeam, passWithTeam } = bothCounts(state, now);
          expect(indexed).toEqual(pass);
          expect(indexedWithTeam).toEqual(passWithTeam);
        }
        expect(p0.activityIndex).not.toBeNull();

        // Writes the kept index must follow: a removal, a move in time, a new interaction, a new user.
        let step = seed;
        const pick = () => interactions[(step = (step * 1_103_515_245 + 12_345) % 2 ** 31) % interactions.length]!;
        const moved = pick();
        const writes = [
          () => graph.removeInteraction(pick().id),
          () => graph.updateInteraction({ ...moved, occurredAt: moved.occurredAt - 17 * DAY }),
          () => graph.addInteraction({ id: "late", kind: "meeting", attendeeUuids: ["p0", "p3"], occurredAt: times[0]! }),
          () => graph.markInternal("p3", "u3"),
          // The busy person a user too: its own interactions with outsiders alone are no team activity.
          () => graph.markInternal("p0", "u0"),
        ];
        for (const write of writes) {
          write();
          for (const now of times) {
            const { indexed, pass, indexedWithTeam, passWithTeam } = bothCounts(state, now);
            expect(indexed).toEqual(pass);
            expect(indexedWithTeam).toEqual(passWithTeam);
          }
        }
      }),
      { numRuns: 60 },
    );
  });

  it("is made once, kept across counts, and dropped when one of the person's interactions changes", () => {
    const graph = new RelationshipGraph();
    for (let index = 0; index < INDEXED_FROM; index += 1) {
      graph.addInteraction({ id: `e${index}`, kind: "email", senderUuid: "p1", recipientUuids: ["p0"], occurredAt: NOW - index * DAY });
    }
    graph.markInternal("p1", "u1");
    const state = stateOf("test", graph);
    const p0 = state.person("p0")!;
    countActivityByPeriod(state, [p0], NOW, PERIOD_LENGTHS);
    const made = p0.activityIndex;
    expect(made).not.toBeNull();
    countActivityByPeriod(state, [p0], NOW - DAY, PERIOD_LENGTHS);
    expect(p0.activityIndex).toBe(made);

    graph.addInteraction({ id: "new", kind: "email", senderUuid: "p0", recipientUuids: ["p1"], occurredAt: NOW });
    expect(p0.activityIndex).toBeNull();
    const { total, byUser } = countActivityByPeriod(state, [p0], NOW, PERIOD_LENGTHS);
    expect(total.emails.at(-1)).toBe(INDEXED_FROM + 1);
    expect(byUser.get(state.person("p1")!)?.emails[0]).toBe(32);
  });

  it("is made again for a new team, and leaves the person's own user out", () => {
    const graph = new RelationshipGraph();
    for (let index = 0; index < INDEXED_FROM; index += 1) {
      graph.addInteraction({ id: `m${index}`, kind: "meeting", attendeeUuids: ["p0", "p1", "p2"], occurredAt: NOW - index * DAY });
    }
    graph.markInternal("p1", "u1");
    const state = stateOf("test", graph);
    const p0 = state.person("p0")!;
    expect([...countActivityByPeriod(state, [p0], NOW, PERIOD_LENGTHS).byUser.keys()].map((user) => user.uuid)).toEqual(["p1"]);
    graph.markInternal("p2", "u2");
    graph.markInternal("p0", "u0");
    const { byUser } = countActivityByPeriod(state, [p0], NOW, PERIOD_LENGTHS);
    expect([...byUser.keys()].map((user) => user.uuid).sort()).toEqual(["p1", "p2"]);
    expect(byUser.get(state.person("p2")!)?.meetings.at(-1)).toBe(INDEXED_FROM);
  });
});
