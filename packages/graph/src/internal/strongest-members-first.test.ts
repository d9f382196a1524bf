import { describe, expect, it } from "vitest";
import { hydrateGraph } from "../hydrate-graph.js";
import { recommendedPaths } from "../recommended-paths.js";
import { stateOf } from "../relationship-graph.js";
import { DAY, NOW } from "../testing/builders.js";
import type { Interaction } from "../types.js";
import { teamLinkTable } from "./team-link-table.js";

const USERS = [
  { userUuid: "u0", personUuid: "q0" },
  { userUuid: "u1", personUuid: "q1" },
];
const MEMBERS = Array.from({ length: 100 }, (_, index) => `m${index}`);
/** q0 and q1 meet m0 often and lately; every other member had one email from q0 years ago. */
const INTERACTIONS: Interaction[] = [
  ...["q0", "q1"].flatMap((user) =>
    Array.from({ length: 10 }, (_, at): Interaction => ({ kind: "meeting", id: `${user}-m0-${at}`, occurredAt: NOW - (3 + at) * DAY, attendeeUuids: [user, "m0"] })),
  ),
  ...MEMBERS.slice(1).map((member): Interaction => ({ kind: "email", id: `q0-${member}`, occurredAt: NOW - 900 * DAY, senderUuid: "q0", recipientUuids: [member] })),
];
const OPTIONS = { now: NOW, maximumPathsPerItem: 1, maximumPriorityEntries: 1, topExternalContactsLimit: 1 };

function acmeGraph(minimumMembers: number, interactions: Interaction[] = INTERACTIONS) {
  const graph = hydrateGraph({ interactions, internalUsers: USERS, affiliations: MEMBERS.map((personUuid) => ({ personUuid, companyUuid: "acme" })) });
  const state = stateOf("test", graph);
  state.membersByBound.minimumMembers = minimumMembers;
  teamLinkTable(state, NOW - 365 * DAY);
  return { graph, state };
}

describe("a company's members read strongest first", () => {
  it("stops once the members left cannot change the ranking, and still counts their paths", () => {
    const { graph, state } = acmeGraph(0);
    const ranking = recommendedPaths(graph, { entity: "company", uuid: "acme" }, OPTIONS);
    // m0 settles each user's best path, listed path and priority entry, and the top contact.
    expect(state.membersByBound.readCount).toBeLessThan(5);
    const byUser = new Map(ranking.items.map((item) => [item.user_uuid, item]));
    expect(byUser.get("u0")!.path_count).toBe(100);
    expect(byUser.get("u0")!.paths[0]!.map((hop) => hop.person_uuid)).toEqual(["m0"]);
    expect(byUser.get("u1")!.path_count).toBe(1);
    expect(ranking.top_external_contacts.map((contact) => contact.person_uuid)).toEqual(["m0"]);
    expect(ranking).toEqual(recommendedPaths(acmeGraph(Number.POSITIVE_INFINITY).graph, { entity: "company", uuid: "acme" }, OPTIONS));
  });

  it("reads every member when users want more paths than the strongest give", () => {
    const { graph, state } = acmeGraph(0);
    const options = { ...OPTIONS, maximumPathsPerItem: 10, maximumPriorityEntries: 10 };
    const ranking = recommendedPaths(graph, { entity: "company", uuid: "acme" }, options);
    expect(state.membersByBound.readCount).toBe(100);
    expect(ranking).toEqual(recommendedPaths(acmeGraph(Number.POSITIVE_INFINITY).graph, { entity: "company", uuid: "acme" }, options));
  });

  it("reads a member whose bound rose after the company was ranked in the place of its new bound", () => {
    const { graph, state } = acmeGraph(0);
    recommendedPaths(graph, { entity: "company", uuid: "acme" }, OPTIONS);
    expect(state.membersByBound.readCount).toBeLessThan(5);
    // m57 had one email from q0 years ago; now both users meet it every day of the last month.
    const meetings = ["q0", "q1"].flatMap((user) =>
      Array.from({ length: 30 }, (_, at): Interaction => ({ kind: "meeting", id: `${user}-m57-${at}`, occurredAt: NOW - (1 + at) * DAY, attendeeUuids: [user, "m57"] })),
    );
    for (const meeting of meetings) graph.addInteraction(meeting);
    const ranking = recommendedPaths(graph, { entity: "company", uuid: "acme" }, OPTIONS);
    expect(ranking.top_external_contacts.map((contact) => contact.person_uuid)).toEqual(["m57"]);
    expect(ranking).toEqual(recommendedPaths(acmeGraph(Number.POSITIVE_INFINITY, [...INTERACTIONS, ...meetings]).graph, { entity: "company", uuid: "acme" }, OPTIONS));
  });
});
