/**
 * The deployment's scoring parameters: `RAPPORT_SCORING_PARAMETERS` names a JSON file of overrides
 * of `@rapport/graph`'s defaults (see docs/scoring.md), validated at start-up.
 */
import { readFileSync } from "node:fs";
import { GraphInputError, resolveScoringParameters, type ScoringParameterOverrides } from "@rapport/graph";
import { ConfigurationError } from "../platform/environment/configuration-error.js";

export const SCORING_PARAMETERS_VARIABLE = "RAPPORT_SCORING_PARAMETERS";

/**
 * The overrides the environment names, or undefined for the defaults. Throws a ConfigurationError (one clear line)
 * when they are unusable: the file cannot be read or parsed, or `resolve` (the graph's resolver, unless a test
 * gives another) refuses a value with a GraphInputError. Any other error `resolve` throws comes through as it is.
 */
export function scoringParametersFromEnvironment(
  environment: NodeJS.ProcessEnv,
  resolve: (overrides: ScoringParameterOverrides) => unknown = resolveScoringParameters,
): ScoringParameterOverrides | undefined {
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
    resolve(overrides as ScoringParameterOverrides);
  } catch (error) {
    // Only the graph refusing the overrides is bad configuration; any other error is a bug, not the operator's to fix.
    if (!(error instanceof GraphInputError)) throw error;
    throw new ConfigurationError(`${SCORING_PARAMETERS_VARIABLE} (${path}): ${error.message}`);
  }
  return overrides as ScoringParameterOverrides;
}
