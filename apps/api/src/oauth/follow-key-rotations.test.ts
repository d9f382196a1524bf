/** A server rebuilt when, and only when, the stored key set's generation changes. */
import { describe, expect, it } from "vitest";
import { followKeyRotations } from "./follow-key-rotations.js";

function fixture() {
  let generation: string | null = null;
  let builds = 0;
  let failNext = false;
  const current = followKeyRotations({
    async build() {
      builds++;
      if (failNext) {
        failNext = false;
        throw new Error("database busy");
      }
      return { built: builds, generation };
    },
    readGeneration: async () => generation,
  });
  return {
    current,
    builds: () => builds,
    rotate(to: string) {
      generation = to;
    },
    failNextBuild() {
      failNext = true;
    },
  };
}

describe("followKeyRotations", () => {
  it("builds once while the generation holds, and again once it changes", async () => {
    const { current, builds, rotate } = fixture();
    const first = await current();
    expect(await current()).toBe(first);
    expect(builds()).toBe(1);
    rotate("kid-2");
    const second = await current();
    expect(second).toEqual({ built: 2, generation: "kid-2" });
    expect(await current()).toBe(second);
    expect(builds()).toBe(2);
  });

  it("shares one build among concurrent callers", async () => {
    const { current, builds } = fixture();
    const [a, b, c] = await Promise.all([current(), current(), current()]);
    expect(a).toBe(b);
    expect(b).toBe(c);
    expect(builds()).toBe(1);
  });

  it("retries a failed build at the next call instead of keeping the failure", async () => {
    const { current, builds, rotate, failNextBuild } = fixture();
    await current();
    rotate("kid-2");
    failNextBuild();
    await expect(current()).rejects.toThrow("database busy");
    expect(await current()).toEqual({ built: 3, generation: "kid-2" });
    expect(builds()).toBe(3);
  });
});
