/** A client's file name as Rapport records and shows it. */
import { takeOutControlCharacters, takeOutReorderingControls } from "@rapport/store/vocabulary";
import { cutText } from "./cut-text.js";

/** Longest file name kept, in characters. */
export const MAX_FILENAME_LENGTH = 255;

/**
 * Only the last path segment of `name`, without control characters (C1 and the Unicode line separators too) nor the
 * controls that reorder text (as every name), trimmed and at most 255 characters; `fallback` when nothing is left or
 * what is left is `.` or `..`, which name a folder, not a file. A name is shown back in JSON and in messages and is the name a
 * download is saved under, so it must not carry a path, terminal escapes or megabytes of text.
 *
 * @example
 * cleanFilename("C:\\mail\\in\u0007box.mbox", "upload"); // "inbox.mbox"
 */
export function cleanFilename(name: string, fallback: string): string {
  const base = takeOutReorderingControls(name.split(/[\\/]/).pop() ?? "");
  // eslint-disable-next-line no-control-regex
  const cleaned = cutText(takeOutControlCharacters(base.replace(/[\u0000-\u001f\u007f]/g, ""), "one line"), MAX_FILENAME_LENGTH).trim();
  return cleaned === "" || cleaned === "." || cleaned === ".." ? fallback : cleaned;
}
