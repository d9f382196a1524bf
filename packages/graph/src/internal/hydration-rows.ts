/** @module Row handling shared by hydrateGraph and hydrateGraphAsync. */
import { invalidArgument } from "./errors.js";
import type { GraphState } from "./graph-state.js";
import { AFFILIATION_FIELD_NAMES, INTERNAL_USER_FIELD_NAMES } from "./input-field-names.js";
import { normalizeInteraction } from "./normalize-interaction.js";
import { requireOptions, requireUuid } from "./validate.js";

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
  const user = requireOptions(functionName, row, INTERNAL_USER_FIELD_NAMES, { argumentName: "internalUsers[]", keyNoun: "internal user field" });
  state.markInternal(requireUuid(functionName, "internalUsers[].personUuid", user.personUuid), requireUuid(functionName, "internalUsers[].userUuid", user.userUuid));
}

/**
 * A hydration's current affiliations, gathered by company and then recorded company by company, the
 * companies with the most members first (in the order first seen among equals).
 *
 * A person gets its index when first seen, and the graph keeps its per-person state (records, edge bounds,
 * each person's edges, built by owner in index order) in that order in memory. Recorded as the rows come (in
 * the store's order: by person), a company's members are spread over the whole graph, and a company ranking,
 * which walks its members, waits on memory for each. Recorded by company, its members (seen first there) get
 * neighbouring indices and their state lies together. Measured at the benchmark's scale L (`bench/HISTORY.md`,
 * fifty-ninth session): a companies batch's ranking took about a fifth less time with the largest companies
 * first, and a persons batch's about the same; with the companies in the order first seen, the companies gained
 * less and the persons lost a little. No answer depends on the indices.
 *
 * @example
 * const gathered = new AffiliationsByCompany();
 * gathered.add("hydrateGraph", { personUuid: "dana", companyUuid: "acme" });
 * for (const [personUuid, companyUuid] of gathered.pairs()) state.setAffiliation(personUuid, companyUuid);
 */
export class AffiliationsByCompany {
  /** Per company, in the order companies were first seen: its members' uuids, in the order of their rows. */
  private readonly membersByCompany = new Map<string, string[]>();

  /** Checks one `{ personUuid, companyUuid, current? }` row and keeps it, skipping past affiliations. */
  add(functionName: string, row: unknown): void {
    // A misspelt `curent: false` would otherwise record a past affiliation as current.
    const affiliation = requireOptions(functionName, row, AFFILIATION_FIELD_NAMES, { argumentName: "affiliations[]", keyNoun: "affiliation field" });
    const current = affiliation.current;
    // A database's 0 or "false" would otherwise count as a current affiliation.
    if (current !== undefined && typeof current !== "boolean") {
      throw invalidArgument(functionName, '"affiliations[].current" to be true, false or left out', current);
    }
    if (current === false) return;
    const personUuid = requireUuid(functionName, "affiliations[].personUuid", affiliation.personUuid);
    const companyUuid = requireUuid(functionName, "affiliations[].companyUuid", affiliation.companyUuid);
    const members = this.membersByCompany.get(companyUuid);
    if (members === undefined) this.membersByCompany.set(companyUuid, [personUuid]);
    else members.push(personUuid);
  }

  /** The kept rows as (person, company), company by company, the largest first (a stable sort). */
  *pairs(): Generator<[personUuid: string, companyUuid: string], void, undefined> {
    const companies = [...this.membersByCompany].sort(([, first], [, second]) => second.length - first.length);
    for (const [companyUuid, members] of companies) for (const personUuid of members) yield [personUuid, companyUuid];
  }
}

/**
 * Stores and indexes one interaction row of a bulk load (a repeated id replaces the earlier row).
 * @example hydrateInteraction("hydrateGraph", state, { id: "e1", kind: "email", occurredAt: 0, senderUuid: "ada", recipientUuids: ["cleo"] });
 */
export function hydrateInteraction(functionName: string, state: GraphState, row: unknown): void {
  state.update(normalizeInteraction(functionName, row));
}
