/**
 * @module
 * What the three association endpoints share: the allowed entity types per owner kind, the 404
 * for a missing target, and the idempotent link (a duplicate, in either direction, returns the
 * existing association).
 */
import { type AssociationOwnerType, type EntityType, type LinkResult } from "@rapport/store";
import { z } from "zod";
import { memberWriteOf, type AuthContext } from "../../platform/auth/auth-context.js";
import { viewerOf } from "../../platform/auth/viewer.js";
import { badRequest } from "../../platform/errors/api-error.js";
import { cutName } from "../../platform/errors/shown-name.js";
import { uuidString } from "../../platform/request/common-schemas.js";
import type { AppServices } from "../../services.js";
import { MAX_ASSOCIATION_CONTEXT_LENGTH } from "../../platform/request/field-limits.js";
import { nullableTextAsWritten } from "../../platform/request/field-schemas.js";

/** Entity types each owner kind may link to (spec: TASK→TASK is not allowed; notes link to no notes). */
export const LINKABLE: Record<AssociationOwnerType, readonly EntityType[]> = {
  OPPORTUNITY: ["PERSON", "COMPANY", "NOTE", "FILE", "TASK", "OPPORTUNITY"],
  NOTE: ["PERSON", "COMPANY", "FILE", "TASK", "OPPORTUNITY"],
  TASK: ["PERSON", "COMPANY", "NOTE", "FILE", "OPPORTUNITY"],
};

const OWNER_NAMES: Record<AssociationOwnerType, string> = { OPPORTUNITY: "an opportunity", NOTE: "a note", TASK: "a task" };

/** The association in a removal path. */
export const associationUuidParameter = uuidString("The association's UUID (from the association list or the record's associations).");

/**
 * The `entity_type` of a link from `ownerType`: only the kinds it may link to, so the documented enumeration (and an
 * MCP tool's) offers no kind the endpoint refuses; another kind is a 400 naming the allowed ones.
 */
export function linkableEntityType(ownerType: AssociationOwnerType) {
  const allowed = LINKABLE[ownerType].join(", ");
  // "person", an allowed kind in the wrong case, is told the value to send by the rule of every enumeration (case-meant.ts).
  const refused = (input: unknown) => {
    // The value is repeated cut (a body may carry a megabyte of it), and a blank one is called so.
    const sent = typeof input === "string" ? (input.trim() === "" ? "a blank entity_type" : `a ${cutName(input)}`) : cutName(JSON.stringify(input) ?? String(input));
    return `${OWNER_NAMES[ownerType]} cannot be associated with ${sent}: entity_type must be one of ${allowed}`;
  };
  return z
    .enum(LINKABLE[ownerType] as [EntityType, ...EntityType[]], {
      error: (issue) => (issue.input === undefined ? undefined : refused(issue.input)),
    })
    .describe(`Kind of the record to link, upper case: ${allowed}.`);
}

export function linkBodySchema(ownerType: AssociationOwnerType) {
  return z
    .object({
      entity_type: linkableEntityType(ownerType),
      entity_uuid: uuidString("The record's UUID."),
    })
    .strict();
}

/** The opportunity form, which also carries a context. */
export function linkBodyWithContextSchema(ownerType: AssociationOwnerType) {
  return linkBodySchema(ownerType)
    .extend({
      context: nullableTextAsWritten("Free text about the link, e.g. 'lead investor'. Optional.", MAX_ASSOCIATION_CONTEXT_LENGTH).optional(),
    })
    .strict();
}

/** Checks the entity type for the owner kind (400), then links (404 when either side does not exist). */
export async function linkRecords(
  services: AppServices,
  auth: AuthContext,
  owner: { type: AssociationOwnerType; uuid: string },
  target: { entity_type: EntityType; entity_uuid: string; context?: string | null | undefined },
): Promise<LinkResult> {
  if (!LINKABLE[owner.type].includes(target.entity_type)) {
    throw badRequest(
      `${OWNER_NAMES[owner.type]} cannot be associated with a ${target.entity_type}: entity_type must be one of ${LINKABLE[owner.type].join(", ")}`,
    );
  }
  if (target.entity_type === owner.type && target.entity_uuid === owner.uuid) {
    throw badRequest("a record cannot be associated with itself");
  }
  // The store checks that both sides exist (a NotFoundError, 404), and the owner rule of a note or opportunity again
  // (a ForbiddenError, 403), in the transaction that writes the link.
  return services.store.associations.link(
    auth.tenant.uuid,
    owner,
    { type: target.entity_type, uuid: target.entity_uuid, context: target.context ?? null },
    viewerOf(auth),
    memberWriteOf(auth),
  );
}

/**
 * Checks that every target of a new record's associations is of a kind the owner may link to (400 otherwise); the
 * store checks that they exist in the transaction that creates the record.
 */
export function checkNewLinks(ownerType: AssociationOwnerType, links: ReadonlyArray<{ entity_type: EntityType }>): void {
  for (const link of links) {
    if (!LINKABLE[ownerType].includes(link.entity_type)) {
      throw badRequest(`associations: ${OWNER_NAMES[ownerType]} cannot be associated with a ${link.entity_type}`);
    }
  }
}
