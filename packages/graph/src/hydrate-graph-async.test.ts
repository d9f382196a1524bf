import { describe, expect, it } from "vitest";
import { hydrateGraph } from "./hydrate-graph.js";
import { hydrateGraphAsync } from "./hydrate-graph-async.js";
import { recommendedPaths } from "./recommended-paths.js";
import { daysAgo, email, meeting, NOW } from "./testing/builders.js";
import type { Interaction } from "./types.js";

const interactions: Interaction[] = [
  email("ada", ["cleo", "dana"], daysAgo(2), "e1"),
  email("cleo", "dana", daysAgo(4), "e2"),
  meeting(["ben", "dana"], daysAgo(10), "m1"),
  email("", ["dana"], daysAgo(1), "e3"),
];
const internalUsers = [
  { userUuid: "user-ada", personUuid: "ada" },
  { userUuid: "user-ben", personUuid: "ben" },
];

async function* stream<T>(rows: readonly T[]): AsyncGenerator<T> {
  for (const row of rows) {
    await Promise.resolve();
    yield row;
  }
}

describe("hydrateGraphAsync", () => {
  it("builds from async streams the same graph hydrateGraph builds from arrays", async () => {
    const affiliations = [{ personUuid: "dana", companyUuid: "acme" }];
    const fromStreams = await hydrateGraphAsync({ interactions: stream(interactions), internalUsers: stream(internalUsers), affiliations: stream(affiliations) });
    const fromArrays = hydrateGraph({ interactions, internalUsers, affiliations });
    const target = { entity: "company", uuid: "acme" } as const;
    expect(recommendedPaths(fromStreams, target, { now: NOW })).toEqual(recommendedPaths(fromArrays, target, { now: NOW }));
    expect([fromStreams.edgeCount, fromStreams.interactionCount]).toEqual([fromArrays.edgeCount, fromArrays.interactionCount]);
  });

  it("accepts plain iterables too", async () => {
    expect((await hydrateGraphAsync({ interactions })).interactionCount).toBe(3);
  });

  it("rejects, naming itself, on a malformed row", async () => {
    await expect(hydrateGraphAsync({ interactions: stream([{ id: "x", kind: "fax", occurredAt: NOW }] as never) })).rejects.toThrow(
      'hydrateGraphAsync: expecting "interaction.kind" to be "email" or "meeting" but got "fax".',
    );
    await expect(hydrateGraphAsync({ interactions: 5 } as never)).rejects.toThrow(
      'hydrateGraphAsync: expecting "interactions" to be an iterable or async iterable but got "5".',
    );
  });

  it("rejects, naming itself, not the graph's constructor, on a bad parameter", async () => {
    await expect(hydrateGraphAsync({ interactions }, { parameters: { pathPowerTopCount: 0 } })).rejects.toThrow(
      'hydrateGraphAsync: expecting "parameters.pathPowerTopCount" to be an integer from 1 to 100 but got "0".',
    );
  });

  it("rejects an unknown input field, or a field that is null or no iterable, before reading any row", async () => {
    let affiliationsRead = 0;
    async function* countedAffiliations() {
      affiliationsRead += 1;
      yield { personUuid: "dana", companyUuid: "acme" };
    }
    await expect(hydrateGraphAsync({ interactions, internalUser: internalUsers } as never)).rejects.toThrow(
      'hydrateGraphAsync: expecting a known input field ("interactions", "internalUsers", "affiliations") but got "internalUser".',
    );
    await expect(hydrateGraphAsync({ interactions, affiliations: null } as never)).rejects.toThrow(
      'hydrateGraphAsync: expecting "affiliations" to be an iterable or async iterable but got "null".',
    );
    await expect(hydrateGraphAsync({ interactions: 5, affiliations: countedAffiliations() } as never)).rejects.toThrow(
      'hydrateGraphAsync: expecting "interactions" to be an iterable or async iterable but got "5".',
    );
    expect(affiliationsRead).toBe(0);
  });

  describe("with yieldControl", () => {
    // 12,000 emails between the two users and 1,500 other persons: several slices of each kind.
    const many: Interaction[] = Array.from({ length: 12_000 }, (_, index) =>
      email(index % 2 === 0 ? "ada" : "ben", [`person-${index % 1_500}`, `person-${(index * 7 + 1) % 1_500}`], daysAgo(1 + (index % 400)), `bulk-${index}`),
    );

    it("awaits it after every 1,000 rows read and between slices of the edge sweep, and builds the same graph", async () => {
      let allRead = false;
      async function* rows() {
        yield* many;
        allRead = true;
      }
      let whileReading = 0;
      let whileSweeping = 0;
      const yieldControl = async () => void (allRead ? whileSweeping++ : whileReading++);
      const sliced = await hydrateGraphAsync({ interactions: rows(), internalUsers }, { yieldControl });
      const whole = hydrateGraph({ interactions: many, internalUsers });
      expect(whileReading).toBe(12);
      // About 1,500 persons and 36,000 entries in their interaction lists: 3 slices of 10,000 units.
      expect(whileSweeping).toBe(3);
      expect([sliced.personCount, sliced.edgeCount, sliced.interactionCount]).toEqual([whole.personCount, whole.edgeCount, whole.interactionCount]);
      for (const uuid of ["person-0", "person-777", "person-1499"]) {
        const target = { entity: "person", uuid } as const;
        expect(recommendedPaths(sliced, target, { now: NOW })).toEqual(recommendedPaths(whole, target, { now: NOW }));
      }
    });

    it("lets other tasks run while a graph loads from rows that arrive at once; without it they wait", async () => {
      const loadWhileCounting = async (options: Parameters<typeof hydrateGraphAsync>[1]) => {
        let ranMeanwhile = false;
        setImmediate(() => {
          ranMeanwhile = true;
        });
        await hydrateGraphAsync({ interactions: many, internalUsers }, options);
        return ranMeanwhile;
      };
      expect(await loadWhileCounting({})).toBe(false);
      expect(await loadWhileCounting({ yieldControl: () => new Promise((resolve) => setImmediate(resolve)) })).toBe(true);
    });

    it("rejects, naming itself, when it is not a function", async () => {
      await expect(hydrateGraphAsync({ interactions }, { yieldControl: "soon" } as never)).rejects.toThrow(
        'hydrateGraphAsync: expecting "yieldControl" to be a function but got "soon".',
      );
    });
  });
});
