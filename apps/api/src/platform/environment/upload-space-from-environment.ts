/**
 * @module
 * The bytes all import uploads of one server may take on disk at once: `RAPPORT_IMPORT_UPLOADS_MIB` (default 1024).
 * Checked at start-up.
 */
import { DEFAULT_UPLOAD_SPACE_BYTES } from "../../imports/upload-space.js";
import { wholeNumberVariable } from "./whole-number-variable.js";

export const IMPORT_UPLOADS_MIB_VARIABLE = "RAPPORT_IMPORT_UPLOADS_MIB";

/** Fewest MiB: one upload of the 100 MiB limit, which a chunked upload (no Content-Length) holds while it arrives. */
const MINIMUM_MIB = 100;

/**
 * The import jobs' `uploadSpaceBytes` from `RAPPORT_IMPORT_UPLOADS_MIB`; throws one clear line when it is not a whole
 * number of MiB from 100 to 1048576 (1 TiB).
 * @example uploadSpaceBytesFromEnvironment({ RAPPORT_IMPORT_UPLOADS_MIB: "2048" }); // 2147483648
 */
export function uploadSpaceBytesFromEnvironment(environment: NodeJS.ProcessEnv): number {
  return wholeNumberVariable(environment, IMPORT_UPLOADS_MIB_VARIABLE, DEFAULT_UPLOAD_SPACE_BYTES / 2 ** 20, 2 ** 20, MINIMUM_MIB) * 2 ** 20;
}
