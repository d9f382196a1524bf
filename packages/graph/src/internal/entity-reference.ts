/** @module Validation of `{ entity, uuid }` arguments. */
import { ENTITY_KINDS, type EntityReference } from "../types.js";
import { requireObject, requireOneOf, requireUuid } from "./validate.js";

/**
 * Returns a validated `{ entity, uuid }`, else throws naming `functionName`.
 * @example requireEntity("pathPower", { entity: "company", uuid: "acme" }); // { entity: "company", uuid: "acme" }
 */
export function requireEntity(functionName: string, value: unknown): EntityReference {
  const reference = requireObject(functionName, "entity reference", value);
  return {
    entity: requireOneOf(functionName, "entity", reference.entity, ENTITY_KINDS),
    uuid: requireUuid(functionName, "uuid", reference.uuid),
  };
}
