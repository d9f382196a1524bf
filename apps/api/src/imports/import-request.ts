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
}

/** The default calendar window: the last 3 years to 6 months ahead of `now`. */
export function defaultWindow(now: number): { since: number; until: number } {
  const since = new Date(now);
  since.setUTCFullYear(since.getUTCFullYear() - 3);
  const until = new Date(now);
  until.setUTCMonth(until.getUTCMonth() + 6);
  return { since: since.getTime(), until: until.getTime() };
}

/** A usage mistake in the request (bad map, window the wrong way round): reported before reading. */
export class ImportRequestError extends Error {
  override readonly name = "ImportRequestError";
}
