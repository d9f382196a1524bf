/**
 * @module
 * The counts a batch response carries beside its results (`created`, `errors`, ...): how many results
 * have each status, computed and documented the same way by every batch operation.
 */
import { z } from "zod";

/**
 * How many of `results` have each status, under the response field that `fields` maps to it.
 *
 * @example
 * countBatchStatuses(results, { created: "CREATED", errors: "ERROR" }); // { created: 2, errors: 1 }
 */
export function countBatchStatuses<Field extends string, Status extends string>(
  results: readonly { status: Status }[],
  fields: Readonly<Record<Field, Status>>,
): Record<Field, number> {
  const counts = {} as Record<Field, number>;
  for (const [field, status] of Object.entries(fields) as [Field, Status][]) {
    counts[field] = results.filter((result) => result.status === status).length;
  }
  return counts;
}

/** The response schema of the count of results with `status`. */
export const batchStatusCountSchema = (status: string) => z.number().int().describe(`Items with status ${status}.`);
