/** GET /v1/lists: the tenant's entity lists, each with its kind. */
import { ENTITY_LIST_KINDS } from "@rapport/store";
import { z } from "zod";
import { defineOperation } from "../../operations/operation.js";
import { listEnvelopeSchema } from "../../platform/listing/list-envelope.js";
import { pagedListQuery } from "../../platform/listing/list-parameters.js";
import { listPage } from "../../platform/listing/list-page.js";
import { entityListSchema, presentEntityList } from "../../presenters/entity-list-presenter.js";

export const listEntityLists = defineOperation({
  operationId: "listEntityLists",
  method: "get",
  path: "/v1/lists",
  area: "Entity List",
  summary: "List entity lists",
  description:
    "Lists the tenant's entity lists by name, each with its kind (companies or persons) and member count. Every member of the tenant sees every list; only the owner or an administrator may modify one. Page-numbered (no cursor).",
  query: pagedListQuery.extend({
    kind: z.enum(ENTITY_LIST_KINDS).optional().describe("Only lists of this kind."),
  }),
  response: listEnvelopeSchema(entityListSchema),
  async handler({ query, auth, services }) {
    const { page, per_page, kind } = query;
    return listPage({
      paging: { page, per_page },
      query: { operation: "listEntityLists", tenant: auth.tenant.uuid, kind },
      cursors: null,
      fetch: (request) => services.store.entityLists.list(auth.tenant.uuid, { ...request, ...(kind ? { kind } : {}) }),
      present: (lists) => lists.map(presentEntityList),
    });
  },
});
