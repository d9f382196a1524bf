/** GET /v1/lists: the tenant's entity lists, each with its kind. */
import { ENTITY_LIST_KINDS, ENTITY_LIST_SORT_FIELDS } from "@rapport/store";
import { z } from "zod";
import { defineOperation } from "../../operations/operation.js";
import { listEnvelopeSchema } from "../../platform/listing/list-envelope.js";
import { cursorCodecFor } from "../../platform/listing/cursor-codec-for-store.js";
import { cursorListQuery, sortOrderParameter } from "../../platform/listing/list-parameters.js";
import { listPage } from "../../platform/listing/list-page.js";
import { isoBoundQuery } from "../../platform/request/date-schemas.js";
import { entityListSchema, presentEntityList } from "../../presenters/entity-list-presenter.js";

const NAME_ORDER_CHANGED =
  "cursor no longer valid: lists are listed alphabetically by name since this version (accents no longer sort after z), so the scan's place moved; start the scan again without cursor";

export const listEntityLists = defineOperation({
  operationId: "listEntityLists",
  method: "get",
  path: "/v1/lists",
  area: "Entity List",
  summary: "List entity lists",
  description:
    "Lists the tenant's entity lists by name (or by change time with sort_by=updated_at), each with its kind (companies or persons) and member count. Every member of the tenant sees every list; only the owner or an administrator may modify one. " +
    "To keep a copy: note the watermark (sort_by=updated_at&order=desc&per_page=1, its updated_at), read the lists following next_cursor, then poll with updated_after set to the watermark, next time to the watermark noted again just before that poll (not the largest updated_at a poll saw: a record written behind its position would be missed), and re-read the members of the lists it brings. A list's updated_at moves on a rename and on every membership change (a merge or erasure included); deleted lists are in GET /v1/deletions.",
  query: cursorListQuery.extend({
    kind: z.enum(ENTITY_LIST_KINDS).optional().describe("Only lists of this kind."),
    sort_by: z
      .enum(ENTITY_LIST_SORT_FIELDS)
      .default("name")
      .describe("The order's column (then uuid); name ignores case and accents. updated_at with order=desc and per_page=1 gives the newest change time: a sync's watermark."),
    order: sortOrderParameter("asc"),
    updated_after: isoBoundQuery("Only lists renamed or whose members changed at or after this instant.", "start").optional(),
  }),
  response: listEnvelopeSchema(entityListSchema),
  async handler({ query, auth, services }) {
    const { page, per_page, cursor, kind, sort_by, order, updated_after } = query;
    return listPage({
      paging: { page, per_page, cursor },
      // The name order ignores case since 2026-12-05: a cursor of the case-sensitive order before it holds a name
      // as written, which would misplace the page, so it is refused as another scan's. It is alphabetical (accents and
      // every letter's case aside) since 2026-12-07: a cursor of the case-folded order is refused, saying why.
      query: { operation: "listEntityLists", tenant: auth.tenant.uuid, kind, sort_by, order, updated_after, ...(sort_by === "name" ? { name_order: "case-folded" } : {}) },
      ...(sort_by === "name" && { orderChange: { mark: { name_order: "alphabetical" }, refusal: NAME_ORDER_CHANGED } }),
      cursors: await cursorCodecFor(services.store),
      fetch: (request) =>
        services.store.entityLists.list(auth.tenant.uuid, { ...request, ...(kind ? { kind } : {}), sort_by, order, ...(updated_after === undefined ? {} : { updated_after }) }),
      present: (lists) => lists.map(presentEntityList),
    });
  },
});
