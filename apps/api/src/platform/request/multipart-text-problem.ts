/**
 * @module
 * The text of a `multipart/form-data` body that is not UTF-8: a text field's value, a field's name or a file's
 * name. The platform's form parser decodes each leniently, so a Latin-1 `José.csv` was stored as `Jos\uFFFD.csv`
 * and an option's value silently changed; a JSON body with such bytes is a 400 (json-body.ts), and so is this.
 */
import { isUtf8 } from "node:buffer";
import { boundaryOf, HEADERS_END, multipartPartBounds } from "./multipart-part-bounds.js";

/** The field name a part's headers give, when that is UTF-8 text; null when it is not (or there is none). */
function fieldName(headers: Buffer): string | null {
  const name = /[;\s]name="([^"]*)"/i.exec(headers.toString("latin1"))?.[1];
  const bytes = name === undefined ? undefined : Buffer.from(name, "latin1");
  return bytes !== undefined && isUtf8(bytes) ? bytes.toString("utf8") : null;
}

/**
 * The 400 message for the first part of multipart `body` whose headers (its field name, its file name) or, for a
 * part that is no file, whose value is not UTF-8, or null when all are. A file's content is not text here: any
 * bytes go. Reads the parts' bounds only, with the native byte search, so a large file costs one scan.
 */
export function multipartTextProblem(body: Uint8Array, contentType: string): string | null {
  const boundary = boundaryOf(contentType);
  if (boundary === null) return null;
  const bytes = Buffer.from(body.buffer, body.byteOffset, body.byteLength);
  for (const { headersStart, headersEnd, next } of multipartPartBounds(bytes, boundary)) {
    if (next === -1) return null;
    const headers = bytes.subarray(headersStart, headersEnd);
    const isFile = /[;\s]filename\*?=/i.test(headers.toString("latin1"));
    const name = fieldName(headers);
    if (!isUtf8(headers)) {
      if (name === null) return "a form field's name is not UTF-8 text (send it in UTF-8)";
      return `form field '${name}': ${isFile ? "the file name" : "a header of its part"} is not UTF-8 text (send it in UTF-8)`;
    }
    if (!isFile && !isUtf8(bytes.subarray(headersEnd + HEADERS_END.length, next))) {
      return `form field '${name ?? ""}': its value is not UTF-8 text (send it in UTF-8)`;
    }
  }
  return null;
}
