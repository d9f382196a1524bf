/** GET /v1/users: the tenant's internal users, to find UUIDs for x-service-user-id. */
import { defineOperation } from "../../operations/operation.js";
import { listEnvelopeSchema } from "../../platform/listing/list-envelope.js";
import { pagedListQuery, sortOrderParameter } from "../../platform/listing/list-parameters.js";
import { listPage } from "../../platform/listing/list-page.js";
import { presentUser, userSchema } from "../../presenters/user-presenter.js";

export const listUsers = defineOperation({
  operationId: "listUsers",
  method: "get",
  path: "/v1/users",
  area: "Users",
  summary: "List internal users",
  description:
    "Lists the tenant's internal users, active and deactivated, ordered by name. Use a user's uuid in the x-service-user-id header to act as that user.",
  mcpDescription:
    "Lists the tenant's internal users, active and deactivated, ordered by name. With a tenant-wide key, an MCP client acts as one of them by sending that user's uuid in the x-service-user-id header of its MCP requests (set in the client's connection settings; a tool argument cannot).",
  query: pagedListQuery.extend({ order: sortOrderParameter("asc") }),
  response: listEnvelopeSchema(userSchema),
  async handler({ query, auth, services }) {
    const { page, per_page, order } = query;
    return listPage({
      paging: { page, per_page },
      query: { operation: "listUsers", order },
      cursors: null,
      fetch: (request) => services.store.users.list(auth.tenant.uuid, { ...request, order }),
      present: (users) => users.map(presentUser),
    });
  },
});
