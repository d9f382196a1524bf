/** DELETE /v1/notes/{note_uuid}: deletes a note and its links (owner or administrator). */
import { defineOperation } from "../../operations/operation.js";
import { memberWriteOf } from "../../platform/auth/auth-context.js";
import { notFound } from "../../platform/errors/api-error.js";
import { loadNoteForChange, notePathParams } from "./note-access.js";

export const deleteNote = defineOperation({
  operationId: "deleteNote",
  method: "delete",
  path: "/v1/notes/{note_uuid}",
  area: "Note",
  summary: "Delete a note",
  description:
    "Deletes the note and its associations (the linked records stay). Only the owner or an administrator: 403 for other users; 404 when it is not in the tenant. 204 on success.",
  params: notePathParams,
  successStatus: 204,
  errors: [403, 404],
  async handler({ params, auth, services }) {
    const note = await loadNoteForChange(services, auth, params.note_uuid);
    // The store checks the owner again in the deletion's transaction.
    if (!(await services.store.notes.delete(auth.tenant.uuid, note.uuid, memberWriteOf(auth)))) throw notFound(`note ${params.note_uuid} not found`);
    return undefined;
  },
});
