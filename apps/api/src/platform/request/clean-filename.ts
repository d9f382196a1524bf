/** A client's file name as Rapport records and shows it. */
import { cutText } from "./cut-text.js";

/** Longest file name kept, in characters. */
export const MAX_FILENAME_LENGTH = 255;

/**
 * Only the last path segment of `name`, without control characters, trimmed and at most 255 characters; `fallback`
 * when nothing is left. A name is shown back in JSON and in messages, so it must not carry a path, terminal escapes
 * or megabytes of text.
 *
 * @example
 * cleanFilename("C:\\mail\\in\u0007box.mbox", "upload"); // "inbox.mbox"
 */
export function cleanFilename(name: string, fallback: string): string {
  const base = name.split(/[\\/]/).pop() ?? "";
  // eslint-disable-next-line no-control-regex
  const cleaned = cutText(base.replace(/[\u0000-\u001f\u007f]/g, "").trim(), MAX_FILENAME_LENGTH).trim();
  return cleaned || fallback;
}
