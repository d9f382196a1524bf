/** GET /v1/notes: notes, newest first, optionally only those linked to one record. */
import { ENTITY_TYPES } from "@rapport/store";
import { z } from "zod";
import { defineOperation } from "../../operations/operation.js";
import { viewerOf } from "../../platform/auth/viewer.js";
import { badRequest } from "../../platform/errors/api-error.js";
import { listEnvelopeSchema } from "../../platform/listing/list-envelope.js";
import { cursorCodecFor } from "../../platform/listing/cursor-codec-for-store.js";
import { cursorListQuery, sortOrderParameter } from "../../platform/listing/list-parameters.js";
import { listPage } from "../../platform/listing/list-page.js";
import { uuidString } from "../../platform/request/common-schemas.js";
import { isoBoundQuery } from "../../platform/request/date-schemas.js";
import { noteSchema, presentNote } from "../../presenters/note-presenter.js";
import { refuseMergedAwayPersonFilter } from "../persons/merged-away-person-filter.js";
import { refuseMergedAwayCompanyFilter } from "../companies/merged-away-company-filter.js";

export const listNotes = defineOperation({
  operationId: "listNotes",
  method: "get",
  path: "/v1/notes",
  area: "Note",
  summary: "List notes",
  description:
    "Lists the tenant's notes by creation time (newest first by default) or, with sort_by=updated_at, by change time. With entity_type and entity_uuid (both or neither), only notes linked to that record, from either side. " +
    "To keep a copy: note the watermark (sort_by=updated_at&order=desc&per_page=1, its updated_at), scan with cursor, then poll with updated_after set to the watermark, next time to the watermark noted again just before that poll (not the largest updated_at a poll saw: a record written behind its position would be missed). A note's updated_at moves when it is edited and when its links change (a link made or removed from either side, a linked record deleted, a linked person merged or erased); deleted notes are in GET /v1/deletions.",
  query: cursorListQuery.extend({
    entity_type: z.enum(ENTITY_TYPES).optional().describe("With entity_uuid: only notes linked to this kind of record."),
    entity_uuid: uuidString("With entity_type: only notes linked to this record.").optional(),
    sort_by: z.enum(["created_at", "updated_at"]).default("created_at").describe("The time the list is ordered by (then uuid). updated_at with order=desc and per_page=1 gives the newest change time: a sync's watermark."),
    order: sortOrderParameter("desc"),
    updated_after: isoBoundQuery("Only notes updated at or after this instant (edited, or their links changed).", "start").optional(),
  }),
  response: listEnvelopeSchema(noteSchema),
  async handler({ query, auth, services }) {
    const { page, per_page, cursor, entity_type, entity_uuid, sort_by, order, updated_after } = query;
    if ((entity_type === undefined) !== (entity_uuid === undefined)) {
      throw badRequest("send entity_type and entity_uuid together, or neither");
    }
    if (entity_type === "PERSON") await refuseMergedAwayPersonFilter(services, auth.tenant.uuid, entity_uuid, "entity_uuid");
    if (entity_type === "COMPANY") await refuseMergedAwayCompanyFilter(services, auth.tenant.uuid, entity_uuid, "entity_uuid");
    const entity = entity_type && entity_uuid ? { type: entity_type, uuid: entity_uuid } : undefined;
    const viewer = viewerOf(auth);
    return listPage({
      paging: { page, per_page, cursor },
      // The user context is part of the query: the links a note shows depend on it (another user's PERSONAL task).
      query: { operation: "listNotes", tenant: auth.tenant.uuid, user: viewer.user_uuid, entity, sort_by, order, updated_after },
      cursors: await cursorCodecFor(services.store),
      fetch: (request) => services.store.notes.list(auth.tenant.uuid, { ...request, entity, sort_by, order, updated_after, viewer }),
      present: (notes) => notes.map(presentNote),
    });
  },
});
