/**
 * @module
 * A JSON object that names a key twice (`{"name":"a","name":"b"}`) is ambiguous: JSON.parse keeps the last value,
 * other parsers the first, so a proxy or a signature check in front of the API could see another body than the
 * API stores. The body walk (json-nesting.ts) counts the keys the parsed body holds; `duplicateKeyProblem` compares
 * them with the keys the text writes, and only when they differ reads the text again to name the one repeated.
 */

import { cutName } from "../errors/shown-name.js";

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const COLON = 0x3a;

/** Index of the quote closing the string that opens at `start` in valid JSON `text`. */
function stringEnd(text: string, start: number): number {
  let at = start + 1;
  for (;;) {
    const code = text.charCodeAt(at);
    if (code === QUOTE) return at;
    at += code === BACKSLASH ? 2 : 1;
  }
}

/**
 * How many object keys valid JSON `text` writes, repeated ones included: its colons outside strings, since JSON
 * has a colon nowhere else. One pass over the characters, without building anything.
 */
export function keysWritten(text: string): number {
  let keys = 0;
  for (let at = 0; at < text.length; at += 1) {
    const code = text.charCodeAt(at);
    if (code === QUOTE) at = stringEnd(text, at);
    else if (code === COLON) keys += 1;
  }
  return keys;
}

/** Colons anywhere in `text`, inside strings too: when no more than the keys held, no key can repeat. */
function colonsIn(text: string): number {
  let colons = 0;
  for (let at = text.indexOf(":"); at !== -1; at = text.indexOf(":", at + 1)) colons += 1;
  return colons;
}

interface Container {
  readonly path: ReadonlyArray<string | number>;
  /** The keys met so far in an object; null in an array. */
  readonly keys: Set<string> | null;
  /** The latest key of an object, or the index of the element being read in an array. */
  member: string | number;
  expectsKey: boolean;
}

/**
 * The 400 message for the first key valid JSON `text` repeats within one object, or null when it repeats none.
 * `keysHeld` is how many keys the value parsed from `text` holds, all its objects together: when the text writes
 * as many, none repeats, which a scan of the colons (then of the text outside strings) settles without building anything.
 */
export function duplicateKeyProblem(text: string, keysHeld: number): string | null {
  if (colonsIn(text) === keysHeld || keysWritten(text) === keysHeld) return null;
  return firstRepeatedKey(text);
}

function firstRepeatedKey(text: string): string | null {
  const open: Container[] = [];
  for (let at = 0; at < text.length; at += 1) {
    const code = text.charCodeAt(at);
    const current = open[open.length - 1];
    if (code === QUOTE) {
      const end = stringEnd(text, at);
      if (current?.keys && current.expectsKey) {
        const key = JSON.parse(text.slice(at, end + 1)) as string;
        if (current.keys.has(key)) {
          const field = [...current.path, key].map((segment) => cutName(String(segment))).join(".");
          return `body field '${field}' is given twice in one object; send each key once (JSON parsers disagree on which value counts)`;
        }
        current.keys.add(key);
        current.member = key;
        current.expectsKey = false;
      }
      at = end;
    } else if (code === 0x7b /* { */ || code === 0x5b /* [ */) {
      const path = current === undefined ? [] : [...current.path, current.member];
      open.push({ path, keys: code === 0x7b ? new Set() : null, member: 0, expectsKey: code === 0x7b });
    } else if (code === 0x7d /* } */ || code === 0x5d /* ] */) {
      open.pop();
    } else if (code === 0x2c /* , */ && current !== undefined) {
      if (current.keys) current.expectsKey = true;
      else current.member = (current.member as number) + 1;
    }
  }
  return null;
}
