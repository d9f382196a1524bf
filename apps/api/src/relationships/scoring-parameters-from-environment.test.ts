import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { ConfigurationError } from "../platform/environment/configuration-error.js";
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

  it("reports a value the graph refuses as a configuration error quoting the graph's message", () => {
    const invalid = join(folder, "refused.json");
    writeFileSync(invalid, JSON.stringify({ halfLifeDays: -1 }));
    const thrown = caught(() => scoringParametersFromEnvironment({ RAPPORT_SCORING_PARAMETERS: invalid }));
    expect(thrown).toBeInstanceOf(ConfigurationError);
    const message = (thrown as Error).message;
    expect(message.startsWith(`RAPPORT_SCORING_PARAMETERS (${invalid}): resolveScoringParameters: expecting "parameters.halfLifeDays" to be `)).toBe(true);
    expect(message.endsWith(' but got "-1".')).toBe(true);
  });

  it("lets any other error of the graph through as it is: a bug, not a configuration error", () => {
    const valid = join(folder, "valid.json");
    writeFileSync(valid, JSON.stringify({ halfLifeDays: 30 }));
    const bug = new TypeError("Cannot read properties of undefined (reading 'strengthThresholds')");
    const buggyResolver = () => {
      throw bug;
    };
    expect(caught(() => scoringParametersFromEnvironment({ RAPPORT_SCORING_PARAMETERS: valid }, buggyResolver))).toBe(bug);
  });
});

/** What `run` throws (or undefined). */
function caught(run: () => unknown): unknown {
  try {
    run();
  } catch (error) {
    return error;
  }
  return undefined;
}
