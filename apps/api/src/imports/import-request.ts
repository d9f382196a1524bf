/**
 * @module
 * What an import is asked to do, the same over the command line and HTTP: the kind, the dry run,
 * the calendar window, bodies, and the CSV entity and column map.
 */
import type { ImportKind } from "@rapport/store";
import type { CsvEntity } from "./csv-entities.js";

export interface ImportRequest {
  kind: ImportKind;
  dryRun: boolean;
  /** mbox: keep plain-text bodies (headers only otherwise). */
  keepBodies: boolean;
  /** ics: window start and end, epoch ms (inclusive). */
  since: number;
  until: number;
  /** csv: persons or companies; guessed from the header when null. */
  entity: CsvEntity | null;
  /** csv: `--map` values, each "Header=field,Header=field". */
  map: string[];
  /**
   * The options the user named, on the command line or in the form, defaults aside: `since`, `until` and
   * `user_uuid` (the owner, passed beside the request) cannot be told from their defaults otherwise. One that
   * does not apply to the kind is refused (`checkOptionsApply`).
   */
  given?: readonly ImportOptionName[];
}

/** The import kinds each kind-specific option applies to, by its form field name. */
export const IMPORT_OPTION_KINDS = {
  // Whose mailbox or calendar it is: contacts and CRM rows have no owner.
  user_uuid: ["mbox", "ics"],
  keep_bodies: ["mbox"],
  since: ["ics"],
  until: ["ics"],
  entity: ["csv"],
  map: ["csv"],
} as const satisfies Record<string, readonly ImportKind[]>;
export type ImportOptionName = keyof typeof IMPORT_OPTION_KINDS;

/** The option as the command line spells it. */
const flagOf = (option: ImportOptionName) => (option === "user_uuid" ? "--user" : `--${option.replace("_", "-")}`);

/** The options `request` names: those in `given`, and those whose value is not the default. */
function namedOptions(request: ImportRequest): Set<ImportOptionName> {
  const named = new Set<ImportOptionName>(request.given ?? []);
  if (request.keepBodies) named.add("keep_bodies");
  if (request.entity !== null) named.add("entity");
  if (request.map.length > 0) named.add("map");
  return named;
}

/**
 * Refuses an option that does not apply to the request's kind (`entity` for an mbox, `keep_bodies` for a
 * calendar): a user who passes one expects it to act. Throws an ImportRequestError naming the option and the kind.
 *
 * @example
 * checkOptionsApply({ ...request, kind: "ics", keepBodies: true }); // throws: keep_bodies (--keep-bodies) applies to mbox imports only, not to ics
 */
export function checkOptionsApply(request: ImportRequest): void {
  for (const option of Object.keys(IMPORT_OPTION_KINDS) as ImportOptionName[]) {
    const kinds: readonly ImportKind[] = IMPORT_OPTION_KINDS[option];
    if (namedOptions(request).has(option) && !kinds.includes(request.kind)) {
      throw new ImportRequestError(`${option} (${flagOf(option)}) applies to ${kinds.join(", ")} imports only, not to ${request.kind}`);
    }
  }
}

/**
 * The default calendar window: the last 3 years to 6 months ahead of `now` (UTC), a day the month reached lacks
 * being its last: from 31 August to 28 (or 29) February, from 29 February back to 28 February.
 *
 * @example
 * defaultWindow(Date.UTC(2026, 7, 31)); // { since: Date.UTC(2023, 7, 31), until: Date.UTC(2027, 1, 28) }
 */
export function defaultWindow(now: number): { since: number; until: number } {
  return { since: monthsFrom(now, -36), until: monthsFrom(now, 6) };
}

/**
 * `time` moved by `months` calendar months (UTC), its day kept unless the month reached lacks it, then that month's
 * last. `Date`'s own setters roll the day over: 31 August plus 6 months was 3 March, and 29 February less 3 years 1 March.
 */
function monthsFrom(time: number, months: number): number {
  const moved = new Date(time);
  const day = moved.getUTCDate();
  moved.setUTCDate(1);
  moved.setUTCMonth(moved.getUTCMonth() + months);
  const lastDay = new Date(Date.UTC(moved.getUTCFullYear(), moved.getUTCMonth() + 1, 0)).getUTCDate();
  moved.setUTCDate(Math.min(day, lastDay));
  return moved.getTime();
}

/** A usage mistake in the request (bad map, window the wrong way round): reported before reading. */
export class ImportRequestError extends Error {
  override readonly name = "ImportRequestError";
}
