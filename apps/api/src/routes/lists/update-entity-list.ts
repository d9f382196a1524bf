/** PUT /v1/lists/{list_uuid}: renames an entity list (owner or administrator). */
import { z } from "zod";
import { defineOperation } from "../../operations/operation.js";
import { notFound } from "../../platform/errors/api-error.js";
import { uuidString } from "../../platform/request/common-schemas.js";
import { entityListSchema, presentEntityList } from "../../presenters/entity-list-presenter.js";
import { listName } from "./list-name.js";
import { modifiableList } from "./modifiable-list.js";

export const updateEntityList = defineOperation({
  operationId: "updateEntityList",
  method: "put",
  path: "/v1/lists/{list_uuid}",
  area: "Entity List",
  summary: "Rename an entity list",
  description:
    "Renames an entity list. Only its owner or an administrator may; anyone else gets 404, as for a list that does not exist, so that its existence is not revealed.",
  params: z.object({ list_uuid: uuidString("The list's UUID.") }),
  body: z.strictObject({ name: listName }),
  response: entityListSchema,
  errors: [404],
  example: { body: { name: "Climate founders (2026)" } },
  async handler({ params, body, auth, services }) {
    await modifiableList(services, auth, params.list_uuid);
    const list = await services.store.entityLists.rename(auth.tenant.uuid, params.list_uuid, body.name);
    if (!list) throw notFound(`list ${params.list_uuid} not found`);
    return presentEntityList(list);
  },
});
