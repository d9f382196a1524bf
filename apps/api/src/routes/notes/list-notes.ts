/** GET /v1/notes: notes, newest first, optionally only those linked to one record. */
import { ENTITY_TYPES } from "@rapport/store";
import { z } from "zod";
import { defineOperation } from "../../operations/operation.js";
import { viewerOf } from "../../platform/auth/viewer.js";
import { badRequest } from "../../platform/errors/api-error.js";
import { listEnvelopeSchema } from "../../platform/listing/list-envelope.js";
import { pagedListQuery, sortOrderParameter } from "../../platform/listing/list-parameters.js";
import { listPage } from "../../platform/listing/list-page.js";
import { uuidString } from "../../platform/request/common-schemas.js";
import { noteSchema, presentNote } from "../../presenters/note-presenter.js";

export const listNotes = defineOperation({
  operationId: "listNotes",
  method: "get",
  path: "/v1/notes",
  area: "Note",
  summary: "List notes",
  description:
    "Lists the tenant's notes by creation time (newest first by default). With entity_type and entity_uuid (both or neither), only notes linked to that record, from either side. Page-numbered (no cursor).",
  query: pagedListQuery.extend({
    entity_type: z.enum(ENTITY_TYPES).optional().describe("With entity_uuid: only notes linked to this kind of record."),
    entity_uuid: uuidString("With entity_type: only notes linked to this record.").optional(),
    order: sortOrderParameter("desc"),
  }),
  response: listEnvelopeSchema(noteSchema),
  async handler({ query, auth, services }) {
    const { page, per_page, entity_type, entity_uuid, order } = query;
    if ((entity_type === undefined) !== (entity_uuid === undefined)) {
      throw badRequest("send entity_type and entity_uuid together, or neither");
    }
    const entity = entity_type && entity_uuid ? { type: entity_type, uuid: entity_uuid } : undefined;
    return listPage({
      paging: { page, per_page },
      query: { operation: "listNotes", entity, order },
      cursors: null,
      fetch: (request) => services.store.notes.list(auth.tenant.uuid, { ...request, entity, order, viewer: viewerOf(auth) }),
      present: (notes) => notes.map(presentNote),
    });
  },
});
