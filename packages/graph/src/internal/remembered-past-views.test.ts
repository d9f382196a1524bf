import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { ScoringAggregate } from "./aggregate-row.js";
import { RememberedPastViews } from "./remembered-past-views.js";

const view = (emailsLow: number, anchorAt: number): ScoringAggregate => ({
  emailsLow,
  emailsHigh: 1,
  meetings: 2,
  massEmailLow: emailsLow / 2,
  massEmailHigh: 0.25,
  massMeeting: 1.5,
  anchorAt,
});

describe("RememberedPastViews", () => {
  it("gives a view back only for a now from its latest interaction until the next one", () => {
    const views = new RememberedPastViews();
    views.set(3, view(2, 1_000), 9_000);
    expect(views.get(3, 1_000)).toEqual(view(2, 1_000));
    expect(views.get(3, 8_999)).toEqual(view(2, 1_000));
    expect(views.get(3, 999)).toBeUndefined();
    expect(views.get(3, 9_000)).toBeUndefined();
    expect(views.get(4, 5_000)).toBeUndefined();
  });

  it("holds a view without interactions for every now before the first, and hands out copies", () => {
    const views = new RememberedPastViews();
    const empty = { ...view(0, -Infinity), emailsHigh: 0, meetings: 0, massEmailHigh: 0, massMeeting: 0 };
    views.set(0, empty, 500);
    empty.emailsLow = 99;
    const read = views.get(0, -1e15)!;
    expect(read).toEqual({ ...empty, emailsLow: 0 });
    read.meetings = 42;
    expect(views.get(0, 499)).toEqual({ ...empty, emailsLow: 0 });
    expect(views.get(0, 500)).toBeUndefined();
  });

  it("reuses a forgotten view's row and grows for far slots", () => {
    const views = new RememberedPastViews();
    views.set(5, view(1, 10), Infinity);
    views.set(2_000_000, view(2, 20), Infinity);
    expect(views.size).toBe(2);
    views.delete(5);
    views.delete(5);
    expect(views.size).toBe(1);
    expect(views.get(5, 100)).toBeUndefined();
    views.set(6, view(3, 30), Infinity);
    expect(views.get(6, 100)).toEqual(view(3, 30));
    expect(views.get(2_000_000, 100)).toEqual(view(2, 20));
  });

  it("answers as a map of slots to remembered views would, whatever the operations", () => {
    const count = fc.integer({ min: 0, max: 50 });
    const mass = fc.double({ min: 0, max: 100, noNaN: true });
    const operation = fc.oneof(
      fc.record({
        kind: fc.constant("set" as const),
        slot: fc.integer({ min: 0, max: 3_000 }),
        aggregate: fc.record({
          emailsLow: count,
          emailsHigh: count,
          meetings: count,
          massEmailLow: mass,
          massEmailHigh: mass,
          massMeeting: mass,
          anchorAt: fc.oneof(fc.constant(-Infinity), fc.integer({ min: 0, max: 10_000 })),
        }),
        length: fc.integer({ min: 1, max: 10_000 }),
      }),
      fc.record({ kind: fc.constant("delete" as const), slot: fc.integer({ min: 0, max: 3_000 }) }),
    );
    fc.assert(
      fc.property(fc.array(operation, { maxLength: 200 }), fc.array(fc.integer({ min: 0, max: 20_000 }), { minLength: 1, maxLength: 5 }), (operations, nows) => {
        const views = new RememberedPastViews();
        const model = new Map<number, { aggregate: ScoringAggregate; until: number }>();
        for (const step of operations) {
          if (step.kind === "set") {
            const until = (step.aggregate.anchorAt === -Infinity ? 0 : step.aggregate.anchorAt) + step.length;
            views.set(step.slot, step.aggregate, until);
            model.set(step.slot, { aggregate: { ...step.aggregate }, until });
          } else {
            views.delete(step.slot);
            model.delete(step.slot);
          }
        }
        expect(views.size).toBe(model.size);
        for (const [slot, { aggregate, until }] of model) {
          for (const now of [...nows, aggregate.anchorAt, until - 1, until]) {
            const holds = aggregate.anchorAt <= now && now < until;
            expect(views.get(slot, now)).toEqual(holds ? aggregate : undefined);
          }
        }
      }),
    );
  });
});
