/** @module The pieces the store's call shapes are built of (zod schemas), and `callShape`, which names each argument. */
import { SORT_ORDERS } from "@rapport/graph";
import { z } from "zod";
import { ACTIVITY_ITEM_KINDS } from "../activity-records.js";
import { ENTITY_TYPES } from "../deal-records.js";

/** The arguments of one repository call: their names (for messages), their schemas, and one schema checking them all. */
export interface CallShape {
  names: readonly string[];
  parameters: readonly z.ZodType[];
  schema: z.ZodType;
}

/**
 * The shape of a call taking these arguments, in order; a trailing `.optional()` argument may be left out, and
 * arguments past the last are ignored.
 *
 * @example
 * const get = callShape(["tenantUuid", identifier], ["personUuid", identifier]);
 */
export function callShape(...parameters: ReadonlyArray<readonly [string, z.ZodType]>): CallShape {
  const schemas = parameters.map(([, schema]) => schema);
  return {
    names: parameters.map(([name]) => name),
    parameters: schemas,
    schema: z.tuple(schemas as [z.ZodType, ...z.ZodType[]]).rest(z.unknown()),
  };
}

/** A uuid, key, message id or any other string that names something: only its type is checked. */
export const identifier = z.string();
/** Several identifiers (a batch of uuids), each a string. */
export const identifiers = z.array(identifier);
/** Epoch milliseconds (a finite number). */
export const instant = z.number();
/**
 * When an email was sent or a meeting starts or ends: epoch milliseconds a Date holds (within ±8.64e15 of 1970), the
 * times the tenant's graph takes. A stored time beyond them was refused by every later load of the graph.
 */
export const interactionTime = z.number().min(-8.64e15).max(8.64e15);
/** A list's direction, one of `SORT_ORDERS`. */
export const sortOrder = z.enum(SORT_ORDERS);
/** Who reads: a user, or null for a tenant-wide call. */
export const viewer = z.strictObject({ user_uuid: identifier.nullable() });
/** A record of the deal workspace or the contacts, by type and uuid. */
export const entityReference = z.strictObject({ type: z.enum(ENTITY_TYPES), uuid: identifier });
/** An email or a meeting. */
export const activityKind = z.enum(ACTIVITY_ITEM_KINDS);
/** A function argument (a callback). */
export const callback = z.custom<(...values: never[]) => unknown>((value) => typeof value === "function", "expected a function");
/** Free-form data (an OAuth payload, a JWK, one item of a batch the repository checks item by item): any object. */
export const record = () => z.looseObject({});

/** Where a page starts: an offset (a whole number of rows) or the sort-key values of the row before it. */
const pagePosition = z.discriminatedUnion("kind", [
  z.strictObject({ kind: z.literal("offset"), offset: z.number().int().nonnegative() }),
  z.strictObject({ kind: z.literal("after"), key: z.array(z.union([z.string(), z.number(), z.null()])) }),
]);

/** The fields of every `PageRequest`: `position` and a `limit` of one row or more. */
export const pageFields = { position: pagePosition, limit: z.number().int().min(1) };
/** A bare `PageRequest` (a timeline's, a list's members'). */
export const pageRequest = z.strictObject(pageFields);
