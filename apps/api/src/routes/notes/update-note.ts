/** PATCH /v1/notes/{note_uuid}: changes title and content (owner or administrator). */
import { z } from "zod";
import { defineOperation } from "../../operations/operation.js";
import { memberWriteOf } from "../../platform/auth/auth-context.js";
import { viewerOf } from "../../platform/auth/viewer.js";
import { notFound } from "../../platform/errors/api-error.js";
import { noteSchema, presentNote } from "../../presenters/note-presenter.js";
import { loadNoteForChange, notePathParams } from "./note-access.js";
import { noteFields } from "./note-body.js";

export const updateNote = defineOperation({
  operationId: "updateNote",
  method: "patch",
  path: "/v1/notes/{note_uuid}",
  area: "Note",
  summary: "Update a note",
  description:
    "Writes only the fields present in the body. Only the note's owner or an administrator may change it: 403 for other users (the spec's rule for notes); 404 when it is not in the tenant.",
  params: notePathParams,
  body: z.object(noteFields).partial().strict(),
  response: noteSchema,
  errors: [403, 404],
  example: { body: { content: "Updated after the call." } },
  async handler({ params, body, auth, services }) {
    const note = await loadNoteForChange(services, auth, params.note_uuid);
    // The store checks the owner again in the write's transaction: a change of owner since this read is seen.
    const updated = await services.store.notes.update(auth.tenant.uuid, note.uuid, body, viewerOf(auth), memberWriteOf(auth));
    if (!updated) throw notFound(`note ${params.note_uuid} not found`);
    return presentNote(updated);
  },
});
