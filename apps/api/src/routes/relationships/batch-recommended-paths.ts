/** The two recommended-paths batch operations: up to MAX_BATCH_TARGETS persons or companies in one call. */
import type { EntityKind, PathSortField, SortOrder } from "@rapport/graph";
import type { Context } from "hono";
import { z } from "zod";
import type { AppEnv } from "../../app-env.js";
import { defineOperation } from "../../operations/operation.js";
import type { AuthContext } from "../../platform/auth/auth-context.js";
import { recommendedPathsResponseSchema } from "../../presenters/recommended-paths-presenter.js";
import { SerializedItem, streamedList } from "../../operations/streamed-list.js";
import { rankedPathsInParts, type RankedPaths } from "../../relationships/ranked-paths.js";
import {
  BATCH_HOP_ASSOCIATIONS_LIMIT,
  BATCH_TARGETS_PER_PART,
  PATHS_PER_ITEM,
  PRIORITY_ENTRIES_LIMIT,
  TOP_EXTERNAL_CONTACTS_LIMIT,
} from "../../relationships/recommended-path-limits.js";
import { openRelationshipView } from "../../relationships/relationship-view.js";
import type { AppServices } from "../../services.js";
import { keptTargetAnswers, type KeptTargetAnswers } from "./kept-target-answers.js";
import { DEFAULT_RESPONSE_CACHE_SECONDS, RESPONSE_CACHE_SECONDS_VARIABLE } from "../../platform/response-cache/response-cache-from-environment.js";
import { companyBatchFields, MAX_BATCH_TARGETS, pathBatchFields, targetUuids } from "./path-batch-body.js";

interface BatchBody {
  uuids: string[];
  include_items: boolean;
  limit: number;
  sort_by: PathSortField;
  order: SortOrder;
  paths_per_item: number;
  priority_entries_per_item: number;
  /** The company batch's only. */
  top_external_contacts_limit?: number;
  connectors_per_contact?: number | undefined;
}

/** What besides the target shapes one target's answer: the kept answers' settings. */
const settingsOf = (body: BatchBody, includeItems: boolean, contactsLimit: number) =>
  `limit=${body.limit} sort_by=${body.sort_by} order=${body.order} include_items=${includeItems} paths_per_item=${body.paths_per_item} priority_entries_per_item=${body.priority_entries_per_item} top_external_contacts_limit=${contactsLimit} connectors_per_contact=${body.connectors_per_contact ?? "all"}`;

async function batchResults(services: AppServices, context: { auth: AuthContext; http: Context<AppEnv> }, operationId: string, entity: EntityKind, body: BatchBody) {
  const { auth, http } = context;
  const includeItems = entity === "company" ? body.include_items : true;
  const contactsLimit = body.top_external_contacts_limit ?? TOP_EXTERNAL_CONTACTS_LIMIT;
  const kept = keptTargetAnswers(services, auth, operationId, settingsOf(body, includeItems, contactsLimit), http.req.header("cache-control"));
  const found = new Map<string, Uint8Array>();
  for (const uuid of body.uuids) {
    const bytes = found.has(uuid) ? undefined : kept.find(uuid);
    if (bytes !== undefined) found.set(uuid, bytes);
  }
  const view = await openRelationshipView(services, auth);
  const parts = rankedPathsInParts(
    services,
    auth,
    view,
    body.uuids.filter((uuid) => !found.has(uuid)).map((uuid) => ({ entity, uuid })),
    {
      sortBy: body.sort_by,
      order: body.order,
      limit: body.limit,
      includeItems,
      maximumPathsPerItem: body.paths_per_item,
      maximumPriorityEntries: body.priority_entries_per_item,
      topExternalContactsLimit: contactsLimit,
      connectorsPerContact: body.connectors_per_contact,
      hopAssociationsLimit: BATCH_HOP_ASSOCIATIONS_LIMIT,
    },
    BATCH_TARGETS_PER_PART,
  );
  return streamedList("results", answersInInputOrder(body.uuids, found, parts, kept, body.limit));
}

/** One target's recommended-paths response, as the batch lists it. */
const targetResponse = (ranked: RankedPaths, limit: number) => ({
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
});

/**
 * The answers in the order of `uuids`, `BATCH_TARGETS_PER_PART` at a time: a kept one as it was sent, the
 * others serialized as they are ranked (`parts` ranks exactly the targets not kept, in the same order) and
 * kept for the batches that follow.
 */
async function* answersInInputOrder(
  uuids: readonly string[],
  found: ReadonlyMap<string, Uint8Array>,
  parts: AsyncIterator<RankedPaths[]>,
  kept: KeptTargetAnswers,
  limit: number,
) {
  // Ranked and not yet listed: at most one part's worth, so the batch never holds the whole answer.
  const ranked: SerializedItem[] = [];
  let part: SerializedItem[] = [];
  for (const uuid of uuids) {
    const bytes = found.get(uuid);
    if (bytes !== undefined) {
      part.push(new SerializedItem(bytes));
    } else {
      while (ranked.length === 0) {
        const produced = await parts.next();
        if (produced.done) throw new Error("recommended-paths batch: fewer answers ranked than targets asked (internal inconsistency)");
        for (const answer of produced.value) {
          // Kept and sent as text: the ring and the part's bytes each encode it once, with no buffer between.
          const serialized = JSON.stringify(targetResponse(answer, limit));
          kept.keep(answer.target.uuid, serialized);
          ranked.push(new SerializedItem(serialized));
        }
      }
      part.push(ranked.shift()!);
    }
    if (part.length === BATCH_TARGETS_PER_PART) {
      yield part;
      part = [];
    }
  }
  if (part.length > 0) yield part;
}

