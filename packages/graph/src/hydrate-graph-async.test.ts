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
});
