/**
 * The deployment's scoring parameters: `RAPPORT_SCORING_PARAMETERS` names a JSON file of overrides
 * of `@rapport/graph`'s defaults (see docs/scoring.md), validated at start-up.
 */
import { readFileSync } from "node:fs";
import { resolveScoringParameters, type ScoringParameterOverrides } from "@rapport/graph";
import { ConfigurationError } from "../platform/environment/configuration-error.js";

export const SCORING_PARAMETERS_VARIABLE = "RAPPORT_SCORING_PARAMETERS";

/** The overrides the environment names, or undefined for the defaults. Throws one clear line when they are unusable. */
export function scoringParametersFromEnvironment(environment: NodeJS.ProcessEnv): ScoringParameterOverrides | undefined {
  const path = environment[SCORING_PARAMETERS_VARIABLE]?.trim();
  if (!path) return undefined;
  let overrides: unknown;
  try {
    overrides = JSON.parse(readFileSync(path, "utf8"));
  } catch (error) {
    const reason = error instanceof Error ? error.message.split("\n")[0] : String(error);
    throw new ConfigurationError(`${SCORING_PARAMETERS_VARIABLE}: cannot read scoring parameters from ${path}: ${reason}`);
  }
  try {
    resolveScoringParameters(overrides as ScoringParameterOverrides);
  } catch (error) {
    throw new ConfigurationError(`${SCORING_PARAMETERS_VARIABLE} (${path}): ${error instanceof Error ? error.message : String(error)}`);
  }
  return overrides as ScoringParameterOverrides;
}
