/** The two recommended-paths batch operations: up to 100 persons or companies in one call. */
import type { EntityReference } from "@rapport/graph";
import { z } from "zod";
import { defineOperation } from "../../operations/operation.js";
import type { AuthContext } from "../../platform/auth/auth-context.js";
import { recommendedPathsResponseSchema } from "../../presenters/recommended-paths-presenter.js";
import { streamedList } from "../../operations/streamed-list.js";
import {
  BATCH_HOP_ASSOCIATIONS_LIMIT,
  BATCH_PATHS_PER_ITEM,
  BATCH_PRIORITY_ENTRIES_LIMIT,
  BATCH_TARGETS_PER_PART,
  rankedPathsInParts,
  type RankedPaths,
} from "../../relationships/ranked-paths.js";
import { openRelationshipView } from "../../relationships/relationship-view.js";
import type { AppServices } from "../../services.js";
import { pathBatchFields, targetUuids } from "./path-batch-body.js";

interface BatchBody {
  uuids: string[];
  include_items: boolean;
  limit: number;
  sort_by: "score" | "name";
  order: "asc" | "desc";
}

async function batchResults(services: AppServices, auth: AuthContext, entity: EntityReference["entity"], body: BatchBody) {
  const view = await openRelationshipView(services, auth);
  const parts = rankedPathsInParts(
    services,
    auth,
    view,
    body.uuids.map((uuid) => ({ entity, uuid })),
    {
      sortBy: body.sort_by,
      order: body.order,
      limit: body.limit,
      includeItems: entity === "company" ? body.include_items : true,
      maximumPathsPerItem: BATCH_PATHS_PER_ITEM,
      maximumPriorityEntries: BATCH_PRIORITY_ENTRIES_LIMIT,
      hopAssociationsLimit: BATCH_HOP_ASSOCIATIONS_LIMIT,
    },
    BATCH_TARGETS_PER_PART,
  );
  return streamedList("results", responsesOf(parts, body.limit));
}

async function* responsesOf(parts: AsyncIterable<RankedPaths[]>, limit: number) {
  for await (const part of parts) {
    yield part.map((ranked) => ({
      target_uuid: ranked.target.uuid,
      target_name: ranked.target.name,
      target_logo_url: ranked.target.logo_url,
      items: ranked.items,
      page: 1,
      per_page: limit,
      total: ranked.total,
      has_more: ranked.total > ranked.items.length,
      next_cursor: null,
      top_external_contacts: ranked.top_external_contacts,
    }));
  }
}

const batchResponse = z.object({
  results: z.array(recommendedPathsResponseSchema).describe("One entry per input UUID, in input order."),
});

export const batchPersonRecommendedPaths = defineOperation({
  operationId: "batchPersonRecommendedPaths",
  method: "post",
  path: "/v1/persons/recommended-paths/batch",
  area: "Recommended paths",
  summary: "Recommended paths to many persons",
  description:
    "Recommended paths to up to 100 persons in one call: one recommended-paths response per input UUID, in input order, each with that target's total and its top `limit` items, each item listing its 3 strongest paths and 3 highest priority entries (`path_count` counts all; the single-target endpoint lists 10 of each). A person not found gets empty items and does not fail the batch. The answer is sent while it is computed, ten targets at a time (chunked): a failure after the first ten closes the connection before the body ends, so an answer that parses is whole.",
  body: z.object({ uuids: targetUuids("Person"), ...pathBatchFields }).strict(),
  response: batchResponse,
  example: { body: { uuids: ["06efa435-6c62-4cb7-9770-f221a0bcd7c6"], limit: 5 } },
  async handler({ body, auth, services }) {
    return batchResults(services, auth, "person", body);
  },
});

export const batchCompanyRecommendedPaths = defineOperation({
  operationId: "batchCompanyRecommendedPaths",
  method: "post",
  path: "/v1/companies/recommended-paths/batch",
  area: "Recommended paths",
  summary: "Recommended paths to many companies",
  description:
    "Recommended paths to up to 100 companies in one call, in input order. include_items=false skips the ranked items and returns only each company's top_external_contacts. Each item lists its 3 strongest paths and 3 highest priority entries (`path_count` counts all). A company not found gets empty results and does not fail the batch. The answer is sent while it is computed, ten targets at a time (chunked): a failure after the first ten closes the connection before the body ends, so an answer that parses is whole.",
  body: z.object({ uuids: targetUuids("Company"), ...pathBatchFields }).strict(),
  response: batchResponse,
  example: { body: { uuids: ["06efa435-6c62-4cb7-9770-f221a0bcd7c6"], include_items: false } },
  async handler({ body, auth, services }) {
    return batchResults(services, auth, "company", body);
  },
});
