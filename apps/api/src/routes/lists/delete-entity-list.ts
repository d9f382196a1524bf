/** DELETE /v1/lists/{list_uuid}: deletes an entity list and its memberships (owner or administrator). */
import { z } from "zod";
import { defineOperation } from "../../operations/operation.js";
import { memberWriteOf } from "../../platform/auth/auth-context.js";
import { notFound } from "../../platform/errors/api-error.js";
import { uuidString } from "../../platform/request/common-schemas.js";
import { modifiableList } from "./modifiable-list.js";

export const deleteEntityList = defineOperation({
  operationId: "deleteEntityList",
  method: "delete",
  path: "/v1/lists/{list_uuid}",
  area: "Entity List",
  summary: "Delete an entity list",
  description:
    "Deletes an entity list and its memberships (the companies and persons themselves stay). Only its owner or an administrator may; anyone else gets 404. Answers 204.",
  params: z.object({ list_uuid: uuidString("The list's UUID.") }),
  successStatus: 204,
  errors: [404],
  async handler({ params, auth, services }) {
    await modifiableList(services, auth, params.list_uuid);
    if (!(await services.store.entityLists.delete(auth.tenant.uuid, params.list_uuid, memberWriteOf(auth)))) throw notFound(`list ${params.list_uuid} not found`);
    return undefined;
  },
});
