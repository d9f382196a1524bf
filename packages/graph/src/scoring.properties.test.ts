/** Property-based tests (fast-check) of the scoring and ranking invariants listed in docs/scoring.md. */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { activityStats } from "./activity-stats.js";
import { connectionScore } from "./connection-score.js";
import { derivedFields } from "./derived-fields.js";
import { hydrateGraph } from "./hydrate-graph.js";
import { pathPower } from "./path-power.js";
import { recommendedPaths, recommendedPathsOfMany } from "./recommended-paths.js";
import { RelationshipGraph } from "./relationship-graph.js";
import { relationshipQuality } from "./relationship-quality.js";
import { strongestRelationships } from "./strongest-relationships.js";
import { DAY, NOW } from "./testing/builders.js";
import { noisyInteractionDraft } from "./testing/interaction-arbitraries.js";
import type { Interaction, InternalUser } from "./types.js";

const RUNS = { numRuns: 200 };
/** Fast and slow (rescanning) evaluation paths may differ in their last bit before rounding to 1e-9. */
const TOLERANCE = 2e-9;

const PERSONS = ["p0", "p1", "p2", "p3", "p4", "p5"] as const;
const USERS: InternalUser[] = [
  { userUuid: "u0", personUuid: "p0" },
  { userUuid: "u1", personUuid: "p1" },
];
const AFFILIATIONS = [
  { personUuid: "p3", companyUuid: "acme" },
  { personUuid: "p4", companyUuid: "acme" },
];
const PAIRS = PERSONS.flatMap((first, index) => PERSONS.slice(index + 1).map((second) => [first, second] as const));

const person = fc.constantFrom(...PERSONS);
/** Days before NOW; negative values are in the future. */
const age = fc.integer({ min: -60, max: 900 });

const interactionWithoutId = noisyInteractionDraft(person, age);
type Draft = typeof interactionWithoutId extends fc.Arbitrary<infer T> ? T : never;

function materialize(draft: Draft, id: string): Interaction {
  const { days, ...rest } = draft;
  return { ...rest, id, occurredAt: NOW - days * DAY } as Interaction;
}

/** Half the ids are uuids (stored packed), half are not (stored as strings). */
const idOf = (index: number): string => (index % 2 === 0 ? `0000${index.toString(16).padStart(4, "0")}-0000-4000-8000-00000000abcd` : `i${index}`);

const interactionList = fc
  .array(interactionWithoutId, { maxLength: 14 })
  .map((drafts) => drafts.map((draft, index) => materialize(draft, idOf(index))));

function hydrate(interactions: Iterable<Interaction>): RelationshipGraph {
  return hydrateGraph({ interactions, internalUsers: USERS, affiliations: AFFILIATIONS });
}

/**
 * As `hydrate`, plus 40 persons with no interactions: rankings in this graph cross too few bridges for the
 * team-link table (see `rankingTable`), so they read bridges through their records.
 */
function hydratePadded(interactions: Iterable<Interaction>): RelationshipGraph {
  const padding = Array.from({ length: 40 }, (_, index) => ({ personUuid: `padding${index}`, companyUuid: "padding" }));
  return hydrateGraph({ interactions, internalUsers: USERS, affiliations: [...AFFILIATIONS, ...padding] });
}

/** Every score the package produces for the small world, keyed by what it is. */
function allScores(graph: RelationshipGraph, now = NOW): Map<string, number> {
  const scores = new Map<string, number>();
  for (const [first, second] of PAIRS) scores.set(`pair ${first} ${second}`, connectionScore(graph, first, second, { now }));
  for (const uuid of PERSONS) {
    scores.set(`pathPower ${uuid}`, pathPower(graph, { entity: "person", uuid }, { now }).score ?? 0);
    for (const user of USERS) scores.set(`rq ${user.userUuid} ${uuid}`, relationshipQuality(graph, user.userUuid, uuid, { now })?.rq ?? 0);
    for (const item of recommendedPaths(graph, { entity: "person", uuid }, { now }).items) scores.set(`path ${item.user_uuid} ${uuid}`, item.connection_score);
  }
  scores.set("pathPower acme", pathPower(graph, { entity: "company", uuid: "acme" }, { now }).score ?? 0);
  for (const item of recommendedPaths(graph, { entity: "company", uuid: "acme" }, { now }).items) scores.set(`path ${item.user_uuid} acme`, item.connection_score);
  return scores;
}

