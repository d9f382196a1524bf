/** POST /v1/lists/{list_uuid}/entities: adds companies or persons to an entity list (owner or administrator). */
import { z } from "zod";
import { defineOperation } from "../../operations/operation.js";
import { memberWriteOf } from "../../platform/auth/auth-context.js";
import { badRequest } from "../../platform/errors/api-error.js";
import { uuidString } from "../../platform/request/common-schemas.js";
import { MAX_LIST_ENTITIES_PER_CALL } from "../../platform/request/count-limits.js";
import { entityTypeOfKind, LIST_ENTITY_TYPES } from "../../presenters/entity-list-presenter.js";
import { modifiableList } from "./modifiable-list.js";

export const addEntityListEntities = defineOperation({
  operationId: "addEntityListEntities",
  method: "post",
  path: "/v1/lists/{list_uuid}/entities",
  area: "Entity List",
  summary: "Add members to an entity list",
  description:
    `Adds up to ${MAX_LIST_ENTITIES_PER_CALL} companies or persons to an entity list, all or nothing. entity_type must match the list's kind (COMPANY for a companies list, PERSON for a persons list), as must each entity, else 400; an entity that is not in the tenant is a 404 naming it. They are listed in the order sent. Adding a member twice changes nothing. Only the list's owner or an administrator may; anyone else gets 404.`,
  params: z.object({ list_uuid: uuidString("The list's UUID.") }),
  body: z.strictObject({
    entity_type: z.enum(LIST_ENTITY_TYPES).describe("COMPANY or PERSON: must match the list's kind."),
    entity_uuids: z
      .array(uuidString("A company or person UUID."))
      .min(1, "send at least one UUID")
      .max(MAX_LIST_ENTITIES_PER_CALL, `at most ${MAX_LIST_ENTITIES_PER_CALL} UUIDs per call`)
      .describe(`The entities to add, at most ${MAX_LIST_ENTITIES_PER_CALL}.`),
  }),
  response: z.object({
    added: z.number().int().describe("Entities that were not members before."),
    already_members: z.number().int().describe("Entities that were members already."),
    member_count: z.number().int().describe("The list's member count now."),
  }),
  errors: [404],
  idempotent: true,
  example: { body: { entity_type: "PERSON", entity_uuids: ["1b9d6bcd-bbfd-4b2d-9b5d-ab8dfbbd4bed"] } },
  async handler({ params, body, auth, services }) {
    const list = await modifiableList(services, auth, params.list_uuid);
    const expected = entityTypeOfKind(list.kind);
    if (body.entity_type !== expected) {
      throw badRequest(`list ${list.uuid} holds ${list.kind}: entity_type must be ${expected}, not ${body.entity_type}`);
    }
    const userUuid = auth.user?.uuid ?? null;
    const result = await services.store.entityLists.addMembers(auth.tenant.uuid, list.uuid, body.entity_uuids, userUuid, memberWriteOf(auth));
    const after = await services.store.entityLists.get(auth.tenant.uuid, list.uuid);
    return { ...result, member_count: after?.member_count ?? list.member_count + result.added };
  },
});
