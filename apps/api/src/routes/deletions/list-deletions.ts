/** GET /v1/deletions: the records of the tenant that are gone, in the order they went, for syncing clients. */
import { DELETED_ENTITY_TYPES, type DeletedEntityType } from "@rapport/store";
import { z } from "zod";
import { defineOperation } from "../../operations/operation.js";
import { viewerOf } from "../../platform/auth/viewer.js";
import { afterSequenceParameter } from "../../platform/listing/after-sequence-parameter.js";
import { cursorCodecFor } from "../../platform/listing/cursor-codec-for-store.js";
import { listEnvelopeSchema } from "../../platform/listing/list-envelope.js";
import { cursorListQuery } from "../../platform/listing/list-parameters.js";
import { listPage } from "../../platform/listing/list-page.js";
import { COMMA_SEPARATED, isoTimestampQuery } from "../../platform/request/common-schemas.js";
import { presentRecordDeletion, recordDeletionSchema } from "../../presenters/record-deletion-presenter.js";

/** Room for every entity type once, with commas and spaces. */
const MAX_ENTITY_TYPE_FILTER_LENGTH = 200;

const entityTypeList = z
  .string()
  .max(MAX_ENTITY_TYPE_FILTER_LENGTH, `at most ${MAX_ENTITY_TYPE_FILTER_LENGTH} characters`)
  .meta(COMMA_SEPARATED)
  .transform((value, context) => {
    const types = [...new Set(value.split(",").map((item) => item.trim()).filter(Boolean))];
    const bad = types.find((type) => !(DELETED_ENTITY_TYPES as readonly string[]).includes(type));
    if (bad !== undefined || types.length === 0) {
      context.addIssue({ code: "custom", message: `must be comma-separated values of ${DELETED_ENTITY_TYPES.join(", ")}` });
      return z.NEVER;
    }
    // One order whatever the order sent, so a cursor carries over a reordered filter as the same query.
    return DELETED_ENTITY_TYPES.filter((type) => types.includes(type)) as DeletedEntityType[];
  });

export const listDeletions = defineOperation({
  operationId: "listDeletions",
  method: "get",
  path: "/v1/deletions",
  area: "Activity",
  summary: "List the records that were deleted",
  description:
    "The tenant's records that are gone, in the order the deletions were committed (by sequence, oldest first), so a copy elsewhere can drop them without a full scan: opportunities (each sub-opportunity deleted with its parent too), notes, tasks, files, entity lists, meetings (every meeting GET /v1/meetings listed, cancelled ones included), persons merged into another (reason MERGED, with merged_into_uuid) and persons erased (reason ERASED, the uuid alone). Emails are not here: GET /v1/activity lists them with removed true (and a deleted meeting it had listed). " +
    "Poll like this: the first time, pass since (or nothing, for everything) and follow next_cursor until has_more is false; store the sequence of the last entry you processed; next time pass after_sequence with it and scan again. " +
    "Nothing deleted meanwhile is missed or listed twice, whichever process deleted it. A record is listed once; an erased person that was merged earlier comes again at a new sequence as ERASED. " +
    "A PERSONAL task's deletion is listed to its creator alone, as the task lists show it (not to a tenant-wide call). " +
    "A 410 means the operator pruned the log past your position: copy again, then poll after the sequence it names.",
  query: cursorListQuery.extend({
    entity_type: entityTypeList.optional().describe(`Only these kinds of record: comma-separated values of ${DELETED_ENTITY_TYPES.join(", ")}.`),
    since: isoTimestampQuery("Only records deleted at or after this instant.").optional(),
    after_sequence: afterSequenceParameter("Only entries whose sequence is greater than this: the sequence of the last entry your previous poll processed.").optional(),
  }),
  errors: [410],
  response: listEnvelopeSchema(recordDeletionSchema),
  example: { query: { after_sequence: "0", entity_type: "OPPORTUNITY,NOTE", per_page: "50" } },
  async handler({ query, auth, services }) {
    const { page, per_page, cursor, ...filters } = query;
    const viewer = viewerOf(auth);
    return listPage({
      paging: { page, per_page, cursor },
      // The user context is part of the query: a PERSONAL task's entry is one user's.
      query: { operation: "listDeletions", tenant: auth.tenant.uuid, user: viewer.user_uuid, filters },
      cursors: await cursorCodecFor(services.store),
      fetch: (request) =>
        services.store.deletions.list(auth.tenant.uuid, {
          ...request,
          entityTypes: filters.entity_type,
          deletedSince: filters.since,
          afterSequence: filters.after_sequence,
          viewer,
        }),
      present: (items) => items.map(presentRecordDeletion),
    });
  },
});