/** Everything a caller can observe, for exact comparisons. */
function observe(graph: RelationshipGraph, now = NOW): unknown {
  const targets = [...PERSONS.map((uuid) => ({ entity: "person", uuid }) as const), { entity: "company", uuid: "acme" } as const];
  return targets.map((target) => ({
    paths: recommendedPaths(graph, target, { now }),
    power: pathPower(graph, target, { now }),
    strongest: strongestRelationships(graph, target, { now }),
    activity: activityStats(graph, target, { now }),
    derived: derivedFields(graph, target, { now, userUuid: "u0" }),
  }));
}

function shuffle<T>(items: readonly T[], seed: number): T[] {
  const copy = [...items];
  let state = seed >>> 0 || 1;
  for (let index = copy.length - 1; index > 0; index -= 1) {
    state = (Math.imul(state, 1664525) + 1013904223) >>> 0;
    const other = state % (index + 1);
    [copy[index], copy[other]] = [copy[other] as T, copy[index] as T];
  }
  return copy;
}

describe("scoring properties", () => {
  it("keeps every score in [0, 1], whatever the noise", () => {
    fc.assert(
      fc.property(interactionList, fc.integer({ min: -30, max: 400 }), (interactions, shift) => {
        const graph = hydrate(interactions);
        for (const value of allScores(graph, NOW + shift * DAY).values()) {
          expect(value).toBeGreaterThanOrEqual(0);
          expect(value).toBeLessThanOrEqual(1);
        }
      }),
      RUNS,
    );
  });

  it("never lowers any score when an interaction is added", () => {
    fc.assert(
      fc.property(interactionList, interactionWithoutId, (interactions, draft) => {
        const graph = hydrate(interactions);
        const before = allScores(graph);
        graph.addInteraction(materialize(draft, "added"));
        const after = allScores(graph);
        for (const [key, value] of before) expect(after.get(key) ?? 0, key).toBeGreaterThanOrEqual(value - TOLERANCE);
      }),
      RUNS,
    );
  });

  it("counts the same interaction less when it is older", () => {
    fc.assert(
      fc.property(
        interactionList,
        interactionWithoutId,
        fc.integer({ min: 0, max: 365 }),
        fc.integer({ min: 1, max: 365 }),
        (interactions, draft, newer, gap) => {
          const recent = hydrate([...interactions, materialize({ ...draft, days: newer }, "x")]);
          const older = hydrate([...interactions, materialize({ ...draft, days: newer + gap }, "x")]);
          const alone = (days: number) => hydrate([materialize({ ...draft, days }, "x")]);
          const recentAlone = alone(newer);
          const olderAlone = alone(newer + gap);
          for (const [first, second] of PAIRS) {
            const now = { now: NOW };
            expect(connectionScore(older, first, second, now)).toBeLessThanOrEqual(connectionScore(recent, first, second, now) + TOLERANCE);
            const fresh = connectionScore(recentAlone, first, second, now);
            if (fresh > 0) expect(connectionScore(olderAlone, first, second, now)).toBeLessThan(fresh);
          }
        },
      ),
      RUNS,
    );
  });

  it("counts a cancelled meeting as nothing at all", () => {
    fc.assert(
      fc.property(interactionList, fc.array(person, { maxLength: 6 }), age, (interactions, attendees, days) => {
        const cancelled: Interaction = { id: "cancelled", kind: "meeting", occurredAt: NOW - days * DAY, attendeeUuids: attendees, status: "cancelled" };
        const without = hydrate(interactions);
        const withCancelled = hydrate([...interactions, cancelled]);
        expect(observe(withCancelled)).toEqual(observe(without));
        const incremental = hydrate(interactions);
        incremental.addInteraction(cancelled);
        expect(allScores(incremental)).toEqual(allScores(without));
      }),
      RUNS,
    );
  });

  it("ranks deterministically whatever the order interactions arrive in", () => {
    fc.assert(
      fc.property(interactionList, fc.integer(), (interactions, seed) => {
        const reference = observe(hydrate(interactions));
        expect(observe(hydrate(shuffle(interactions, seed)))).toEqual(reference);
        const incremental = new RelationshipGraph();
        for (const user of USERS) incremental.markInternal(user.personUuid, user.userUuid);
        for (const affiliation of AFFILIATIONS) incremental.setAffiliation(affiliation.personUuid, affiliation.companyUuid);
        for (const interaction of shuffle(interactions, seed ^ 0x5bd1e995)) incremental.addInteraction(interaction);
        expect(observe(incremental)).toEqual(reference);
      }),
      RUNS,
    );
  });

  it("answers about a company the same whatever order its members joined in", () => {
    // Every external person at acme, so that members tie on scores and the tie-breaks by uuid decide.
    const members = ["p2", "p3", "p4", "p5"].map((personUuid) => ({ personUuid, companyUuid: "acme" }));
    const company = { entity: "company", uuid: "acme" } as const;
    const answers = (graph: RelationshipGraph) => ({
      paths: recommendedPaths(graph, company, { now: NOW }),
      power: pathPower(graph, company, { now: NOW }),
      strongest: strongestRelationships(graph, company, { now: NOW, limit: 2 }),
      activity: activityStats(graph, company, { now: NOW }),
      derived: derivedFields(graph, company, { now: NOW, userUuid: "u0" }),
    });
    fc.assert(
      fc.property(interactionList, fc.integer(), (interactions, seed) => {
        const reference = answers(hydrateGraph({ interactions, internalUsers: USERS, affiliations: members }));
        const shuffled = answers(hydrateGraph({ interactions, internalUsers: USERS, affiliations: shuffle(members, seed) }));
        expect(shuffled).toEqual(reference);
      }),
      RUNS,
    );
  });

  it("handles noisy input without throwing, whatever the present", () => {
    fc.assert(
      fc.property(interactionList, fc.integer({ min: -100, max: 1000 }), (interactions, shift) => {
        const graph = hydrate(interactions);
        expect(() => observe(graph, NOW + shift * DAY)).not.toThrow();
        const selfOnly = hydrate([{ id: "self", kind: "email", occurredAt: NOW, senderUuid: "p2", recipientUuids: ["p2", "p2"] }]);
        expect(selfOnly.edgeCount).toBe(0);
      }),
      RUNS,
    );
  });

  it("ends an arbitrary sequence of updates exactly where a fresh hydration of the result starts", () => {
    const operation = fc.oneof(
      interactionWithoutId.map((draft) => ({ type: "add" as const, draft })),
      fc.nat({ max: 20 }).map((index) => ({ type: "remove" as const, index })),
      fc.tuple(fc.nat({ max: 20 }), interactionWithoutId).map(([index, draft]) => ({ type: "update" as const, index, draft })),
      fc.tuple(person, person).map(([canonical, superseded]) => ({ type: "merge" as const, canonical, superseded })),
      fc.tuple(person, fc.boolean()).map(([uuid, current]) => ({ type: "affiliation" as const, uuid, current })),
    );
    fc.assert(
      fc.property(interactionList, fc.array(operation, { maxLength: 12 }), (initial, operations) => {
        const graph = hydrate(initial);
        const truth = new Map(initial.map((interaction) => [interaction.id, interaction]));
        const users = new Map(USERS.map((user) => [user.userUuid, user.personUuid]));
        const affiliations = new Map(AFFILIATIONS.map((affiliation) => [affiliation.personUuid, affiliation.companyUuid]));
        let counter = 0;
        // Read as a client would between writes: what the graph remembers (timelines, a company's) must follow each.
        const readDerived = (from: RelationshipGraph) =>
          [...PERSONS.map((uuid) => ({ entity: "person", uuid }) as const), { entity: "company", uuid: "acme" } as const].flatMap((target) =>
            [NOW - 10 * DAY, NOW, NOW + 10 * DAY].map((now) => derivedFields(from, target, { now, userUuid: "u0" })),
          );
        readDerived(graph);
        for (const step of operations) {
          readDerived(graph);
          const ids = [...truth.keys()];
          if (step.type === "add") {
            const interaction = materialize(step.draft, `n${(counter += 1)}`);
            graph.addInteraction(interaction);
            truth.set(interaction.id, interaction);
          } else if (step.type === "remove") {
            const id = ids[step.index % Math.max(ids.length, 1)] ?? "missing";
            expect(graph.removeInteraction(id)).toBe(truth.delete(id));
          } else if (step.type === "update") {
            const id = ids[step.index % Math.max(ids.length, 1)] ?? `n${(counter += 1)}`;
            const interaction = materialize(step.draft, id);
            graph.updateInteraction(interaction);
            truth.set(id, interaction);
          } else if (step.type === "merge") {
            const internal = new Set(users.values());
            if (step.canonical === step.superseded || (internal.has(step.canonical) && internal.has(step.superseded))) continue;
            graph.mergePersons(step.canonical, step.superseded);
            const rename = (uuid: string): string => (uuid === step.superseded ? step.canonical : uuid);
            for (const [id, interaction] of truth) {
              truth.set(
                id,
                interaction.kind === "email"
                  ? { ...interaction, senderUuid: interaction.senderUuid === null ? null : rename(interaction.senderUuid), recipientUuids: interaction.recipientUuids.map(rename) }
                  : { ...interaction, attendeeUuids: interaction.attendeeUuids.map(rename), organizerUuid: interaction.organizerUuid == null ? interaction.organizerUuid : rename(interaction.organizerUuid) },
              );
            }
            for (const [user, uuid] of users) users.set(user, rename(uuid));
            const company = affiliations.get(step.superseded);
            affiliations.delete(step.superseded);
            if (company !== undefined) affiliations.set(step.canonical, company);
          } else if (step.current) {
            graph.setAffiliation(step.uuid, "acme");
            affiliations.set(step.uuid, "acme");
          } else {
            graph.endAffiliation(step.uuid, "acme");
            affiliations.delete(step.uuid);
          }
        }
        const fresh = hydrateGraph({
          interactions: truth.values(),
          internalUsers: [...users].map(([userUuid, personUuid]) => ({ userUuid, personUuid })),
          affiliations: [...affiliations].map(([personUuid, companyUuid]) => ({ personUuid, companyUuid })),
        });
        expect(graph.interactionCount).toBe(fresh.interactionCount);
        expect(graph.edgeCount).toBe(fresh.edgeCount);
        const expected = allScores(fresh);
        const actual = allScores(graph);
        expect([...actual.keys()].sort()).toEqual([...expected.keys()].sort());
        for (const [key, value] of expected) expect(Math.abs((actual.get(key) ?? -1) - value), key).toBeLessThanOrEqual(TOLERANCE);
        expect(readDerived(graph)).toEqual(readDerived(fresh));
      }),
      RUNS,
    );
  });

  it("answers a long-lived graph read at any sequence of presents, with updates between, as a fresh graph does", () => {
    // Reads remember per-pair counts and per-person timelines until time or a change invalidates them.
    const step = fc.oneof(
      fc.integer({ min: -100, max: 1000 }).map((days) => ({ type: "read" as const, days })),
      interactionWithoutId.map((draft) => ({ type: "add" as const, draft })),
    );
    const reads = (graph: RelationshipGraph, now: number) => ({
      observed: observe(graph, now),
      qualities: USERS.flatMap((user) => PERSONS.map((uuid) => relationshipQuality(graph, user.userUuid, uuid, { now }))),
    });
    fc.assert(
      fc.property(interactionList, fc.array(step, { maxLength: 10 }), (initial, steps) => {
        const graph = hydrate(initial);
        const truth = [...initial];
        reads(graph, NOW);
        for (const [index, current] of steps.entries()) {
          if (current.type === "add") {
            const interaction = materialize(current.draft, `later${index}`);
            graph.addInteraction(interaction);
            truth.push(interaction);
            continue;
          }
          const now = NOW + current.days * DAY;
          expect(reads(graph, now)).toEqual(reads(hydrate(truth), now));
        }
      }),
      RUNS,
    );
  });

  it("ranks on exact pair scores at any present: each user's best, count and strongest paths with their strengths", () => {
    const round = (value: number) => Math.round(value * 1e9) / 1e9;
    const isUser = (uuid: string) => USERS.some((user) => user.personUuid === uuid);
    fc.assert(
      fc.property(interactionList, fc.integer({ min: 0, max: 3 }), person, age, fc.boolean(), (interactions, cap, target, days, padded) => {
        // Padded, rankings read bridges through their records; else through the team-link table.
        const graph = padded ? hydratePadded(interactions) : hydrate(interactions);
        // Any present, so that many pairs also have interactions after it (an upcoming meeting).
        const now = NOW - days * DAY;
        const score = (first: string, second: string) => connectionScore(graph, first, second, { now });
        const expected = USERS.filter((user) => user.personUuid !== target).flatMap((user) => {
          const strengths = [score(user.personUuid, target)].filter((direct) => direct > 0);
          for (const bridge of PERSONS) {
            if (bridge === target || isUser(bridge)) continue;
            const first = score(user.personUuid, bridge);
            const second = score(bridge, target);
            if (first > 0 && second > 0) strengths.push(round(first * second));
          }
          strengths.sort((left, right) => right - left);
          const listed = strengths.slice(0, cap);
          return strengths.length === 0 ? [] : [{ user: user.userUuid, best: strengths[0], count: strengths.length, listed, pathStrengths: listed }];
        });
        const response = recommendedPaths(graph, { entity: "person", uuid: target }, { now, maximumPathsPerItem: cap });
        const actual = response.items.map((item) => ({
          user: item.user_uuid,
          best: item.connection_score,
          count: item.path_count,
          listed: item.paths.map((hops) => (hops.length === 1 ? hops[0]!.connection_score : round(hops[0]!.connection_score * hops[1]!.connection_score))),
          pathStrengths: item.path_strengths,
        }));
        const byUser = (left: { user: string }, right: { user: string }) => (left.user < right.user ? -1 : 1);
        expect(actual.sort(byUser)).toEqual(expected.sort(byUser));
      }),
      RUNS,
    );
  });

  it("keeps the strongest paths and priority entries whatever the caps, with the same counts", () => {
    fc.assert(
      fc.property(interactionList, fc.integer({ min: 0, max: 3 }), fc.constantFrom(...PERSONS, "acme"), (interactions, cap, uuid) => {
        const graph = hydrate(interactions);
        const target = uuid === "acme" ? ({ entity: "company", uuid } as const) : ({ entity: "person", uuid } as const);
        const full = recommendedPaths(graph, target, { now: NOW, maximumPriorityEntries: Number.MAX_SAFE_INTEGER });
        const capped = recommendedPaths(graph, target, { now: NOW, maximumPathsPerItem: cap, maximumPriorityEntries: cap });
        expect(capped.items.map((item) => item.user_uuid)).toEqual(full.items.map((item) => item.user_uuid));
        for (const [index, item] of capped.items.entries()) {
          const whole = full.items[index]!;
          expect(item.path_count).toBe(whole.path_count);
          expect(item.paths).toEqual(whole.paths.slice(0, cap));
          expect(item.priority_management).toEqual(whole.priority_management.slice(0, cap));
          for (const entry of whole.priority_management) {
            expect(entry.rq).toBe(relationshipQuality(graph, entry.user_uuid, entry.person_uuid, { now: NOW })?.rq ?? 0);
          }
        }
      }),
      RUNS,
    );
  });

  it("ranks many targets at once exactly as one call per target on a fresh graph", () => {
    const target = fc.oneof(
      person.map((uuid) => ({ entity: "person" as const, uuid })),
      fc.constantFrom({ entity: "company" as const, uuid: "acme" }, { entity: "person" as const, uuid: "nobody" }),
    );
    fc.assert(
      fc.property(interactionList, fc.array(target, { maxLength: 8 }), age, (interactions, targets, days) => {
        const now = NOW - days * DAY;
        const options = { now, maximumPathsPerItem: 3, maximumPriorityEntries: 3 };
        const together = recommendedPathsOfMany(hydrate(interactions), targets, options);
        expect(together).toEqual(targets.map((one) => recommendedPaths(hydrate(interactions), one, options)));
      }),
      RUNS,
    );
  });

  it("ranks on a long-lived graph, with interactions, users and merges changing between batches, as a graph that never ranked", () => {
    // A ranking may keep a copy of the team's links (the team-link table) for the next: it must not outlive a change.
    const targets = [...PERSONS.map((uuid) => ({ entity: "person" as const, uuid })), { entity: "company" as const, uuid: "acme" }];
    const step = fc.oneof(
      fc.constant({ type: "read" as const }),
      interactionWithoutId.map((draft) => ({ type: "add" as const, draft })),
      fc.constantFrom(...(["mark", "unmark", "merge"] as const)).map((type) => ({ type })),
    );
    fc.assert(
      fc.property(interactionList, fc.array(step, { maxLength: 10 }), age, (initial, steps, days) => {
        const options = { now: NOW - days * DAY, maximumPathsPerItem: 3, maximumPriorityEntries: 3 };
        const graph = hydrate(initial);
        const changes: Array<(graph: RelationshipGraph) => void> = [];
        const unranked = () => {
          const replayed = hydrate(initial);
          for (const change of changes) change(replayed);
          return replayed;
        };
        recommendedPathsOfMany(graph, targets, options);
        for (const [index, current] of steps.entries()) {
          if (current.type === "read") {
            expect(recommendedPathsOfMany(graph, targets, options)).toEqual(recommendedPathsOfMany(unranked(), targets, options));
            continue;
          }
          const change =
            current.type === "add"
              ? (target: RelationshipGraph) => target.addInteraction(materialize(current.draft, `later${index}`))
              : current.type === "mark"
                ? (target: RelationshipGraph) => target.markInternal("p2", "u2")
                : current.type === "unmark"
                  ? (target: RelationshipGraph) => void target.unmarkInternal("u2")
                  : (target: RelationshipGraph) => {
                      if (target.hasPerson("p4") && target.hasPerson("p5")) target.mergePersons("p4", "p5");
                    };
          change(graph);
          changes.push(change);
        }
        expect(recommendedPathsOfMany(graph, targets, options)).toEqual(recommendedPathsOfMany(unranked(), targets, options));
      }),
      RUNS,
    );
  });
});
