/** GET /v1/users: the tenant's internal users, to find UUIDs for x-service-user-id. */
import { USER_SORT_FIELDS } from "@rapport/store";
import { z } from "zod";
import { defineOperation } from "../../operations/operation.js";
import { listEnvelopeSchema } from "../../platform/listing/list-envelope.js";
import { cursorCodecFor } from "../../platform/listing/cursor-codec-for-store.js";
import { cursorListQuery, sortOrderParameter } from "../../platform/listing/list-parameters.js";
import { listPage } from "../../platform/listing/list-page.js";
import { isoBoundQuery } from "../../platform/request/date-schemas.js";
import { presentUser, userSchema } from "../../presenters/user-presenter.js";

const NAME_ORDER_CHANGED =
  "cursor no longer valid: users are listed alphabetically by name since this version (accents no longer sort after z), so the scan's place moved; start the scan again without cursor";

export const listUsers = defineOperation({
  operationId: "listUsers",
  method: "get",
  path: "/v1/users",
  area: "Users",
  summary: "List internal users",
  description:
    "Lists the tenant's internal users, active and deactivated, ordered by name (or by change time with sort_by=updated_at). Use a user's uuid in the x-service-user-id header to act as that user. " +
    "To keep a copy: note the watermark (sort_by=updated_at&order=desc&per_page=1, its updated_at), read the list following next_cursor, then poll with updated_after set to the watermark, next time to the watermark noted again just before that poll (not the largest updated_at a poll saw: a record written behind its position would be missed). A user's updated_at moves when they are deactivated or reactivated, which changes the strongest_relationships and next meetings of every person and company they dealt with: re-read those (GET /v1/activity?person_uuid= with the user's person_uuid names them).",
  mcpDescription:
    "Lists the tenant's internal users, active and deactivated, ordered by name. With a tenant-wide key, an MCP client acts as one of them by sending that user's uuid in the x-service-user-id header of its MCP requests (set in the client's connection settings; a tool argument cannot).",
  query: cursorListQuery.extend({
    sort_by: z
      .enum(USER_SORT_FIELDS)
      .default("name")
      .describe("The order's column (then uuid). updated_at with order=desc and per_page=1 gives the newest change time: a sync's watermark."),
    order: sortOrderParameter("asc"),
    updated_after: isoBoundQuery("Only users changed at or after this instant (created, deactivated, reactivated, role changed, erased).", "start").optional(),
  }),
  response: listEnvelopeSchema(userSchema),
  async handler({ query, auth, services }) {
    const { page, per_page, cursor, sort_by, order, updated_after } = query;
    return listPage({
      paging: { page, per_page, cursor },
      query: { operation: "listUsers", tenant: auth.tenant.uuid, sort_by, order, updated_after },
      // A name cursor of an earlier release carries a place in the order before: refused, saying why.
      ...(sort_by === "name" && { orderChange: { mark: { name_order: "alphabetical" }, refusal: NAME_ORDER_CHANGED } }),
      cursors: await cursorCodecFor(services.store),
      fetch: (request) => services.store.users.list(auth.tenant.uuid, { ...request, sort_by, order, updated_after }),
      present: (users) => users.map(presentUser),
    });
  },
});
