/** PUT /v1/lists/{list_uuid}: renames an entity list or hands it to another owner (owner or administrator). */
import { z } from "zod";
import { defineOperation } from "../../operations/operation.js";
import { memberWriteOf } from "../../platform/auth/auth-context.js";
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
  summary: "Rename an entity list or change its owner",
  description:
    "Renames an entity list and/or gives it another owner (an active user; 400 otherwise), e.g. a leaver's. Only its owner or an administrator may; anyone else gets 404, as for a list that does not exist, so that its existence is not revealed.",
  params: z.object({ list_uuid: uuidString("The list's UUID.") }),
  body: z
    .strictObject({
      name: listName.optional(),
      owner_user_uuid: uuidString("The new owner: a user's or their person's UUID; null for none.").nullable().optional(),
    })
    .refine((value) => Object.keys(value).length > 0, "send at least one field to change"),
  response: entityListSchema,
  errors: [404],
  example: { body: { name: "Climate founders (2026)" } },
  async handler({ params, body, auth, services }) {
    await modifiableList(services, auth, params.list_uuid);
    const list = await services.store.entityLists.update(auth.tenant.uuid, params.list_uuid, body, memberWriteOf(auth));
    if (!list) throw notFound(`list ${params.list_uuid} not found`);
    return presentEntityList(list);
  },
});
