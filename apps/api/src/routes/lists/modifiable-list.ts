/**
 * The owner-or-administrator rule for entity lists: a caller who may not modify a list gets the
 * same 404 as for a list that does not exist, so a list's existence is not revealed (spec,
 * Authentication 5). The store checks it again in the write's transaction (`memberWriteOf`): an owner
 * changed since this read is seen.
 */
import type { EntityList } from "@rapport/store";
import { mayModify, type AuthContext } from "../../platform/auth/auth-context.js";
import { notFound } from "../../platform/errors/api-error.js";
import type { AppServices } from "../../services.js";

export async function modifiableList(services: AppServices, auth: AuthContext, listUuid: string): Promise<EntityList> {
  const list = await services.store.entityLists.get(auth.tenant.uuid, listUuid);
  if (!list || !mayModify(auth, list.owner_user_uuid)) throw notFound(`list ${listUuid} not found`);
  return list;
}
