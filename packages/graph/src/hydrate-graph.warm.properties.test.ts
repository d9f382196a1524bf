/** Property: a hydration warmed at a time holds, for every pair, the past view a rescan at that time computes. */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { hydrateGraph } from "./hydrate-graph.js";
import { hydrateGraphAsync } from "./hydrate-graph-async.js";
import { recommendedPathsOfMany } from "./recommended-paths.js";
import { stateOf } from "./relationship-graph.js";
import { DAY, NOW } from "./testing/builders.js";
import { ageInDays, interactionLists } from "./testing/interaction-arbitraries.js";
import type { EntityReference } from "./types.js";

const USERS = [0, 1].map((index) => ({ userUuid: `u${index}`, personUuid: `q${index}` }));
const PERSONS = [...USERS.map((user) => user.personUuid), ...Array.from({ length: 9 }, (_, index) => `x${index}`)];
/** Days before NOW; negative values are in the future. */
const age = ageInDays(400);
const interactions = interactionLists(PERSONS, { age, length: { minLength: 20, maxLength: 120 }, maximumAttendees: 5 });

describe("hydration with warmAt", () => {
  it("remembers for each pair with a later interaction exactly what a rescan at warmAt gives", () => {
    let warmed = 0;
    fc.assert(
      fc.property(interactions, age, (list, days) => {
        const warmAt = NOW - days * DAY;
        const state = stateOf("test", hydrateGraph({ interactions: list, internalUsers: USERS }, { warmAt }));
        const { halfLifeMilliseconds, parameters } = state;
        for (const record of state.records) {
          if (record === undefined) continue;
          record.neighbours.forEach((other, position) => {
            const edge = record.neighbourEdges[position]!;
            const view = state.edges.pastView(edge, warmAt);
            if (state.edges.anchorAt(edge) <= warmAt) {
              expect(view).toBeUndefined();
              return;
            }
            const upcoming = { nextAt: Infinity };
            const rescan = state.aggregate(record, state.record(other), halfLifeMilliseconds, parameters.audienceExponent, warmAt, upcoming);
            const { firstAt: _first, ...rescanned } = rescan;
            expect(view).toStrictEqual(rescanned);
            // It holds until the pair's next interaction, as a rescan's view would.
            expect(state.edges.pastView(edge, upcoming.nextAt - 1)).toStrictEqual(view);
            expect(state.edges.pastView(edge, upcoming.nextAt)).toBeUndefined();
            warmed += 1;
          });
        }
      }),
      { numRuns: 200 },
    );
    // The draws do reach pairs with interactions on both sides of warmAt.
    expect(warmed).toBeGreaterThan(100);
  });

  it("ranks as a cold hydration does", async () => {
    const targets: EntityReference[] = PERSONS.map((uuid) => ({ entity: "person", uuid }));
    await fc.assert(
      fc.asyncProperty(interactions, age, age, async (list, warmDays, askedDays) => {
        const cold = hydrateGraph({ interactions: list, internalUsers: USERS });
        const warm = await hydrateGraphAsync({ interactions: list, internalUsers: USERS }, { warmAt: NOW - warmDays * DAY });
        for (const now of [NOW - warmDays * DAY, NOW - askedDays * DAY]) {
          const options = { now, maximumPathsPerItem: 3, maximumPriorityEntries: 3 };
          expect(recommendedPathsOfMany(warm, targets, options)).toEqual(recommendedPathsOfMany(cold, targets, options));
        }
      }),
      { numRuns: 100 },
    );
  });

  it("rejects a warmAt that is not a time", () => {
    expect(() => hydrateGraph({ interactions: [] }, { warmAt: Number.NaN })).toThrow(/hydrateGraph.*warmAt/);
    expect(() => hydrateGraph({ interactions: [] }, { warmAt: "now" as unknown as number })).toThrow(/warmAt/);
  });
});
