/** @module The check of the `input` object of hydrateGraph and hydrateGraphAsync, made before any row is read. */
import { requireRows } from "./hydration-rows.js";
import { HYDRATION_INPUT_NAMES } from "./option-names.js";
import { requireOptions } from "./validate.js";

/** A hydration's three row sources, checked; an optional one left out is empty. */
export interface CheckedHydrationInput<Rows> {
  interactions: Rows;
  internalUsers: Rows;
  affiliations: Rows;
}

/**
 * Returns `input`'s row sources when it is an object with only the known fields, each an iterable (or, when
 * `allowAsync`, an async iterable), `interactions` required; else throws. A misspelt field (`internalUser`)
 * must not build a graph without what it held, and a bad source fails before any other is read.
 * @example requireHydrationInput("hydrateGraph", { interactions: [] }, false).internalUsers; // []
 */
export function requireHydrationInput(functionName: string, input: unknown, allowAsync: false): CheckedHydrationInput<Iterable<unknown>>;
export function requireHydrationInput(functionName: string, input: unknown, allowAsync: true): CheckedHydrationInput<Iterable<unknown> | AsyncIterable<unknown>>;
export function requireHydrationInput(functionName: string, input: unknown, allowAsync: boolean): CheckedHydrationInput<Iterable<unknown> | AsyncIterable<unknown>> {
  const checked = requireOptions(functionName, input, HYDRATION_INPUT_NAMES, { argumentName: "input", keyNoun: "input field" });
  const optionalRows = (name: string) => (checked[name] === undefined ? [] : requireRows(functionName, name, checked[name], allowAsync));
  return {
    interactions: requireRows(functionName, "interactions", checked.interactions, allowAsync),
    internalUsers: optionalRows("internalUsers"),
    affiliations: optionalRows("affiliations"),
  };
}
