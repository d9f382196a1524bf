/** The body shared by the two recommended-paths batch endpoints. */
import { SORT_ORDERS } from "@rapport/graph";
import { z } from "zod";
import { uuidRecordsOf } from "../../platform/request/common-schemas.js";
import { UUID_PATTERN } from "../../platform/request/uuid-pattern.js";
import { pathSortParameter } from "./path-sort-parameter.js";
import { CONNECTORS_PER_CONTACT_DESCRIPTION } from "./per-item-query.js";
import {
  BATCH_PATHS_PER_ITEM,
  CONNECTORS_PER_CONTACT_LIMIT,
  BATCH_PRIORITY_ENTRIES_LIMIT,
  PATHS_PER_ITEM,
  PRIORITY_ENTRIES_LIMIT,
  TOP_EXTERNAL_CONTACTS_LIMIT,
} from "../../relationships/recommended-path-limits.js";

/** Targets (persons or companies) a batch names at most. */
export const MAX_BATCH_TARGETS = 100;

/** Items per target a batch body may ask for (`limit`). */
export const MAX_BATCH_LIMIT = 100;

/** Items per target when a batch body gives no `limit` (the specification's default). */
export const DEFAULT_BATCH_LIMIT = 25;

/** A batch's targets: persons' or companies' UUIDs. */
export function targetUuids(entity: "Person" | "Company") {
  const uuid = z.string().regex(UUID_PATTERN, "must be a UUID");
  uuidRecordsOf.add(uuid, { records: entity === "Person" ? "person" : "company" });
  return z
    .array(uuid.transform((value) => value.toLowerCase()))
    .min(1)
    .max(MAX_BATCH_TARGETS)
    .describe(`${entity} UUIDs, 1 to ${MAX_BATCH_TARGETS}; unknown ones get empty results without failing the batch.`);
}

export const pathBatchFields = {
  include_items: z
    .boolean()
    .default(true)
    .describe("Effective on the company batch only: false skips items, keeping top_external_contacts and total."),
  limit: z
    .number()
    .int()
    .min(1)
    .max(MAX_BATCH_LIMIT)
    .default(DEFAULT_BATCH_LIMIT)
    .describe(`Top contacts (items) per target, 1-${MAX_BATCH_LIMIT}; default ${DEFAULT_BATCH_LIMIT}.`),
  sort_by: pathSortParameter,
  order: z.enum(SORT_ORDERS).default("desc").describe("Default desc: highest score first."),
  paths_per_item: z
    .number()
    .int()
    .min(0)
    .max(PATHS_PER_ITEM)
    .default(BATCH_PATHS_PER_ITEM)
    .describe(`Paths listed per item, strongest first, 0-${PATHS_PER_ITEM}; default ${BATCH_PATHS_PER_ITEM}. \`path_count\` still counts them all.`),
  priority_entries_per_item: z
    .number()
    .int()
    .min(0)
    .max(PRIORITY_ENTRIES_LIMIT)
    .default(BATCH_PRIORITY_ENTRIES_LIMIT)
    .describe(`priority_management entries per item, highest priority first, 0-${PRIORITY_ENTRIES_LIMIT}; default ${BATCH_PRIORITY_ENTRIES_LIMIT}.`),
};

/** The company batch's own field: how many of each company's `top_external_contacts` to list (persons have none). */
export const companyBatchFields = {
  top_external_contacts_limit: z
    .number()
    .int()
    .min(0)
    .max(TOP_EXTERNAL_CONTACTS_LIMIT)
    .default(TOP_EXTERNAL_CONTACTS_LIMIT)
    .describe(`top_external_contacts listed per company, strongest first, 0-${TOP_EXTERNAL_CONTACTS_LIMIT}; default ${TOP_EXTERNAL_CONTACTS_LIMIT}.`),
  connectors_per_contact: z.number().int().min(0).max(CONNECTORS_PER_CONTACT_LIMIT).optional().describe(CONNECTORS_PER_CONTACT_DESCRIPTION),
};
