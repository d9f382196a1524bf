/** POST /v1/notes/{note_uuid}/associations: links a record to a note, idempotently (201 both times). */
import { defineOperation } from "../../operations/operation.js";
import { associationRecordSchema, presentAssociationRecord } from "../../presenters/association-presenter.js";
import { linkBodySchema, linkRecords } from "../associations/link-records.js";
import { loadNoteForChange, notePathParams } from "./note-access.js";

export const createNoteAssociation = defineOperation({
  operationId: "createNoteAssociation",
  method: "post",
  path: "/v1/notes/{note_uuid}/associations",
  area: "Note",
  summary: "Associate a record with a note",
  description:
    "Links a PERSON, COMPANY, FILE, TASK or OPPORTUNITY to the note (NOTE is refused with 400). Idempotent: a duplicate (made from either side) returns the existing association, still with status 201. " +
    "404 when the note or the target does not exist for the tenant; 403 for a user who is neither the note's owner nor an administrator.",
  params: notePathParams,
  body: linkBodySchema("NOTE"),
  successStatus: 201,
  response: associationRecordSchema,
  errors: [403, 404],
  idempotent: true,
  example: { body: { entity_type: "COMPANY", entity_uuid: "6f1c2a34-0000-4000-8000-000000000003" } },
  async handler({ params, body, auth, services }) {
    const note = await loadNoteForChange(services, auth, params.note_uuid);
    const result = await linkRecords(services, auth, { type: "NOTE", uuid: note.uuid }, body);
    return presentAssociationRecord(result.link);
  },
});
