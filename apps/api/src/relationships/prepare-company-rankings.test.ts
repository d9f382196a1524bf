import { recommendedPaths, RelationshipGraph } from "@rapport/graph";
import { describe, expect, it } from "vitest";
import { BATCH_TARGETS_PER_PART } from "./recommended-path-limits.js";
import { prepareCompanyRankings } from "./prepare-company-rankings.js";

const NOW = Date.UTC(2026, 10, 1);
const DAY = 86_400_000;

/** Two users, contacts at 23 companies (more than two batch parts), emails between them over a year. */
function buildGraph(): RelationshipGraph {
  const graph = new RelationshipGraph();
  graph.markInternal("person-user-a", "user-a");
  graph.markInternal("person-user-b", "user-b");
  for (let contact = 0; contact < 69; contact += 1) {
    const company = `company-${String(contact % 23).padStart(2, "0")}`;
    graph.setAffiliation(`contact-${contact}`, company);
    const user = contact % 2 === 0 ? "person-user-a" : "person-user-b";
    for (let email = 0; email <= contact % 5; email += 1) {
      graph.addInteraction({ id: `email-${contact}-${email}`, kind: "email", occurredAt: NOW - (contact * 5 + email) * DAY, senderUuid: user, recipientUuids: [`contact-${contact}`] });
    }
    // A bridge: some contacts also wrote to the next one, so companies have two-hop paths too.
    if (contact % 3 === 0) {
      graph.addInteraction({ id: `bridge-${contact}`, kind: "email", occurredAt: NOW - contact * DAY, senderUuid: `contact-${contact}`, recipientUuids: [`contact-${contact + 1}`] });
    }
  }
  return graph;
}

const answersOf = (graph: RelationshipGraph, now: number) =>
  graph.companyUuids().map((uuid) => recommendedPaths(graph, { entity: "company", uuid }, { now }));

describe("prepareCompanyRankings", () => {
  it("ranks every company once, a batch part between yields, and leaves every later answer as a fresh graph's", async () => {
    const graph = buildGraph();
    let yields = 0;
    const ranked = await prepareCompanyRankings(graph, { now: NOW - 30 * DAY, yieldControl: async () => (yields += 1) });

    expect(ranked).toBe(23);
    expect(yields).toBe(Math.ceil(23 / BATCH_TARGETS_PER_PART));
    // Asked later than prepared, and asked on a graph never prepared: the same answers.
    expect(answersOf(graph, NOW)).toEqual(answersOf(buildGraph(), NOW));
    expect(answersOf(graph, NOW).some((answer) => answer.items.length > 0 && answer.top_external_contacts.length > 0)).toBe(true);
  });

  it("stops before the next part once stopped, and ranks nothing on a graph without companies", async () => {
    const graph = buildGraph();
    let yields = 0;
    const ranked = await prepareCompanyRankings(graph, { now: NOW, yieldControl: async () => (yields += 1), stopped: () => yields >= 1 });
    expect(ranked).toBe(BATCH_TARGETS_PER_PART);
    expect(await prepareCompanyRankings(new RelationshipGraph(), { now: NOW, yieldControl: async () => undefined })).toBe(0);
  });
});
