/** @module Row handling shared by hydrateGraph and hydrateGraphAsync. */
import { invalidArgument } from "./errors.js";
import type { GraphState } from "./graph-state.js";
import { normalizeInteraction } from "./normalize-interaction.js";
import { requireObject, requireUuid } from "./validate.js";

/**
 * Returns `value` when it can be iterated (with `for await` when `allowAsync`), else throws.
 * @example requireRows("hydrateGraph", "interactions", [], false); // []
 */
export function requireRows(functionName: string, name: string, value: unknown, allowAsync: boolean): Iterable<unknown> | AsyncIterable<unknown> {
  const iterable =
    typeof value === "object" &&
    value !== null &&
    (typeof (value as Iterable<unknown>)[Symbol.iterator] === "function" ||
      (allowAsync && typeof (value as AsyncIterable<unknown>)[Symbol.asyncIterator] === "function"));
  if (!iterable) throw invalidArgument(functionName, `"${name}" to be ${allowAsync ? "an iterable or async iterable" : "an iterable"}`, value);
  return value as Iterable<unknown> | AsyncIterable<unknown>;
}

/**
 * Marks one `{ userUuid, personUuid }` row as internal.
 * @example hydrateInternalUser("hydrateGraph", state, { userUuid: "user-ada", personUuid: "ada" });
 */
export function hydrateInternalUser(functionName: string, state: GraphState, row: unknown): void {
  const user = requireObject(functionName, "internalUsers[]", row);
  state.markInternal(requireUuid(functionName, "internalUsers[].personUuid", user.personUuid), requireUuid(functionName, "internalUsers[].userUuid", user.userUuid));
}

/**
 * Records one `{ personUuid, companyUuid, current? }` row, skipping past affiliations.
 * @example hydrateAffiliation("hydrateGraph", state, { personUuid: "dana", companyUuid: "acme" });
 */
export function hydrateAffiliation(functionName: string, state: GraphState, row: unknown): void {
  const affiliation = requireObject(functionName, "affiliations[]", row);
  if (affiliation.current === false) return;
  state.setAffiliation(
    requireUuid(functionName, "affiliations[].personUuid", affiliation.personUuid),
    requireUuid(functionName, "affiliations[].companyUuid", affiliation.companyUuid),
  );
}

/**
 * Stores and indexes one interaction row of a bulk load (a repeated id replaces the earlier row).
 * @example hydrateInteraction("hydrateGraph", state, { id: "e1", kind: "email", occurredAt: 0, senderUuid: "ada", recipientUuids: ["cleo"] });
 */
export function hydrateInteraction(functionName: string, state: GraphState, row: unknown): void {
  state.update(normalizeInteraction(functionName, row));
}
