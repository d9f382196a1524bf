/** GET /v1/notes/{note_uuid}: one note. */
import { defineOperation } from "../../operations/operation.js";
import { noteSchema, presentNote } from "../../presenters/note-presenter.js";
import { loadNote, notePathParams } from "./note-access.js";

export const getNote = defineOperation({
  operationId: "getNote",
  method: "get",
  path: "/v1/notes/{note_uuid}",
  area: "Note",
  summary: "Get a note",
  description: "Reads one note with its associations. 404 when it is not in the tenant.",
  params: notePathParams,
  response: noteSchema,
  errors: [404],
  async handler({ params, auth, services }) {
    return presentNote(await loadNote(services, auth, params.note_uuid));
  },
});
