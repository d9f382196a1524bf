/** GET /v1/lists/{list_uuid}/entities: the member UUIDs of an entity list, in the order they were added (one call's as sent). */
import { z } from "zod";
import { defineOperation } from "../../operations/operation.js";
import { notFound } from "../../platform/errors/api-error.js";
import { listEnvelopeSchema } from "../../platform/listing/list-envelope.js";
import { cursorCodecFor } from "../../platform/listing/cursor-codec-for-store.js";
import { cursorListQuery } from "../../platform/listing/list-parameters.js";
import { listPage } from "../../platform/listing/list-page.js";
import { uuidString } from "../../platform/request/common-schemas.js";
import { entityListMemberSchema, presentEntityListMember } from "../../presenters/entity-list-presenter.js";

export const listEntityListEntities = defineOperation({
  operationId: "listEntityListEntities",
  method: "get",
  path: "/v1/lists/{list_uuid}/entities",
  area: "Entity List",
  summary: "List the members of an entity list",
  description:
    "Returns the member UUIDs of an entity list in the order added (as sent); follow next_cursor to read a long list whose members change meanwhile. To hydrate a page call GET /v1/companies?uuids=... or GET /v1/persons?uuids=... with the same per_page, chosen by the list's kind. 404 when the list is not in the tenant.",
  params: z.object({ list_uuid: uuidString("The list's UUID.") }),
  query: cursorListQuery,
  response: listEnvelopeSchema(entityListMemberSchema),
  errors: [404],
  async handler({ params, query, auth, services }) {
    const list = await services.store.entityLists.get(auth.tenant.uuid, params.list_uuid);
    if (!list) throw notFound(`list ${params.list_uuid} not found`);
    return listPage({
      paging: { page: query.page, per_page: query.per_page, cursor: query.cursor },
      // `order` binds cursors to the order of store migration 0079: one of the (added_at, uuid) order before is a 400.
      query: { operation: "listEntityListEntities", tenant: auth.tenant.uuid, list: list.uuid, order: "position" },
      cursors: await cursorCodecFor(services.store),
      fetch: (request) => services.store.entityLists.members(auth.tenant.uuid, list.uuid, request),
      present: (members) => members.map((member) => presentEntityListMember(list.kind, member)),
    });
  },
});
