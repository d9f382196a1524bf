/** @module The error every public function throws for input it refuses. */

/**
 * Input that a function of this package refuses: a malformed argument, option or row (`recommendedPaths:
 * expecting "order" to be one of "asc", "desc" but got "up".`), or one that conflicts with the graph (an
 * interaction id that already exists, a merge of a person into itself). Any other error thrown by the package
 * is a bug in it, so a caller can answer this one as its user's mistake and the rest as a failure.
 *
 * @example
 * import { GraphInputError, recommendedPaths } from "@rapport/graph";
 * try {
 *   recommendedPaths(graph, target, { now: Date.now(), order: "up" as never });
 * } catch (error) {
 *   if (!(error instanceof GraphInputError)) throw error;
 *   error.functionName; // "recommendedPaths"
 *   error.value; // "up"
 * }
 */
export class GraphInputError extends Error {
  override readonly name = "GraphInputError";

  /**
   * @param functionName - The public function (or method) that refused the input; the message starts with it.
   * @param message - The whole message, `functionName: ...`.
   * @param value - The value refused, as given.
   */
  constructor(
    /** The public function (or method) that refused the input, e.g. `"hydrateGraph"`. */
    readonly functionName: string,
    message: string,
    /** The value refused, as given: the bad argument, option key or row field, or the conflicting id. */
    readonly value: unknown,
  ) {
    super(message);
  }
}
