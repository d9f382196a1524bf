/** DELETE /v1/lists/{list_uuid}/entities/{entity_uuid}: removes one member (owner or administrator). */
import { mergedAwayNote } from "@rapport/store";
import { z } from "zod";
import { defineOperation } from "../../operations/operation.js";
import { memberWriteOf } from "../../platform/auth/auth-context.js";
import { notFound } from "../../platform/errors/api-error.js";
import { uuidString } from "../../platform/request/common-schemas.js";
import { entityTypeOfKind } from "../../presenters/entity-list-presenter.js";
import { modifiableList } from "./modifiable-list.js";

export const removeEntityListEntity = defineOperation({
  operationId: "removeEntityListEntity",
  method: "delete",
  path: "/v1/lists/{list_uuid}/entities/{entity_uuid}",
  area: "Entity List",
  summary: "Remove a member from an entity list",
  description:
    "Removes one company or person from an entity list (the record itself stays). 404 when it is not a member, or when the caller is neither the list's owner nor an administrator. Answers 204.",
  params: z.object({
    list_uuid: uuidString("The list's UUID."),
    entity_uuid: uuidString("The member's UUID."),
  }),
  successStatus: 204,
  errors: [404],
  async handler({ params, auth, services }) {
    const list = await modifiableList(services, auth, params.list_uuid);
    const removed = await services.store.entityLists.removeMember(auth.tenant.uuid, list.uuid, params.entity_uuid, memberWriteOf(auth));
    if (!removed) {
      // A merge moved a merged-away member's memberships to the record it went into: say which one to remove.
      const kind = entityTypeOfKind(list.kind) === "PERSON" ? "person" : "company";
      const merges = kind === "person" ? services.store.personMerges : services.store.companyMerges;
      const note = mergedAwayNote(await merges.mergedInto(auth.tenant.uuid, params.entity_uuid), kind);
      throw notFound(`${params.entity_uuid} is not a member of list ${list.uuid}${note}`);
    }
    return undefined;
  },
});