const batchResponse = z.object({
  results: z.array(recommendedPathsResponseSchema).describe("One entry per input UUID, in input order."),
});

/** What a batch body may ask of each item, in the words of both descriptions. */
const ENTRIES_PER_ITEM_CHOICE =
  PATHS_PER_ITEM === PRIORITY_ENTRIES_LIMIT
    ? `\`paths_per_item\` and \`priority_entries_per_item\` ask for 0 to ${PATHS_PER_ITEM}`
    : `\`paths_per_item\` asks for 0 to ${PATHS_PER_ITEM}, \`priority_entries_per_item\` for 0 to ${PRIORITY_ENTRIES_LIMIT}`;

/** What the single-target endpoints list per item, for the person batch's description. */
const SINGLE_TARGET_ENTRIES =
  PATHS_PER_ITEM === PRIORITY_ENTRIES_LIMIT ? `${PATHS_PER_ITEM} of each` : `${PATHS_PER_ITEM} paths and ${PRIORITY_ENTRIES_LIMIT} priority entries`;

/** How a target's answer is kept, in the words of both descriptions. */
const KEPT_ANSWERS = `A target's answer is kept like a cached read's: a later batch naming it within ${RESPONSE_CACHE_SECONDS_VARIABLE} (default ${DEFAULT_RESPONSE_CACHE_SECONDS}), while the tenant's data holds still, gets it as it was`;

/** The last sentences of both REST descriptions: how answers are kept and sent. */
const KEPT_AND_STREAMED =
  `${KEPT_ANSWERS}; \`Cache-Control: no-cache\` ranks every target afresh. ` +
  `The answer is sent while it is computed, ${BATCH_TARGETS_PER_PART} targets at a time (chunked): a failure after the first ${BATCH_TARGETS_PER_PART} closes the connection before the body ends, so an answer that parses is whole.`;

/**
 * The same for the MCP tools: a tool call sends no request headers of its own, and the MCP bridge reads the
 * streamed answer whole, so a failure partway through is a tool error (see tool-request).
 */
const KEPT_AND_STREAMED_FOR_TOOLS =
  `A target named again within ${RESPONSE_CACHE_SECONDS_VARIABLE} (default ${DEFAULT_RESPONSE_CACHE_SECONDS}), while the tenant's data holds still, gets its kept answer: a tool call cannot ask for a fresh ranking. ` +
  "A failure partway through is a tool error with nothing of the answer: call the tool again.";

/** The parts of the person batch's description before the sentences on kept and sent answers. */
const PERSON_BATCH_TEXT = `Recommended paths to up to ${MAX_BATCH_TARGETS} persons in one call: one recommended-paths response per input UUID, in input order, each with that target's total and its top \`limit\` items, each item listing its strongest path and its highest priority entry (${ENTRIES_PER_ITEM_CHOICE}; \`path_count\` counts all; the single-target endpoint lists ${SINGLE_TARGET_ENTRIES}). A person not found gets empty items and does not fail the batch.`;

const COMPANY_BATCH_TEXT = `Recommended paths to up to ${MAX_BATCH_TARGETS} companies in one call, in input order. include_items=false skips the ranked items and returns each company's top_external_contacts, with total (and has_more) still counting the team members who reach it. Each item lists its strongest path and its highest priority entry (${ENTRIES_PER_ITEM_CHOICE}; \`path_count\` counts all); \`top_external_contacts_limit\` (0 to ${TOP_EXTERNAL_CONTACTS_LIMIT}, default ${TOP_EXTERNAL_CONTACTS_LIMIT}) bounds the contacts, most of a company's answer. A company not found gets empty results and does not fail the batch.`;

export const batchPersonRecommendedPaths = defineOperation({
  operationId: "batchPersonRecommendedPaths",
  method: "post",
  readOnly: true,
  path: "/v1/persons/recommended-paths/batch",
  area: "Recommended paths",
  summary: "Recommended paths to many persons",
  description: `${PERSON_BATCH_TEXT} ${KEPT_AND_STREAMED}`,
  mcpDescription: `${PERSON_BATCH_TEXT} ${KEPT_AND_STREAMED_FOR_TOOLS}`,
  body: z.object({ uuids: targetUuids("Person"), ...pathBatchFields }).strict(),
  response: batchResponse,
  example: { body: { uuids: ["06efa435-6c62-4cb7-9770-f221a0bcd7c6"], limit: 5 } },
  async handler({ body, auth, services, http }) {
    return batchResults(services, { auth, http }, "batchPersonRecommendedPaths", "person", body);
  },
});

export const batchCompanyRecommendedPaths = defineOperation({
  operationId: "batchCompanyRecommendedPaths",
  method: "post",
  readOnly: true,
  path: "/v1/companies/recommended-paths/batch",
  area: "Recommended paths",
  summary: "Recommended paths to many companies",
  description: `${COMPANY_BATCH_TEXT} ${KEPT_AND_STREAMED}`,
  mcpDescription: `${COMPANY_BATCH_TEXT} ${KEPT_AND_STREAMED_FOR_TOOLS}`,
  body: z.object({ uuids: targetUuids("Company"), ...pathBatchFields, ...companyBatchFields }).strict(),
  response: batchResponse,
  example: { body: { uuids: ["06efa435-6c62-4cb7-9770-f221a0bcd7c6"], include_items: false } },
  async handler({ body, auth, services, http }) {
    return batchResults(services, { auth, http }, "batchCompanyRecommendedPaths", "company", body);
  },
});
