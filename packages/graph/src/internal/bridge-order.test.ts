import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { hydrateGraph } from "../hydrate-graph.js";
import { hydrateGraphAsync } from "../hydrate-graph-async.js";
import { recommendedPathsOfMany } from "../recommended-paths.js";
import { stateOf } from "../relationship-graph.js";
import { DAY, NOW } from "../testing/builders.js";
import type { EntityReference, Interaction } from "../types.js";
import { BridgeOrders } from "./bridge-order.js";
import { undecayedMass } from "./edge-bounds.js";
import { teamLinkTable } from "./team-link-table.js";

const USERS = [
  { userUuid: "u0", personUuid: "q0" },
  { userUuid: "u1", personUuid: "q1" },
];
const BRIDGES = Array.from({ length: 12 }, (_, index) => `b${index}`);
const email = (id: string, days: number, senderUuid: string, recipientUuids: string[]): Interaction => ({
  kind: "email",
  id,
  occurredAt: NOW - days * DAY,
  senderUuid,
  recipientUuids,
});
const meeting = (id: string, days: number, attendeeUuids: string[]): Interaction => ({ kind: "meeting", id, occurredAt: NOW - days * DAY, attendeeUuids });
/**
 * q0 knows every bridge alike and well, so that its best path is near its bridge's score with the target and
 * the walk stops after the strongest few; the target t knows b0 best and b11 least.
 */
const INTERACTIONS: Interaction[] = [
  ...BRIDGES.flatMap((bridge) => Array.from({ length: 10 }, (_, at) => meeting(`q0-${bridge}-${at}`, 5 + at, ["q0", bridge]))),
  ...BRIDGES.flatMap((bridge, rank) => Array.from({ length: BRIDGES.length - rank }, (_, at) => email(`${bridge}-t-${at}`, 20 + at, bridge, ["t"]))),
];
const TARGET: EntityReference[] = [{ entity: "person", uuid: "t" }];
/** Even weights make the order's bounds tight (it bounds every kind as the heaviest): a bridge out of place would be missed. */
const OPTIONS = { now: NOW, maximumPathsPerItem: 1, maximumPriorityEntries: 1, parameters: { meetingWeight: 1, emailWeight: 1, oneWayFactor: 1 } };

/** A graph whose targets keep their order from their second ranking, with its two-hop counts settled a year ago. */
function graphWithOrders(interactions: Interaction[]) {
  const graph = hydrateGraph({ interactions, internalUsers: USERS });
  const state = stateOf("test", graph);
  state.bridgeOrders.minimumNeighbours = 0;
  teamLinkTable(state, NOW - 365 * DAY);
  return { graph, state };
}

const bridgeOfBestPath = (graph: ReturnType<typeof hydrateGraph>) => {
  const [ranking] = recommendedPathsOfMany(graph, TARGET, OPTIONS);
  return ranking!.items.find((item) => item.user_uuid === "u0")!.paths[0]!.map((hop) => hop.person_uuid);
};

describe("BridgeOrders", () => {
  it("keeps a person's order from its second ask, strongest edge first", () => {
    const { state } = graphWithOrders(INTERACTIONS);
    const target = state.person("t")!;
    expect(state.bridgeOrders.orderOf(state.edges, target, state.halfLifeMilliseconds)).toBeNull();
    const order = state.bridgeOrders.orderOf(state.edges, target, state.halfLifeMilliseconds)!;
    const bridges = Array.from(order.positions, (position) => state.records[target.neighbours[position]!]!.uuid);
    expect(bridges).toEqual(BRIDGES);
    // Each key is the upper end of its mass's bucket, 1/64 wide: it bounds its own mass and every later one.
    const masses = Array.from(order.positions, (position) => undecayedMass(state.edges, target.neighbourEdges[position]!, state.halfLifeMilliseconds));
    order.keys.forEach((key, at) => {
      expect(key).toBeGreaterThan(masses[at]!);
      expect(key).toBeLessThanOrEqual(masses[at]! + 1 / 64);
      expect(key).toBeGreaterThanOrEqual(Math.max(...masses.slice(at)));
    });
    expect(state.bridgeOrders.orderOf(state.edges, target, state.halfLifeMilliseconds)).toBe(order);
  });

  it("keeps none for a person with fewer neighbours than its minimum", () => {
    const { state } = graphWithOrders(INTERACTIONS);
    state.bridgeOrders.minimumNeighbours = BRIDGES.length + 1;
    const target = state.person("t")!;
    state.bridgeOrders.orderOf(state.edges, target, state.halfLifeMilliseconds);
    expect(state.bridgeOrders.orderOf(state.edges, target, state.halfLifeMilliseconds)).toBeNull();
  });

  it("is made at hydration for every external person with at least its minimum of neighbours", async () => {
    const minimum = new BridgeOrders().minimumNeighbours;
    const fanOut = (sender: string, prefix: string, count: number) =>
      Array.from({ length: count }, (_, at) => email(`${sender}-${at}`, 10 + (at % 50), sender, [`${prefix}${at}`]));
    const interactions = [...fanOut("busy", "n", minimum), ...fanOut("quiet", "m", minimum - 1), ...fanOut("q0", "o", minimum)];
    for (const graph of [hydrateGraph({ interactions, internalUsers: USERS }), await hydrateGraphAsync({ interactions, internalUsers: USERS })]) {
      const state = stateOf("test", graph);
      const firstAsk = (uuid: string) => state.bridgeOrders.orderOf(state.edges, state.person(uuid)!, state.halfLifeMilliseconds);
      const order = firstAsk("busy")!;
      expect(order).not.toBeNull();
      const busy = state.person("busy")!;
      expect(Array.from(order.positions).sort((left, right) => left - right)).toEqual(Array.from({ length: minimum }, (_, at) => at));
      const masses = Array.from(order.positions, (position) => undecayedMass(state.edges, busy.neighbourEdges[position]!, state.halfLifeMilliseconds));
      order.keys.forEach((key, at) => expect(key).toBeGreaterThanOrEqual(Math.max(...masses.slice(at))));
      // Fewer neighbours than the minimum, or a user's own person (never walked by order): none ahead.
      expect(firstAsk("quiet")).toBeNull();
      expect(firstAsk("q0")).toBeNull();
    }
  });

  it("lists the edges written since the sort, and sorts afresh once a neighbour is removed", () => {
    const { graph, state } = graphWithOrders(INTERACTIONS);
    const target = state.person("t")!;
    state.bridgeOrders.orderOf(state.edges, target, state.halfLifeMilliseconds);
    const order = state.bridgeOrders.orderOf(state.edges, target, state.halfLifeMilliseconds)!;
    graph.addInteraction(meeting("new", 1, ["b11", "t", "n0"]));
    const b11 = state.person("b11")!.index;
    const n0 = state.person("n0")!.index;
    const pairs = Array.from({ length: order.written.length / 2 }, (_, at) => order.written[2 * at]);
    expect(new Set(pairs)).toEqual(new Set([b11, n0]));
    graph.removeInteraction("new");
    const sorted = state.bridgeOrders.orderOf(state.edges, target, state.halfLifeMilliseconds)!;
    expect(sorted).not.toBe(order);
    expect(sorted.written).toEqual([]);
  });
});

