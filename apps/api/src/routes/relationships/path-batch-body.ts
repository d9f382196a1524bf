/** The body shared by the two recommended-paths batch endpoints. */
import { z } from "zod";
import { UUID_PATTERN } from "../../platform/request/uuid-pattern.js";

export const MAX_BATCH_TARGETS = 100;

/** Items per target when a batch body gives no `limit` (the specification's default). */
export const DEFAULT_BATCH_LIMIT = 25;

export const targetUuids = (entity: string) =>
  z
    .array(z.string().regex(UUID_PATTERN, "must be a UUID").transform((value) => value.toLowerCase()))
    .min(1)
    .max(MAX_BATCH_TARGETS)
    .describe(`${entity} UUIDs, 1 to ${MAX_BATCH_TARGETS}; unknown ones get empty results without failing the batch.`);

export const pathBatchFields = {
  include_items: z
    .boolean()
    .default(true)
    .describe("Accepted everywhere; effective only on the company batch, where false skips items and keeps top_external_contacts."),
  limit: z
    .number()
    .int()
    .min(1)
    .max(100)
    .default(DEFAULT_BATCH_LIMIT)
    .describe(`Top contacts (items) per target, 1-100; default ${DEFAULT_BATCH_LIMIT}.`),
  sort_by: z.enum(["score", "name"]).default("score").describe("Rank by path strength (default) or by the internal user's name."),
  order: z.enum(["asc", "desc"]).default("desc").describe("Default desc: highest score first."),
};
