/**
 * Keeps the defaults that docs/scoring.md and the README print equal to `defaultScoringParameters`: the
 * parameter table, the strength bands, and the README's list of defaults.
 */
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { connectionScore } from "./connection-score.js";
import { defaultScoringParameters } from "./scoring-parameters.js";
import { buildGraph, daysAgo, NOW, withEmail, withMeeting, type GraphStep } from "./testing/builders.js";

const scoringPage = readFileSync(new URL("../../../docs/scoring.md", import.meta.url), "utf8");
const readme = readFileSync(new URL("../README.md", import.meta.url), "utf8");

/** The lines of a page's section, from its `## title` heading to the next `## ` heading. */
function section(page: string, title: string): string[] {
  const lines = page.split("\n");
  const start = lines.indexOf(`## ${title}`);
  expect(start, `section "${title}"`).toBeGreaterThanOrEqual(0);
  const length = lines.slice(start + 1).findIndex((line) => line.startsWith("## "));
  return lines.slice(start + 1, length < 0 ? undefined : start + 1 + length);
}

/** `{ moderate: 0.25, strong: 0.5 }` or `halfLifeDays: 90` pairs as a flat record of numbers. */
function numbersIn(text: string): Record<string, number> {
  return Object.fromEntries([...text.matchAll(/(\w+): ([\d.]+)/g)].map((match) => [match[1], Number(match[2])]));
}

const { strengthThresholds, ...numericDefaults } = defaultScoringParameters;

describe("docs/scoring.md", () => {
  it("lists every parameter with the default of defaultScoringParameters", () => {
    const rows = section(scoringPage, "Parameters")
      .filter((line) => line.startsWith("| `"))
      .map((line) => line.split("|").map((cell) => cell.trim()));
    const documented = Object.fromEntries(rows.map(([, name, value]) => [name?.replaceAll("`", ""), value?.replaceAll("`", "")]));
    expect(Object.keys(documented).sort()).toEqual(Object.keys(defaultScoringParameters).sort());
    for (const [name, value] of Object.entries(numericDefaults)) expect(Number(documented[name]), name).toBe(value);
    expect(numbersIn(documented.strengthThresholds ?? "")).toEqual(strengthThresholds);
  });

  it("gives the saturation row's examples the scores the defaults give them", () => {
    const row = section(scoringPage, "Parameters").find((line) => line.startsWith("| `saturation`")) ?? "";
    const printed = [...row.matchAll(/≈ (\d+(?:\.\d+)?)/g)].map((match) => Number(match[1]));
    /** An email each way, `perDirection` times, every `everyDays` days over the last year. */
    const exchange = (everyDays: number, perDirection: number): GraphStep[] =>
      Array.from({ length: Math.round(365 / everyDays) }, (_, index) => daysAgo(index * everyDays)).flatMap((time) =>
        Array.from({ length: perDirection }, () => [withEmail("ada", "cleo", time), withEmail("cleo", "ada", time)]).flat(),
      );
    const scoreOf = (...steps: GraphStep[]) => connectionScore(buildGraph(...steps), "ada", "cleo", { now: NOW });
    const examples = [scoreOf(withEmail("ada", "cleo")), scoreOf(withMeeting(["ada", "cleo"])), scoreOf(...exchange(30, 1)), scoreOf(...exchange(30, 2)), scoreOf(...exchange(1, 1))];
    expect(printed).toEqual(examples.map((score) => Math.round(score * 100) / 100));
  });

  it("bands strength labels at the default thresholds, as the score is displayed (0 to 100)", () => {
    const bands = section(scoringPage, "Strength labels").filter((line) => /^\| `.*shown/.test(line));
    const [moderate, strong, veryStrong] = [strengthThresholds.moderate, strengthThresholds.strong, strengthThresholds.veryStrong].map((threshold) => Math.round(threshold * 100));
    expect(bands).toEqual([
      `| \`shown < ${moderate}\` | \`weak\` |`,
      `| \`${moderate} <= shown < ${strong}\` | \`moderate\` |`,
      `| \`${strong} <= shown < ${veryStrong}\` | \`strong\` |`,
      `| \`shown >= ${veryStrong}\` | \`very_strong\` |`,
    ]);
  });
});

describe("README", () => {
  it("lists the defaults of defaultScoringParameters", () => {
    const parameters = section(readme, "Scores and rankings").join("\n");
    const listed = parameters.slice(parameters.indexOf("- `defaultScoringParameters`"), parameters.indexOf("- `resolveScoringParameters"));
    expect(numbersIn(listed)).toEqual({ ...numericDefaults, ...strengthThresholds });
  });
});