describe("a ranking with the target's bridges kept in order", () => {
  it("reads a bridge whose edge with the target grew after the sort in its new place", () => {
    const { graph } = graphWithOrders(INTERACTIONS);
    expect(bridgeOfBestPath(graph)).toContain("b0");
    expect(bridgeOfBestPath(graph)).toContain("b0");
    const meetings = Array.from({ length: 20 }, (_, at) => meeting(`m${at}`, 1 + at, ["b11", "t"]));
    for (const meeting of meetings) graph.addInteraction(meeting);
    expect(bridgeOfBestPath(graph)).toContain("b11");
    const fresh = hydrateGraph({ interactions: [...INTERACTIONS, ...meetings], internalUsers: USERS });
    expect(recommendedPathsOfMany(graph, TARGET, OPTIONS)).toEqual(recommendedPathsOfMany(fresh, TARGET, OPTIONS));
  });
});

describe("an order's buckets", () => {
  it("ranks first a stronger bridge placed after a weaker one of its bucket", () => {
    // Two bridges that q0 knows alike; t's edge with "late" is 0.0011 heavier (in log2 units), within one 1/64 bucket.
    const interactions = [
      ...["early", "late"].flatMap((bridge) => Array.from({ length: 10 }, (_, at) => meeting(`q0-${bridge}-${at}`, 5 + at, ["q0", bridge]))),
      email("early-t", 20, "early", ["t"]),
      email("late-t", 19.9, "late", ["t"]),
    ];
    const { graph, state } = graphWithOrders(interactions);
    const target = state.person("t")!;
    const ranked = () => recommendedPathsOfMany(graph, TARGET, OPTIONS)[0]!.items.find((item) => item.user_uuid === "u0")!.paths[0]![0]!.person_uuid;
    expect(ranked()).toBe("late");
    const order = state.bridgeOrders.orderOf(state.edges, target, state.halfLifeMilliseconds)!;
    expect(Array.from(order.positions, (position) => state.records[target.neighbours[position]!]!.uuid)).toEqual(["early", "late"]);
    expect(order.keys[0]).toBe(order.keys[1]);
    expect(ranked()).toBe("late");
  });
});

describe("an order", () => {
  it("lists every neighbour once, each key bounding its own mass and every later one, within 1/64 of its own", () => {
    fc.assert(
      fc.property(
        fc.array(fc.record({ bridge: fc.integer({ min: 0, max: 40 }), days: fc.double({ min: 0, max: 1500, noNaN: true }), meeting: fc.boolean() }), {
          minLength: 1,
          maxLength: 80,
        }),
        (links) => {
          const interactions = links.map(({ bridge, days, meeting: isMeeting }, at) =>
            isMeeting ? meeting(`i${at}`, days, [`b${bridge}`, "t"]) : email(`i${at}`, days, `b${bridge}`, ["t"]),
          );
          const { state } = graphWithOrders(interactions);
          const target = state.person("t")!;
          state.bridgeOrders.orderOf(state.edges, target, state.halfLifeMilliseconds);
          const order = state.bridgeOrders.orderOf(state.edges, target, state.halfLifeMilliseconds)!;
          expect([...order.positions].sort((left, right) => left - right)).toEqual(target.neighbours.map((_, position) => position));
          const masses = Array.from(order.positions, (position) => undecayedMass(state.edges, target.neighbourEdges[position]!, state.halfLifeMilliseconds));
          let laterHighest = -Infinity;
          for (let at = masses.length - 1; at >= 0; at -= 1) {
            laterHighest = Math.max(laterHighest, masses[at]!);
            expect(order.keys[at]).toBeGreaterThanOrEqual(laterHighest);
            expect(order.keys[at]).toBeLessThanOrEqual(masses[at]! + 1 / 64);
          }
        },
      ),
    );
  });
});
