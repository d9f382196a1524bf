/**
 * Small tenants a BD head can judge by common sense ("who on my team knows this person best?"), checked against
 * the order docs/scoring.md promises: the formulas' tests say how much each interaction weighs, these say that
 * the answers users read rank the colleagues they would name.
 */
import { describe, expect, it } from "vitest";
import { pathPower } from "./path-power.js";
import { recommendedPaths } from "./recommended-paths.js";
import type { RelationshipGraph } from "./relationship-graph.js";
import { strongestRelationships } from "./strongest-relationships.js";
import { buildGraph, daysAgo, email, NOW, withAffiliation, withEmail, withMeeting, withUser } from "./testing/builders.js";
import type { EntityReference } from "./types.js";

const pat: EntityReference = { entity: "person", uuid: "pat" };
const acme: EntityReference = { entity: "company", uuid: "acme" };

/** The users `strongest_relationships` names for the subject, strongest first. */
const strongest = (graph: RelationshipGraph, subject = pat, options: { halfLifeDays?: number } = {}): string[] =>
  (strongestRelationships(graph, subject, { now: NOW, limit: 10, parameters: options }) ?? []).map((row) => row.user_uuid);
const pathUsers = (graph: RelationshipGraph, target = pat): string[] => recommendedPaths(graph, target, { now: NOW }).items.map((item) => item.user_uuid);

describe("scores against common sense", () => {
  it("ranks a 1:1 meeting last week above a two-way exchange, and that above the same mail unanswered", () => {
    const graph = buildGraph(
      withUser("ada"),
      withUser("ben"),
      withUser("cal"),
      withMeeting(["ada", "pat"], daysAgo(7)),
      withEmail("ben", "pat", daysAgo(2)),
      withEmail("pat", "ben", daysAgo(1)),
      withEmail("cal", "pat", daysAgo(2)),
      withEmail("cal", "pat", daysAgo(1)),
    );
    expect(strongest(graph)).toEqual(["user-ada", "user-ben", "user-cal"]);
    expect(pathUsers(graph)).toEqual(["user-ada", "user-ben", "user-cal"]);
  });

  it("lets a strong relationship gone silent for three years fall below a modest recent one, as the half-life says", () => {
    const graph = buildGraph(
      withUser("ada"),
      withUser("ben"),
      ...Array.from({ length: 20 }, (_, month) => withMeeting(["ada", "pat"], daysAgo(3 * 365 + 30 * month))),
      withEmail("ben", "pat", daysAgo(3)),
      withEmail("pat", "ben", daysAgo(2)),
    );
    expect(strongest(graph)).toEqual(["user-ben", "user-ada"]);
    // Time is the parameter: with a two-year half-life the long history still outweighs one exchange.
    expect(strongest(graph, pat, { halfLifeDays: 730 })).toEqual(["user-ada", "user-ben"]);
  });

  it("ranks a 1:1 above a 40-person meeting with the same person, and counts a meeting over 50 for no one", () => {
    const crowd = Array.from({ length: 38 }, (_, index) => `guest-${index}`);
    const graph = buildGraph(withUser("ada"), withUser("ben"), withMeeting(["ada", "pat", ...crowd], daysAgo(1)), withMeeting(["ben", "pat"], daysAgo(1)));
    expect(strongest(graph)).toEqual(["user-ben", "user-ada"]);
    const allHands = buildGraph(withUser("ada"), withMeeting(["ada", "pat", ...crowd, ...crowd.map((guest) => `${guest}-b`)], daysAgo(1)));
    expect(pathPower(allHands, pat, { now: NOW }).score).toBeNull();
  });

  it("drops a deactivated user from every ranking of the people they knew", () => {
    const graph = buildGraph(withUser("ada"), withUser("dan"), withAffiliation("pat", "acme"), withMeeting(["dan", "pat"], daysAgo(1)), withEmail("ada", "pat", daysAgo(1)));
    const before = pathPower(graph, pat, { now: NOW }).score!;
    expect(strongest(graph)).toEqual(["user-dan", "user-ada"]);
    graph.unmarkInternal("user-dan");
    expect(strongest(graph)).toEqual(["user-ada"]);
    expect(strongest(graph, acme)).toEqual(["user-ada"]);
    expect(pathUsers(graph)).toEqual(["user-ada"]);
    expect(pathPower(graph, pat, { now: NOW }).score).toBeLessThan(before);
  });

  it("stops counting a person for a company they left", () => {
    const graph = buildGraph(withUser("ada"), withAffiliation("pat", "acme"), withAffiliation("pia", "acme"), withMeeting(["ada", "pat"], daysAgo(1)));
    expect(pathPower(graph, acme, { now: NOW }).score).toBeGreaterThan(0);
    graph.endAffiliation("pat", "acme");
    expect(pathPower(graph, acme, { now: NOW })).toMatchObject({ score: null, meta: { person_count: 1, connected_person_count: 0 } });
    expect(pathUsers(graph, acme)).toEqual([]);
    expect(strongest(graph, acme)).toEqual([]);
    // The person's own relationship is unchanged: they are still known, only no longer at Acme.
    expect(strongest(graph)).toEqual(["user-ada"]);
  });

  it("gives the firm's own company record nothing from its colleagues' internal threads", () => {
    const graph = buildGraph(
      withUser("ada"),
      withUser("ben"),
      withAffiliation("ada", "firm"),
      withAffiliation("ben", "firm"),
      withEmail("ada", "ben", daysAgo(2)),
      withEmail("ben", "ada", daysAgo(1)),
      withMeeting(["ada", "ben"], daysAgo(1)),
    );
    const firm: EntityReference = { entity: "company", uuid: "firm" };
    expect(pathPower(graph, firm, { now: NOW })).toMatchObject({ score: null, meta: { person_count: 0 } });
    expect(strongest(graph, firm)).toEqual([]);
    expect(pathUsers(graph, firm)).toEqual([]);
  });

  it("counts an email ingested twice once", () => {
    const graph = buildGraph(withUser("ada"), withEmail("pat", "ada", daysAgo(1), "e1"));
    const once = pathPower(graph, pat, { now: NOW });
    graph.updateInteraction(email("pat", "ada", daysAgo(1), "e1"));
    expect(pathPower(graph, pat, { now: NOW })).toEqual(once);
  });
});
