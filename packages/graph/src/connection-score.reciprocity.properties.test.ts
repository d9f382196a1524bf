/**
 * Property-based tests of reciprocity by balance (docs/scoring.md, Connection score): a reply weighs about its
 * own size whatever it answers, a balanced exchange weighs its whole mass, and each direction only adds.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { connectionScore } from "./connection-score.js";
import { hydrateGraph } from "./hydrate-graph.js";
import { RelationshipGraph } from "./relationship-graph.js";
import { DAY, NOW } from "./testing/builders.js";
import type { EmailInteraction } from "./types.js";

/** Large enough that a score stays far from 1, so that the raw weight read back from it keeps its precision. */
const SATURATION = 1000;
/** The 9-decimal rounding of a score, read back as raw weight (about `SATURATION × 1e-9` at these scores). */
const TOLERANCE = 1e-5;

const oneWayFactor = fc.constantFrom(0, 0.25, 0.5, 1);
const emailWeight = fc.constantFrom(1, 2);
/** An email between ada and cleo: its direction, its age in days (fractional) and the other recipients it went to. */
const draft = fc.record({
  fromAda: fc.boolean(),
  days: fc.double({ min: 0, max: 720, noNaN: true }),
  copied: fc.integer({ min: 0, max: 3 }),
});
type Draft = typeof draft extends fc.Arbitrary<infer T> ? T : never;

function toEmail({ fromAda, days, copied }: Draft, id: string, cleo = "cleo"): EmailInteraction {
  const others = Array.from({ length: copied }, (_, index) => `other${index}`);
  return { id, kind: "email", occurredAt: Math.round(NOW - days * DAY), senderUuid: fromAda ? "ada" : cleo, recipientUuids: [fromAda ? cleo : "ada", ...others] };
}

/** An email's contribution as docs/scoring.md writes it: emailWeight × k^-0.5 × 2^(-age / 90). */
function contribution(email: EmailInteraction, weight: number): number {
  return weight * email.recipientUuids.length ** -0.5 * 2 ** (-(NOW - email.occurredAt) / DAY / 90);
}

/** The pair's raw weight, read back from its score. */
function rawWeight(graph: RelationshipGraph): number {
  const score = connectionScore(graph, "ada", "cleo", { now: NOW });
  return (SATURATION * score) / (1 - score);
}

describe("reciprocity by balance", () => {
  it("a reply adds at least oneWayFactor of its contribution and at most (2 - oneWayFactor) of it, whatever it answers", () => {
    fc.assert(
      fc.property(fc.array(draft, { maxLength: 40 }), draft, oneWayFactor, emailWeight, (history, reply, factor, weight) => {
        const parameters = { saturation: SATURATION, oneWayFactor: factor, emailWeight: weight };
        const emails = history.map((entry, index) => toEmail(entry, `e${index}`));
        const graph = hydrateGraph({ interactions: emails }, { parameters });
        const before = rawWeight(graph);
        const added = toEmail(reply, "reply");
        graph.addInteraction(added);
        const gain = rawWeight(graph) - before;
        const own = contribution(added, weight);
        expect(gain).toBeGreaterThanOrEqual(factor * own - TOLERANCE);
        expect(gain).toBeLessThanOrEqual((2 - factor) * own + TOLERANCE);
        graph.removeInteraction("reply");
        expect(Math.abs(rawWeight(graph) - before)).toBeLessThanOrEqual(TOLERANCE);
      }),
      { numRuns: 300 },
    );
  });

  it("weighs an exchange balanced email for email at its whole mass, as two-way mail always weighed", () => {
    fc.assert(
      fc.property(fc.array(draft, { minLength: 1, maxLength: 20 }), oneWayFactor, emailWeight, (history, factor, weight) => {
        const parameters = { saturation: SATURATION, oneWayFactor: factor, emailWeight: weight };
        const emails = history.flatMap((entry, index) => [toEmail(entry, `e${index}`), toEmail({ ...entry, fromAda: !entry.fromAda }, `r${index}`)]);
        const whole = emails.reduce((sum, email) => sum + contribution(email, weight), 0);
        expect(Math.abs(rawWeight(hydrateGraph({ interactions: emails }, { parameters })) - whole)).toBeLessThanOrEqual(TOLERANCE);
      }),
      { numRuns: 200 },
    );
  });

  it("weighs the replies of a duplicate merged into the person the same as the person's own", () => {
    fc.assert(
      fc.property(fc.array(draft, { maxLength: 20 }), fc.array(fc.boolean(), { maxLength: 20 }), oneWayFactor, (history, fromDuplicate, factor) => {
        const parameters = { saturation: SATURATION, oneWayFactor: factor };
        const duplicated = history.map((entry, index) => toEmail(entry, `e${index}`, fromDuplicate[index] ? "cleo-duplicate" : "cleo"));
        const merged = hydrateGraph({ interactions: duplicated }, { parameters });
        merged.mergePersons("cleo", "cleo-duplicate");
        const fresh = hydrateGraph({ interactions: history.map((entry, index) => toEmail(entry, `e${index}`)) }, { parameters });
        expect(connectionScore(merged, "ada", "cleo", { now: NOW })).toBe(connectionScore(fresh, "ada", "cleo", { now: NOW }));
      }),
      { numRuns: 200 },
    );
  });

  it("gives one reply to 200 newsletters about the reply's own weight: the newsletters stay one-way mail", () => {
    const newsletters = Array.from({ length: 200 }, (_, index) => toEmail({ fromAda: false, days: 0, copied: 0 }, `n${index}`));
    const graph = hydrateGraph({ interactions: newsletters }, { parameters: { saturation: SATURATION } });
    expect(rawWeight(graph)).toBeCloseTo(100, 4);
    graph.addInteraction(toEmail({ fromAda: true, days: 0, copied: 0 }, "reply"));
    // 0.5 × 201 for the mail, 0.5 × 2 × 1 for the one email each way that an exchange matched: not 201.
    expect(rawWeight(graph)).toBeCloseTo(101.5, 4);
  });
});
