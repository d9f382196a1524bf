import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { activityStats } from "./activity-stats.js";
import { derivedFields } from "./derived-fields.js";
import { hydrateGraph } from "./hydrate-graph.js";
import { lastActivityAt } from "./last-activity.js";
import { DAY, NOW } from "./testing/builders.js";
import { ageInDays, interactionLists } from "./testing/interaction-arbitraries.js";
import { EXAMPLE_NOW, exampleAffiliations, exampleInteractions, exampleUsers } from "./testing/worked-example.js";

describe("lastActivityAt", () => {
  it("answers an interaction at -0 as one at 0, whichever of the two arrived first", () => {
    // Found by scoring.any-time.properties.test.ts: the last activity was -0 or 0 by the rows' order.
    const at = (id: string, occurredAt: number) => ({ id, kind: "email" as const, occurredAt, senderUuid: "p0", recipientUuids: ["p1"] });
    for (const interactions of [[at("i0", 0), at("i1", -0)], [at("i1", -0), at("i0", 0)]]) {
      const graph = hydrateGraph({ interactions, internalUsers: [{ userUuid: "u0", personUuid: "p0" }] });
      const person = { entity: "person", uuid: "p1" } as const;
      expect(lastActivityAt(graph, person, { now: -0 })).toBe(0);
      expect(derivedFields(graph, person, { now: NOW }).last_contact_at).toBe(0);
      expect(activityStats(graph, person, { now: NOW, periods: ["all_time"] }).periods[0]?.last_activity_at).toBe(0);
    }
  });

  const example = hydrateGraph({ interactions: exampleInteractions, internalUsers: exampleUsers, affiliations: exampleAffiliations });

  it("gives a company's latest past interaction over its members, and a person's", () => {
    expect(lastActivityAt(example, { entity: "company", uuid: "acme" }, { now: EXAMPLE_NOW })).toBe(Date.UTC(2026, 11, 1));
    // Before December, dana's and eve's latest is September's meeting and email; m3 (Dec 10) is still ahead.
    expect(lastActivityAt(example, { entity: "company", uuid: "acme" }, { now: Date.UTC(2026, 10, 15) })).toBe(Date.UTC(2026, 8, 2));
    expect(lastActivityAt(example, { entity: "person", uuid: "dana" }, { now: Date.UTC(2026, 11, 20) })).toBe(Date.UTC(2026, 11, 10));
    expect(lastActivityAt(example, { entity: "company", uuid: "acme" }, { now: Date.UTC(2026, 8, 1) })).toBeNull();
  });

  it("is null for an unknown person or company, and rejects bad input", () => {
    expect(lastActivityAt(example, { entity: "person", uuid: "nobody" }, { now: EXAMPLE_NOW })).toBeNull();
    expect(lastActivityAt(example, { entity: "company", uuid: "globex" }, { now: EXAMPLE_NOW })).toBeNull();
    expect(() => lastActivityAt(example, { entity: "company", uuid: "acme" }, { now: Number.NaN })).toThrow(/lastActivityAt/);
    expect(() => lastActivityAt(example, { entity: "team" as never, uuid: "acme" }, { now: EXAMPLE_NOW })).toThrow(/lastActivityAt/);
  });

  it("equals derivedFields' last_activity_at for every person and company, at any time", () => {
    const users = [0, 1].map((index) => ({ userUuid: `u${index}`, personUuid: `q${index}` }));
    const persons = [...users.map((user) => user.personUuid), ...Array.from({ length: 8 }, (_, index) => `x${index}`)];
    const companies = ["c0", "c1", "c2"];
    // Each person at one company or none, internal users included (a company's last activity leaves them out).
    const affiliations = fc.tuple(...persons.map(() => fc.integer({ min: -1, max: companies.length - 1 })));
    const interactions = interactionLists(persons, { age: ageInDays(400), length: { minLength: 0, maxLength: 60 }, maximumAttendees: 5 });
    let nonNull = 0;
    fc.assert(
      fc.property(interactions, affiliations, fc.array(ageInDays(420), { minLength: 1, maxLength: 4 }), (list, companyOf, ages) => {
        const graph = hydrateGraph({
          interactions: list,
          internalUsers: users,
          affiliations: persons.flatMap((personUuid, index) => (companyOf[index]! < 0 ? [] : [{ personUuid, companyUuid: companies[companyOf[index]!]! }])),
        });
        for (const now of ages.map((days) => NOW - days * DAY)) {
          const entities = [...persons.map((uuid) => ({ entity: "person" as const, uuid })), ...companies.map((uuid) => ({ entity: "company" as const, uuid }))];
          for (const entity of entities) {
            const last = lastActivityAt(graph, entity, { now });
            expect(last).toBe(derivedFields(graph, entity, { now }).last_activity_at);
            if (last !== null) nonNull += 1;
          }
        }
      }),
      { numRuns: 200 },
    );
    expect(nonNull).toBeGreaterThan(500);
  });

  it("stays equal to derivedFields' as time passes and interactions, affiliations, users and merges change", () => {
    const persons = ["q0", "q1", ...Array.from({ length: 6 }, (_, index) => `x${index}`)];
    const companies = ["c0", "c1"];
    const person = fc.constantFrom(...persons);
    const company = fc.constantFrom(...companies);
    const interactions = interactionLists(persons, { age: ageInDays(300), length: { minLength: 1, maxLength: 8 }, maximumAttendees: 4 });
    const change = fc.oneof(
      fc.record({ kind: fc.constant("add" as const), interactions }),
      fc.record({ kind: fc.constant("remove" as const), index: fc.nat() }),
      fc.record({ kind: fc.constant("affiliate" as const), person, company }),
      fc.record({ kind: fc.constant("leave" as const), person, company }),
      fc.record({ kind: fc.constant("mark" as const), person }),
      fc.record({ kind: fc.constant("unmark" as const) }),
      fc.record({ kind: fc.constant("merge" as const), canonical: person, superseded: person }),
    );
    fc.assert(
      fc.property(fc.array(fc.tuple(change, ageInDays(320)), { minLength: 1, maxLength: 25 }), (steps) => {
        const graph = hydrateGraph({
          interactions: [],
          internalUsers: [{ userUuid: "u0", personUuid: "q0" }],
          affiliations: persons.map((personUuid, index) => ({ personUuid, companyUuid: companies[index % 2]! })),
        });
        const ids: string[] = [];
        let batch = 0;
        for (const [step, days] of steps) {
          if (step.kind === "add") {
            batch += 1;
            for (const interaction of step.interactions) {
              const id = `b${batch}-${interaction.id}`;
              graph.addInteraction({ ...interaction, id });
              ids.push(id);
            }
          } else if (step.kind === "remove" && ids.length > 0) graph.removeInteraction(ids.splice(step.index % ids.length, 1)[0]!);
          else if (step.kind === "affiliate") graph.setAffiliation(step.person, step.company);
          else if (step.kind === "leave") graph.endAffiliation(step.person, step.company);
          else if (step.kind === "mark" && graph.hasPerson(step.person) && graph.userOfPerson(step.person) === null) graph.markInternal(step.person, "u1");
          else if (step.kind === "unmark") graph.unmarkInternal("u1");
          else if (step.kind === "merge" && step.canonical !== step.superseded && graph.hasPerson(step.superseded)) {
            if (graph.userOfPerson(step.canonical) === null || graph.userOfPerson(step.superseded) === null) graph.mergePersons(step.canonical, step.superseded);
          }
          // Asked after every change, at a time of its own: what it remembers is tested against each change.
          const now = NOW - days * DAY;
          for (const uuid of companies) {
            const entity = { entity: "company" as const, uuid };
            expect(lastActivityAt(graph, entity, { now })).toBe(derivedFields(graph, entity, { now }).last_activity_at);
          }
        }
      }),
      { numRuns: 300 },
    );
  });
});
