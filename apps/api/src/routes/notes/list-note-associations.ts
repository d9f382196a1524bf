/** GET /v1/notes/{note_uuid}/associations: the records a note is linked to. */
import { z } from "zod";
import { defineOperation } from "../../operations/operation.js";
import { associationRecordSchema, presentAssociationRecord } from "../../presenters/association-presenter.js";
import { loadNote, notePathParams } from "./note-access.js";

export const listNoteAssociations = defineOperation({
  operationId: "listNoteAssociations",
  method: "get",
  path: "/v1/notes/{note_uuid}/associations",
  area: "Note",
  summary: "List a note's associations",
  description: "Lists the records linked to the note, from either side, oldest first. 404 when the note is not in the tenant.",
  params: notePathParams,
  response: z.object({ items: z.array(associationRecordSchema), total: z.number().int().describe("Number of items.") }),
  errors: [404],
  async handler({ params, auth, services }) {
    const note = await loadNote(services, auth, params.note_uuid);
    return { items: note.associations.map(presentAssociationRecord), total: note.associations.length };
  },
});
