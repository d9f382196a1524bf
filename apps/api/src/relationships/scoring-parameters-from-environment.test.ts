import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { scoringParametersFromEnvironment } from "./scoring-parameters-from-environment.js";

const folder = mkdtempSync(join(tmpdir(), "rapport-scoring-"));
afterAll(() => rmSync(folder, { recursive: true, force: true }));

describe("scoringParametersFromEnvironment", () => {
  it("uses the defaults without the variable and reads overrides from the named file", () => {
    expect(scoringParametersFromEnvironment({})).toBeUndefined();
    const path = join(folder, "scoring.json");
    writeFileSync(path, JSON.stringify({ halfLifeDays: 30 }));
    expect(scoringParametersFromEnvironment({ RAPPORT_SCORING_PARAMETERS: path })).toEqual({ halfLifeDays: 30 });
  });

  it("fails with one line naming the variable for a missing file, bad JSON, or a bad value", () => {
    const bad = join(folder, "bad.json");
    writeFileSync(bad, "{ not json");
    const invalid = join(folder, "invalid.json");
    writeFileSync(invalid, JSON.stringify({ halfLifeDays: -1 }));
    for (const path of [join(folder, "missing.json"), bad, invalid]) {
      expect(() => scoringParametersFromEnvironment({ RAPPORT_SCORING_PARAMETERS: path })).toThrow(/^RAPPORT_SCORING_PARAMETERS/);
    }
  });
});
