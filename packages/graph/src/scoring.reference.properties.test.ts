/**
 * Property-based tests of the scores against docs/scoring.md itself: connection scores and PathPower equal a
 * direct transcription of its formulas (no aggregate, no anchor, no walk), for any parameters, and the answers
 * do not move when every time (interactions and present) shifts together or when persons are renamed.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  connectionScore,
  hydrateGraph,
  pathPower,
  pathPowerRanking,
  recommendedPaths,
  relationshipQualityRanking,
  resolveScoringParameters,
  strongestRelationships,
  type EntityReference,
  type Interaction,
  type RelationshipGraph,
  type ScoringParameterOverrides,
  type ScoringParameters,
} from "./index.js";
import { DAY, NOW } from "./testing/builders.js";
import { noisyInteractionDraft } from "./testing/interaction-arbitraries.js";

const PERSONS = ["p0", "p1", "p2", "p3", "p4", "p5"];
const USERS = [
  { userUuid: "u0", personUuid: "p0" },
  { userUuid: "u1", personUuid: "p1" },
];
const EXTERNALS = PERSONS.filter((uuid) => !USERS.some((user) => user.personUuid === uuid));
const MEMBERS = ["p3", "p4"];
const PAIRS = PERSONS.flatMap((first, index) => PERSONS.slice(index + 1).map((second) => [first, second] as const));

const person = fc.constantFrom(...PERSONS);
/** A present some days and milliseconds before NOW (negative: after it). */
const present = fc.tuple(fc.integer({ min: -30, max: 800 }), fc.integer({ min: 0, max: DAY - 1 })).map(([days, milliseconds]) => NOW - days * DAY - milliseconds);
/** Whole and fractional days before NOW, up to about 3 years; negative: after it. */
const age = fc.oneof(fc.integer({ min: -60, max: 1100 }), fc.double({ min: -3, max: 1100, noNaN: true }));
const interactions: fc.Arbitrary<Interaction[]> = fc
  .array(noisyInteractionDraft(person, age), { maxLength: 14 })
  .map((drafts) => drafts.map(({ days, ...rest }, index) => ({ ...rest, id: `i${index}`, occurredAt: Math.round(NOW - days * DAY) }) as Interaction));
const parameters: fc.Arbitrary<ScoringParameterOverrides> = fc.record(
  {
    halfLifeDays: fc.constantFrom(7, 90, 365),
    emailWeight: fc.constantFrom(0.5, 1, 2),
    meetingWeight: fc.constantFrom(0, 1, 3),
    oneWayFactor: fc.constantFrom(0, 0.5, 1),
    audienceExponent: fc.constantFrom(0, 0.5, 1),
    saturation: fc.constantFrom(1, 8, 50),
    maximumMeetingAttendees: fc.constantFrom(2, 3, 50),
    pathPowerTopCount: fc.constantFrom(1, 2, 3),
  },
  { requiredKeys: [] },
);

/** The distinct persons an interaction connects, as docs/scoring.md "What counts" says, or null when it counts for nothing. */
function connectedPersons(interaction: Interaction, now: number, limit: number): { sender: string | null; others: Set<string> } | null {
  if (interaction.occurredAt > now) return null;
  if (interaction.kind === "email") {
    if (!interaction.senderUuid) return null;
    const recipients = new Set(interaction.recipientUuids.filter((uuid) => uuid !== interaction.senderUuid));
    return recipients.size === 0 ? null : { sender: interaction.senderUuid, others: recipients };
  }
  if (interaction.status === "cancelled") return null;
  const attendees = new Set([...interaction.attendeeUuids, ...(interaction.organizerUuid ? [interaction.organizerUuid] : [])]);
  return attendees.size < 2 || attendees.size > limit ? null : { sender: null, others: attendees };
}

