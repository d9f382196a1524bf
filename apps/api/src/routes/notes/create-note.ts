/** POST /v1/notes: a note owned by the calling user, linked to records. */
import { z } from "zod";
import { defineOperation } from "../../operations/operation.js";
import { viewerOf } from "../../platform/auth/viewer.js";
import { noteSchema, presentNote } from "../../presenters/note-presenter.js";
import { associationInput } from "../opportunities/opportunity-body.js";
import { checkNewLinks, linkableEntityType } from "../associations/link-records.js";
import { noteFields } from "./note-body.js";

export const createNote = defineOperation({
  operationId: "createNote",
  method: "post",
  path: "/v1/notes",
  area: "Note",
  summary: "Create a note",
  description:
    "Creates a note owned by the calling user (no owner for a tenant-wide key: then only administrators may change it), optionally linked to persons, companies, opportunities, files and tasks. 400 when a link target does not exist.",
  body: z
    .object({
      title: noteFields.title.optional(),
      content: noteFields.content,
      associations: z
        .array(associationInput.omit({ context: true }).extend({ entity_type: linkableEntityType("NOTE") }))
        .max(100)
        .optional()
        .describe("Records to link: PERSON, COMPANY, FILE, TASK or OPPORTUNITY (at most 100)."),
    })
    .strict(),
  successStatus: 201,
  response: noteSchema,
  example: { body: { content: "Met at the offsite; interested in the Series A.", associations: [{ entity_type: "PERSON", entity_uuid: "6f1c2a34-0000-4000-8000-000000000004" }] } },
  async handler({ body, auth, services }) {
    checkNewLinks("NOTE", body.associations ?? []);
    const note = await services.store.notes.create(
      { tenant_uuid: auth.tenant.uuid, title: body.title, content: body.content, owner_user_uuid: auth.user?.uuid ?? null, associations: body.associations },
      viewerOf(auth),
    );
    return presentNote(note);
  },
});
