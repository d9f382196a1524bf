/**
 * @module
 * The slowest an import upload may arrive: `RAPPORT_IMPORT_MINIMUM_KIB_PER_SECOND` (default 10, averaged over each
 * 30 s; 0 for no minimum). Checked at start-up.
 */
import { DEFAULT_MINIMUM_UPLOAD_RATE, type MinimumUploadRate } from "../../imports/minimum-upload-rate.js";
import { wholeNumberVariable } from "./whole-number-variable.js";

export const IMPORT_MINIMUM_KIB_PER_SECOND_VARIABLE = "RAPPORT_IMPORT_MINIMUM_KIB_PER_SECOND";

/**
 * The import jobs' `minimumUploadRate` from `RAPPORT_IMPORT_MINIMUM_KIB_PER_SECOND`, over the default window; throws
 * one clear line when it is not a whole number of KiB/s from 0 to 102400 (100 MiB/s).
 * @example minimumUploadRateFromEnvironment({ RAPPORT_IMPORT_MINIMUM_KIB_PER_SECOND: "2" }); // { bytesPerSecond: 2048, windowMilliseconds: 30000 }
 */
export function minimumUploadRateFromEnvironment(environment: NodeJS.ProcessEnv): MinimumUploadRate {
  const kibPerSecond = wholeNumberVariable(environment, IMPORT_MINIMUM_KIB_PER_SECOND_VARIABLE, DEFAULT_MINIMUM_UPLOAD_RATE.bytesPerSecond / 1024, 102_400);
  return { bytesPerSecond: kibPerSecond * 1024, windowMilliseconds: DEFAULT_MINIMUM_UPLOAD_RATE.windowMilliseconds };
}
