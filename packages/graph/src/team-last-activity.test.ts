import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { hydrateGraph } from "./hydrate-graph.js";
import { lastActivityAt } from "./last-activity.js";
import { pathPowerRanking } from "./path-power-ranking.js";
import { relationshipQualityRanking } from "./relationship-quality-ranking.js";
import { teamLastActivityAt } from "./team-last-activity.js";
import { buildGraph, DAY, daysAgo, NOW, withAffiliation, withEmail, withMeeting, withUser } from "./testing/builders.js";
import { ageInDays, interactionLists } from "./testing/interaction-arbitraries.js";
import { EXAMPLE_NOW, exampleAffiliations, exampleInteractions, exampleUsers } from "./testing/worked-example.js";

const paula = { entity: "person", uuid: "paula" } as const;
const partner = { entity: "company", uuid: "partner" } as const;
const crowd = Array.from({ length: 58 }, (_, index) => `guest${index}`);

/** Oscar (a user) met Paula (of Partner) 14 months ago; yesterday both were at a 60-person conference and Paula wrote to a list no user is on. */
const oscarAndPaula = () => [
  withUser("oscar"),
  withAffiliation("paula", "partner"),
  withMeeting(["oscar", "paula"], daysAgo(425)),
  withMeeting(["oscar", "paula", ...crowd], daysAgo(1)),
  withEmail("paula", ["list-announce", "guest0"], daysAgo(1)),
];

describe("teamLastActivityAt", () => {
  it("counts only the interactions a user-person pair counts: not a meeting over the attendee limit nor an email no user is on", () => {
    const graph = buildGraph(...oscarAndPaula());
    expect(lastActivityAt(graph, paula, { now: NOW })).toBe(daysAgo(1));
    expect(teamLastActivityAt(graph, paula, { now: NOW })).toBe(daysAgo(425));
    expect(teamLastActivityAt(graph, partner, { now: NOW })).toBe(daysAgo(425));
    // The same with parameters that make the stored aggregates unusable: the pairs' summaries tell.
    expect(teamLastActivityAt(graph, paula, { now: NOW, parameters: { halfLifeDays: 30 } })).toBe(daysAgo(425));
    const oneToOne = buildGraph(...oscarAndPaula(), withMeeting(["oscar", "paula"], daysAgo(1)));
    expect(teamLastActivityAt(oneToOne, paula, { now: NOW })).toBe(daysAgo(1));
    expect(teamLastActivityAt(oneToOne, partner, { now: NOW })).toBe(daysAgo(1));
  });

  it("is what the team ranking filters and sorts by", () => {
    const graph = buildGraph(...oscarAndPaula(), withEmail("oscar", "quinn", daysAgo(2)));
    const cold = pathPowerRanking(graph, "person", { now: NOW, limit: 10, lastActivityTo: daysAgo(365) });
    expect(cold.entries.map((entry) => entry.uuid)).toEqual(["paula"]);
    const companies = pathPowerRanking(graph, "company", { now: NOW, limit: 10, lastActivityTo: daysAgo(365) });
    expect(companies.entries.map((entry) => entry.uuid)).toEqual(["partner"]);
    const latest = pathPowerRanking(graph, "person", { now: NOW, limit: 10, sortBy: "last_activity" });
    expect(latest.entries.map((entry) => entry.uuid)).toEqual(["quinn", "paula"]);
  });

  it("answers the worked example, null for a person only a non-user wrote to, a user and unknown entities, and rejects bad input", () => {
    const example = hydrateGraph({ interactions: exampleInteractions, internalUsers: exampleUsers, affiliations: exampleAffiliations });
    expect(teamLastActivityAt(example, { entity: "person", uuid: "dana" }, { now: EXAMPLE_NOW })).toBe(Date.UTC(2026, 11, 1));
    expect(teamLastActivityAt(example, { entity: "person", uuid: "dana" }, { now: Date.UTC(2026, 11, 20) })).toBe(Date.UTC(2026, 11, 10));
    // finn only received cleo's e3: the entity's latest activity, no team interaction.
    expect(lastActivityAt(example, { entity: "person", uuid: "finn" }, { now: EXAMPLE_NOW })).toBe(Date.UTC(2026, 11, 1));
    expect(teamLastActivityAt(example, { entity: "person", uuid: "finn" }, { now: EXAMPLE_NOW })).toBeNull();
    expect(teamLastActivityAt(example, { entity: "person", uuid: "ada" }, { now: EXAMPLE_NOW })).toBeNull();
    expect(teamLastActivityAt(example, { entity: "person", uuid: "nobody" }, { now: EXAMPLE_NOW })).toBeNull();
    expect(teamLastActivityAt(example, { entity: "company", uuid: "globex" }, { now: EXAMPLE_NOW })).toBeNull();
    expect(() => teamLastActivityAt(example, paula, { now: Number.NaN })).toThrow(/teamLastActivityAt/);
    expect(() => teamLastActivityAt(example, paula, { now: NOW, limit: 2 } as never)).toThrow(/teamLastActivityAt/);
  });

  it("equals the latest over the users of the user ranking's last_activity_at, for every person and company, at any time", () => {
    const users = [0, 1].map((index) => ({ userUuid: `u${index}`, personUuid: `q${index}` }));
    const persons = [...users.map((user) => user.personUuid), ...Array.from({ length: 7 }, (_, index) => `x${index}`)];
    const companies = ["c0", "c1"];
    const affiliations = fc.tuple(...persons.map(() => fc.integer({ min: -1, max: companies.length - 1 })));
    // Meetings of up to 5 attendees against a limit of 3: some count toward no pair.
    const interactions = interactionLists(persons, { age: ageInDays(300), length: { minLength: 0, maxLength: 40 }, maximumAttendees: 5 });
    let nonNull = 0;
    fc.assert(
      fc.property(interactions, affiliations, fc.array(ageInDays(320), { minLength: 1, maxLength: 3 }), fc.boolean(), (list, companyOf, ages, override) => {
        const graph = hydrateGraph(
          {
            interactions: list,
            internalUsers: users,
            affiliations: persons.flatMap((personUuid, index) => (companyOf[index]! < 0 ? [] : [{ personUuid, companyUuid: companies[companyOf[index]!]! }])),
          },
          { parameters: { maximumMeetingAttendees: 3 } },
        );
        for (const now of ages.map((days) => NOW - days * DAY)) {
          const options = override ? { now, parameters: { halfLifeDays: 20 } } : { now };
          const expected = new Map<string, number>();
          for (const { userUuid } of users) {
            for (const entry of relationshipQualityRanking(graph, userUuid, { ...options, limit: 100 }).entries) {
              const at = entry.last_activity_at!;
              if (at > (expected.get(entry.person_uuid) ?? -Infinity)) expected.set(entry.person_uuid, at);
            }
          }
          for (const uuid of persons) {
            const internal = users.some((user) => user.personUuid === uuid);
            expect(teamLastActivityAt(graph, { entity: "person", uuid }, options)).toBe(internal ? null : (expected.get(uuid) ?? null));
          }
          companies.forEach((uuid) => {
            const members = persons.filter((person, index) => companyOf[index] === companies.indexOf(uuid) && !person.startsWith("q"));
            const times = members.flatMap((member) => (expected.has(member) ? [expected.get(member)!] : []));
            const last = teamLastActivityAt(graph, { entity: "company", uuid }, options);
            expect(last).toBe(times.length === 0 ? null : Math.max(...times));
            if (last !== null) nonNull += 1;
          });
        }
      }),
      { numRuns: 150 },
    );
    expect(nonNull).toBeGreaterThan(100);
  });
});
