/** DELETE /v1/notes/{note_uuid}/associations/{association_uuid}: unlinks a record from a note. */
import { defineOperation } from "../../operations/operation.js";
import { memberWriteOf } from "../../platform/auth/auth-context.js";
import { viewerOf } from "../../platform/auth/viewer.js";
import { notFound } from "../../platform/errors/api-error.js";
import { associationUuidParameter } from "../associations/link-records.js";
import { loadNoteForChange, notePathParams } from "./note-access.js";

export const deleteNoteAssociation = defineOperation({
  operationId: "deleteNoteAssociation",
  method: "delete",
  path: "/v1/notes/{note_uuid}/associations/{association_uuid}",
  area: "Note",
  summary: "Remove a note association",
  description:
    "Removes the link (both records stay). Owner or administrator only (403); 404 when the note has no such association. A PERSON or COMPANY link that an opportunity's pinning requires is never a note's, so this never hits pinning. 204 on success.",
  params: notePathParams.extend({ association_uuid: associationUuidParameter }),
  successStatus: 204,
  errors: [403, 404],
  async handler({ params, auth, services }) {
    const note = await loadNoteForChange(services, auth, params.note_uuid);
    // The store checks the owner again in the removal's transaction.
    if (!(await services.store.associations.unlink(auth.tenant.uuid, "NOTE", note.uuid, params.association_uuid, viewerOf(auth), memberWriteOf(auth)))) {
      throw notFound(`association ${params.association_uuid} of note ${note.uuid} not found`);
    }
    return undefined;
  },
});
