/** The entity list and its members as the API shows them. */
import { ENTITY_LIST_KINDS, type EntityList, type EntityListKind, type EntityListMember } from "@rapport/store";
import { z } from "zod";
import { epochMilliseconds } from "../platform/request/common-schemas.js";

export const entityListSchema = z
  .object({
    uuid: z.string(),
    name: z.string(),
    kind: z.enum(ENTITY_LIST_KINDS).describe("What the list holds: hydrate members with GET /v1/companies?uuids= or GET /v1/persons?uuids=."),
    owner_user_uuid: z.string().nullable().describe("The user who owns the list; null when created by a tenant-wide key without user context."),
    member_count: z.number().int().describe("How many entities the list holds."),
    created_at: epochMilliseconds("Creation time."),
    updated_at: epochMilliseconds("Last rename or membership change."),
  })
  .describe("An entity list: a named collection of companies or persons.");

/** The entity types a list member can have: the two of the store's `ENTITY_TYPES` that lists hold. */
export const LIST_ENTITY_TYPES = ["PERSON", "COMPANY"] as const;
export type ListEntityType = (typeof LIST_ENTITY_TYPES)[number];

export const entityTypeOfKind = (kind: EntityListKind): ListEntityType => (kind === "companies" ? "COMPANY" : "PERSON");

export const entityListMemberSchema = z
  .object({
    entity_uuid: z.string().describe("A company or person UUID, per the list's kind."),
    entity_type: z.enum(LIST_ENTITY_TYPES),
    added_at: epochMilliseconds("When it was added."),
  })
  .describe("A member of an entity list.");

export function presentEntityList(list: EntityList): z.input<typeof entityListSchema> {
  return {
    uuid: list.uuid,
    name: list.name,
    kind: list.kind,
    owner_user_uuid: list.owner_user_uuid,
    member_count: list.member_count,
    created_at: list.created_at,
    updated_at: list.updated_at,
  };
}

export function presentEntityListMember(kind: EntityListKind, member: EntityListMember): z.input<typeof entityListMemberSchema> {
  return { entity_uuid: member.entity_uuid, entity_type: entityTypeOfKind(kind), added_at: member.added_at };
}
