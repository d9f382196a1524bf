/** @module The version of the REST contract Rapport implements, as the specification's "Versioning" section gives it. */

/**
 * The version of the API contract (the specification's "The current API version is v1.20.0", without the `v`): the
 * OpenAPI document's `info.version`, which describes the contract, not the release serving it (RAPPORT_VERSION,
 * which the MCP server's `serverInfo` and `rapport --version` give). Raised with the specification.
 *
 * @example
 * import { API_CONTRACT_VERSION } from "@rapport/api";
 * API_CONTRACT_VERSION; // "1.20.0"
 */
export const API_CONTRACT_VERSION = "1.20.0";