/** The connection score of docs/scoring.md, summed interaction by interaction. */
function documentedScore(list: readonly Interaction[], first: string, second: string, now: number, p: ScoringParameters): number {
  let meetings = 0;
  /** Email contributions by direction: first to second, second to first. */
  let fromFirst = 0;
  let fromSecond = 0;
  for (const interaction of list) {
    const connected = connectedPersons(interaction, now, p.maximumMeetingAttendees);
    if (connected === null) continue;
    const decay = 2 ** (-(now - interaction.occurredAt) / DAY / p.halfLifeDays);
    if (connected.sender === null) {
      if (!connected.others.has(first) || !connected.others.has(second)) continue;
      meetings += p.meetingWeight * (connected.others.size - 1) ** -p.audienceExponent * decay;
    } else {
      const sender = connected.sender;
      if (!((sender === first && connected.others.has(second)) || (sender === second && connected.others.has(first)))) continue;
      const contribution = p.emailWeight * connected.others.size ** -p.audienceExponent * decay;
      if (sender === first) fromFirst += contribution;
      else fromSecond += contribution;
    }
  }
  const raw = meetings + p.oneWayFactor * (fromFirst + fromSecond) + (1 - p.oneWayFactor) * 2 * Math.min(fromFirst, fromSecond);
  return raw === 0 ? 0 : raw / (raw + p.saturation);
}

/** Whether the two persons share an interaction that counts (what gives a PathPower, even one that rounds to 0). */
function interacted(list: readonly Interaction[], first: string, second: string, now: number, p: ScoringParameters): boolean {
  return list.some((interaction) => {
    const connected = connectedPersons(interaction, now, p.maximumMeetingAttendees);
    if (connected === null) return false;
    if (connected.sender === null) return connected.others.has(first) && connected.others.has(second);
    return (connected.sender === first && connected.others.has(second)) || (connected.sender === second && connected.others.has(first));
  });
}

function noisyOr(scores: number[], top: number): number | null {
  if (scores.length === 0) return null;
  return 1 - [...scores].sort((left, right) => right - left).slice(0, top).reduce((product, score) => product * (1 - score), 1);
}

/** Rounding of the last bits differs between the package's aggregates and this sum; 1e-9 is the 9-decimal rounding. */
const closeTo = (actual: number | null, expected: number | null, tolerance: number) =>
  actual === null || expected === null ? actual === expected : Math.abs(actual - expected) <= tolerance;

describe("scores as docs/scoring.md writes them", () => {
  it("connection scores and PathPower of persons and of a company are the documented formulas, for any parameters", () => {
    fc.assert(
      fc.property(interactions, parameters, present, (list, overrides, now) => {
        const p = resolveScoringParameters(overrides);
        const graph = hydrateGraph({ interactions: list, internalUsers: USERS, affiliations: MEMBERS.map((personUuid) => ({ personUuid, companyUuid: "acme" })) }, { parameters: overrides });
        for (const [first, second] of PAIRS) {
          const expected = documentedScore(list, first, second, now, p);
          const actual = connectionScore(graph, first, second, { now });
          expect(closeTo(actual, expected, 2e-9), `${first}-${second}: ${actual} against ${expected}`).toBe(true);
        }
        const personPower = (target: string): number | null =>
          noisyOr(
            USERS.filter((user) => user.personUuid !== target && interacted(list, user.personUuid, target, now, p)).map((user) => documentedScore(list, user.personUuid, target, now, p)),
            p.pathPowerTopCount,
          );
        for (const target of EXTERNALS) {
          const actual = pathPower(graph, { entity: "person", uuid: target }, { now }).score;
          expect(closeTo(actual, personPower(target), 5e-9), `PathPower ${target}: ${actual} against ${personPower(target)}`).toBe(true);
        }
        const members = MEMBERS.map(personPower).filter((score): score is number => score !== null);
        const company = pathPower(graph, { entity: "company", uuid: "acme" }, { now }).score;
        expect(closeTo(company, noisyOr(members, p.pathPowerTopCount), 1e-8), `PathPower acme: ${company}`).toBe(true);
      }),
      { numRuns: 300 },
    );
  });
});

