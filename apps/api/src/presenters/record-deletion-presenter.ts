/** An entry of the deletions log as the API shows it: which record is gone, when, why, and its place in the log. */
import { DELETED_ENTITY_TYPES, DELETION_REASONS, type RecordDeletion } from "@rapport/store";
import { z } from "zod";
import { epochMilliseconds } from "../platform/request/common-schemas.js";

export const recordDeletionSchema = z
  .object({
    sequence: z
      .number()
      .int()
      .describe(
        "The entry's place in the log: strictly increasing in the order the deletions were committed, never reused. Store the last one you processed and pass it as after_sequence on your next poll.",
      ),
    entity_type: z.enum(DELETED_ENTITY_TYPES).describe("What kind of record is gone (ENTITY_LIST: a list of GET /v1/lists; MEETING: a meeting of GET /v1/meetings; COMPANY: a company merged into another)."),
    uuid: z.string().describe("The uuid of the record that is gone: delete your copy of it (nothing to do if you never had it)."),
    deleted_at: epochMilliseconds("When it was deleted (a file, list or erased person: by the database's clock)."),
    reason: z
      .enum(DELETION_REASONS)
      .describe(
        "DELETED: deleted (an opportunity's sub-opportunities are listed too); MERGED: a person merged into merged_into_uuid, repoint what your copy links to it; ERASED: a person erased on a data subject's request, erase your copy too (only the uuid is kept).",
      ),
    merged_into_uuid: z
      .string()
      .nullable()
      .describe("With reason MERGED: the person it was merged into (who may be merged later in turn, listed further on); otherwise null."),
  })
  .describe("A record that is gone: an opportunity, note, task, file, entity list, meeting, or a person merged away or erased.");

export function presentRecordDeletion(deletion: RecordDeletion): z.input<typeof recordDeletionSchema> {
  return {
    sequence: deletion.sequence,
    entity_type: deletion.entity_type,
    uuid: deletion.uuid,
    deleted_at: deletion.deleted_at,
    reason: deletion.reason,
    merged_into_uuid: deletion.merged_into_uuid,
  };
}
