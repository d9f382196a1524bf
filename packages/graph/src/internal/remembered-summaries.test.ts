import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { PairSummary } from "./edge-table.js";
import { RememberedSummaries, type SummarySpan } from "./remembered-summaries.js";

const WINDOW = 90 * 86_400_000;
const summary = (emails: number, lastAt: number | null): PairSummary => ({ emails, meetings: 1, windowEmails: 1, windowMeetings: 0, lastAt });

describe("RememberedSummaries", () => {
  it("gives a summary back only for a now within its span and for its window", () => {
    const summaries = new RememberedSummaries();
    summaries.set(3, summary(2, 1_000), { from: 1_000, until: 9_000, windowMilliseconds: WINDOW });
    expect(summaries.get(3, 1_000, WINDOW)).toEqual(summary(2, 1_000));
    expect(summaries.get(3, 8_999, WINDOW)).toEqual(summary(2, 1_000));
    expect(summaries.get(3, 999, WINDOW)).toBeUndefined();
    expect(summaries.get(3, 9_000, WINDOW)).toBeUndefined();
    expect(summaries.get(3, 5_000, 30 * 86_400_000)).toBeUndefined();
    expect(summaries.get(4, 5_000, WINDOW)).toBeUndefined();
  });

  it("keeps a null lastAt and an unbounded span, and hands out copies", () => {
    const summaries = new RememberedSummaries();
    const original = summary(0, null);
    summaries.set(0, original, { from: -Infinity, until: Infinity, windowMilliseconds: WINDOW });
    original.emails = 99;
    const read = summaries.get(0, 0, WINDOW)!;
    expect(read).toEqual(summary(0, null));
    read.meetings = 42;
    expect(summaries.get(0, 0, WINDOW)).toEqual(summary(0, null));
  });

  it("reuses a forgotten summary's row and grows for far slots", () => {
    const summaries = new RememberedSummaries();
    const span = { from: 0, until: Infinity, windowMilliseconds: WINDOW };
    summaries.set(5, summary(1, 10), span);
    summaries.set(2_000_000, summary(2, 20), span);
    expect(summaries.size).toBe(2);
    summaries.delete(5);
    summaries.delete(5);
    expect(summaries.size).toBe(1);
    expect(summaries.get(5, 1, WINDOW)).toBeUndefined();
    summaries.set(6, summary(3, 30), span);
    expect(summaries.get(6, 1, WINDOW)).toEqual(summary(3, 30));
    expect(summaries.get(2_000_000, 1, WINDOW)).toEqual(summary(2, 20));
  });

  it("answers as a map of slots to remembered summaries would, whatever the operations", () => {
    const count = fc.integer({ min: 0, max: 50 });
    const operation = fc.oneof(
      fc.record({
        kind: fc.constant("set" as const),
        slot: fc.integer({ min: 0, max: 3_000 }),
        summary: fc.record({ emails: count, meetings: count, windowEmails: count, windowMeetings: count, lastAt: fc.option(fc.integer({ min: 0, max: 10_000 })) }),
        from: fc.integer({ min: 0, max: 10_000 }),
        length: fc.integer({ min: 1, max: 10_000 }),
        window: fc.constantFrom(WINDOW, 2 * WINDOW),
      }),
      fc.record({ kind: fc.constant("delete" as const), slot: fc.integer({ min: 0, max: 3_000 }) }),
    );
    fc.assert(
      fc.property(fc.array(operation, { maxLength: 200 }), fc.array(fc.integer({ min: 0, max: 20_000 }), { minLength: 1, maxLength: 5 }), (operations, nows) => {
        const summaries = new RememberedSummaries();
        const model = new Map<number, { summary: PairSummary; span: SummarySpan }>();
        for (const step of operations) {
          if (step.kind === "set") {
            const span = { from: step.from, until: step.from + step.length, windowMilliseconds: step.window };
            summaries.set(step.slot, step.summary, span);
            model.set(step.slot, { summary: { ...step.summary }, span });
          } else {
            summaries.delete(step.slot);
            model.delete(step.slot);
          }
        }
        expect(summaries.size).toBe(model.size);
        for (const [slot, { summary: remembered, span }] of model) {
          for (const now of [...nows, span.from, span.until - 1, span.until]) {
            for (const window of [WINDOW, 2 * WINDOW]) {
              const holds = span.windowMilliseconds === window && span.from <= now && now < span.until;
              expect(summaries.get(slot, now, window)).toEqual(holds ? remembered : undefined);
            }
          }
        }
      }),
    );
  });
});
