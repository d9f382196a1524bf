import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { reciprocalEmailMass } from "./reciprocal-email-mass.js";

/** Masses as the edge table holds them: sums of audience factors times decays, from nothing to thousands of emails. */
const mass = fc.oneof(fc.constant(0), fc.double({ min: 0, max: 5000, noNaN: true }));
const factor = fc.oneof(fc.constantFrom(0, 0.5, 1), fc.double({ min: 0, max: 1, noNaN: true }));
/** Floating-point slack on sums of a few thousand. */
const slack = (value: number) => 1e-12 * (1 + value);

describe("reciprocalEmailMass", () => {
  it("weighs mail that went one way at oneWayFactor of its mass, and a balanced exchange at its whole mass", () => {
    fc.assert(
      fc.property(mass, factor, (one, oneWayFactor) => {
        expect(reciprocalEmailMass(one, 0, oneWayFactor)).toBeCloseTo(oneWayFactor * one, 9);
        expect(reciprocalEmailMass(0, one, oneWayFactor)).toBeCloseTo(oneWayFactor * one, 9);
        expect(reciprocalEmailMass(one, one, oneWayFactor)).toBeCloseTo(2 * one, 9);
      }),
      { numRuns: 500 },
    );
  });

  it("is symmetric, between oneWayFactor of the whole mass and the whole mass", () => {
    fc.assert(
      fc.property(mass, mass, factor, (one, other, oneWayFactor) => {
        const weighted = reciprocalEmailMass(one, other, oneWayFactor);
        expect(weighted).toBe(reciprocalEmailMass(other, one, oneWayFactor));
        expect(weighted).toBeLessThanOrEqual(one + other + slack(one + other));
        expect(weighted).toBeGreaterThanOrEqual(oneWayFactor * (one + other) - slack(one + other));
      }),
      { numRuns: 500 },
    );
  });

  it("never falls when either direction grows, and a reply adds at most itself plus as much again lifted to full weight", () => {
    fc.assert(
      fc.property(mass, mass, mass, factor, (one, other, reply, oneWayFactor) => {
        const before = reciprocalEmailMass(one, other, oneWayFactor);
        const after = reciprocalEmailMass(one, other + reply, oneWayFactor);
        expect(after).toBeGreaterThanOrEqual(before - slack(before));
        // The reply itself weighs at least oneWayFactor of its mass; it lifts at most its own mass of the other
        // direction from oneWayFactor to full weight, whatever the history it answers.
        expect(after - before).toBeGreaterThanOrEqual(oneWayFactor * reply - slack(after));
        expect(after - before).toBeLessThanOrEqual((2 - oneWayFactor) * reply + slack(after));
      }),
      { numRuns: 1000 },
    );
  });

  it("gives one reply to 200 newsletters about its own weight, not the newsletters' doubling", () => {
    expect(reciprocalEmailMass(200, 0, 0.5)).toBe(100);
    expect(reciprocalEmailMass(200, 1, 0.5)).toBe(101.5);
    expect(reciprocalEmailMass(1, 200, 0.5)).toBe(101.5);
  });
});
