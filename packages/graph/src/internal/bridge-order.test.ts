import { describe, expect, it } from "vitest";
import { hydrateGraph } from "../hydrate-graph.js";
import { recommendedPathsOfMany } from "../recommended-paths.js";
import { stateOf } from "../relationship-graph.js";
import { DAY, NOW } from "../testing/builders.js";
import type { EntityReference, Interaction } from "../types.js";
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
    expect(Array.from(order.keys)).toEqual(Array.from(order.positions, (position) => undecayedMass(state.edges, target.neighbourEdges[position]!, state.halfLifeMilliseconds)));
    expect(state.bridgeOrders.orderOf(state.edges, target, state.halfLifeMilliseconds)).toBe(order);
  });

  it("keeps none for a person with fewer neighbours than its minimum", () => {
    const { state } = graphWithOrders(INTERACTIONS);
    state.bridgeOrders.minimumNeighbours = BRIDGES.length + 1;
    const target = state.person("t")!;
    state.bridgeOrders.orderOf(state.edges, target, state.halfLifeMilliseconds);
    expect(state.bridgeOrders.orderOf(state.edges, target, state.halfLifeMilliseconds)).toBeNull();
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