/** What a caller sees about the small world at `now`, times given relative to `now` and names through `name`. */
function observe(graph: RelationshipGraph, now: number, name: (uuid: string) => string): unknown {
  const relative = (time: number | null) => (time === null ? null : time - now);
  const targets: EntityReference[] = [...PERSONS.map((uuid) => ({ entity: "person", uuid: name(uuid) }) as const), { entity: "company", uuid: "acme" }];
  return {
    pairs: PAIRS.map(([first, second]) => connectionScore(graph, name(first), name(second), { now })),
    targets: targets.map((target) => ({
      power: pathPower(graph, target, { now }).score,
      items: recommendedPaths(graph, target, { now }).items.map((item) => ({
        user: item.user_uuid,
        score: item.connection_score,
        count: item.path_count,
        // Paths of equal strength are listed by hop uuid, which a renaming reorders.
        paths: item.paths.map((hops) => hops.map((hop) => [hop.connection_score, hop.interaction_count, relative(hop.last_interaction_at)])).sort(),
        priorities: item.priority_management.map((entry) => [entry.priority_score, entry.rq, entry.interaction_count, relative(entry.last_activity_at)]).sort(),
      })),
      strongest: (strongestRelationships(graph, target, { now, limit: 5 }) ?? []).map((row) => [row.user_uuid, row.rq, relative(row.last_engaged_at)]),
    })),
    rankings: {
      persons: pathPowerRanking(graph, "person", { now, limit: 10 }).entries.map((entry) => entry.score),
      companies: pathPowerRanking(graph, "company", { now, limit: 10 }).entries.map((entry) => [entry.uuid, entry.score, entry.meta]),
      qualities: USERS.map(({ userUuid }) => relationshipQualityRanking(graph, userUuid, { now, limit: 10 }).entries.map((entry) => [entry.rq, entry.interaction_count])),
    },
  };
}

const renamings = fc.shuffledSubarray(["zz", "aa", "Mm", "0b", "x-1", "ab", "p2"], { minLength: EXTERNALS.length, maxLength: EXTERNALS.length });

function renamed(list: readonly Interaction[], name: (uuid: string) => string): Interaction[] {
  const rename = (uuid: string | null | undefined) => (uuid ? name(uuid) : uuid);
  return list.map((interaction) =>
    interaction.kind === "email"
      ? { ...interaction, senderUuid: rename(interaction.senderUuid) ?? null, recipientUuids: interaction.recipientUuids.map(name) }
      : { ...interaction, attendeeUuids: interaction.attendeeUuids.map(name), organizerUuid: rename(interaction.organizerUuid) },
  );
}

describe("scores and rankings do not depend on when or on names", () => {
  it("answer the same when every interaction and the present move by the same time", () => {
    fc.assert(
      fc.property(interactions, present, fc.integer({ min: -20_000, max: 20_000 }), fc.integer({ min: 0, max: DAY - 1 }), (list, now, shiftDays, shiftMs) => {
        const shift = shiftDays * DAY + shiftMs;
        const affiliations = MEMBERS.map((personUuid) => ({ personUuid, companyUuid: "acme" }));
        const graph = hydrateGraph({ interactions: list, internalUsers: USERS, affiliations });
        const moved = hydrateGraph({ interactions: list.map((interaction) => ({ ...interaction, occurredAt: interaction.occurredAt + shift })), internalUsers: USERS, affiliations });
        const same = (uuid: string) => uuid;
        expect(observe(moved, now + shift, same)).toEqual(observe(graph, now, same));
      }),
      { numRuns: 200 },
    );
  });

  it("answer the same about each person, and rank the same users first, when the external persons are renamed", () => {
    fc.assert(
      fc.property(interactions, present, renamings, (list, now, names) => {
        const mapping = new Map(EXTERNALS.map((uuid, index) => [uuid, names[index]!]));
        const name = (uuid: string) => mapping.get(uuid) ?? uuid;
        const same = (uuid: string) => uuid;
        const build = (rename: (uuid: string) => string) =>
          hydrateGraph({ interactions: renamed(list, rename), internalUsers: USERS, affiliations: MEMBERS.map((uuid) => ({ personUuid: rename(uuid), companyUuid: "acme" })) });
        expect(observe(build(name), now, name)).toEqual(observe(build(same), now, same));
      }),
      { numRuns: 200 },
    );
  });
});
