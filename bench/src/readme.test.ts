/** Keeps the README's account of a run in step with the code: the groups `--only` takes, and each scale's HTTP loads. */
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { MEASUREMENT_GROUPS, SAMPLES } from "./run-benchmark.js";

const readme = readFileSync(new URL("../README.md", import.meta.url), "utf8").replace(/\s+/g, " ");

describe("README", () => {
  it("lists the measurement groups --only takes, in a run's order", () => {
    const listed = /`--only <groups\.\.\.>` runs some measurement groups and skips the rest \(([^)]*)\)/.exec(readme)?.[1] ?? "";
    expect([...listed.matchAll(/`([a-z-]+)`/g)].map((match) => match[1])).toEqual([...MEASUREMENT_GROUPS]);
  });

  it("gives each scale's HTTP load duration and rounds", () => {
    const seconds = /sets the load duration of each throughput measurement \(default (\d+(?:\.\d+)?) s at S, (\d+) s otherwise\)/.exec(readme);
    expect(seconds, "the --http-seconds default").not.toBeNull();
    expect([SAMPLES.S.httpSeconds, SAMPLES.M.httpSeconds, SAMPLES.L.httpSeconds]).toEqual([Number(seconds![1]), Number(seconds![2]), Number(seconds![2])]);
    const rounds = /take turns for rounds \(one at S, three at M, five at L\)/.test(readme);
    expect(rounds, "the rounds per scale").toBe(true);
    expect([SAMPLES.S.httpRounds, SAMPLES.M.httpRounds, SAMPLES.L.httpRounds]).toEqual([1, 3, 5]);
  });
});
