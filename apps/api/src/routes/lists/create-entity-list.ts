/** POST /v1/lists: creates an entity list owned by the calling user. */
import { ENTITY_LIST_KINDS } from "@rapport/store";
import { z } from "zod";
import { defineOperation } from "../../operations/operation.js";
import { entityListSchema, presentEntityList } from "../../presenters/entity-list-presenter.js";
import { listName } from "./list-name.js";

export const createEntityList = defineOperation({
  operationId: "createEntityList",
  method: "post",
  path: "/v1/lists",
  area: "Entity List",
  summary: "Create an entity list",
  description:
    "Creates an empty entity list of companies or of persons. The calling user owns it (a tenant-wide key without user context creates an unowned list, which only administrators and tenant-wide calls may modify). Answers 201 with the list.",
  body: z.strictObject({
    name: listName,
    kind: z.enum(ENTITY_LIST_KINDS).describe("What the list holds: companies or persons. Cannot change later."),
  }),
  successStatus: 201,
  response: entityListSchema,
  example: { body: { name: "Climate founders", kind: "persons" } },
  async handler({ body, auth, services }) {
    const list = await services.store.entityLists.create({
      tenant_uuid: auth.tenant.uuid,
      name: body.name,
      kind: body.kind,
      owner_user_uuid: auth.user?.uuid ?? null,
    });
    return presentEntityList(list);
  },
});
