/**
 * @module
 * The 400 of a `multipart/form-data` body with more parts than any upload takes, found before the body is parsed:
 * the platform's form parser holds the event loop for each part, so that 10 MB of empty parts held every other
 * request for seconds.
 */
import { MAX_MULTIPART_PARTS } from "./count-limits.js";
import { boundaryOf } from "./multipart-part-bounds.js";

/** The 400 message for a multipart body of more than MAX_MULTIPART_PARTS parts. */
export const TOO_MANY_MULTIPART_PARTS = `the multipart body has more than ${MAX_MULTIPART_PARTS} parts: send the file and each field once (map at most as often as it may repeat)`;

/**
 * The 400 message for multipart `body` when it has more than MAX_MULTIPART_PARTS parts, else null (a body without
 * a boundary too: its parse answers that). Counts the boundary's delimiters with the native byte search.
 */
export function multipartPartsProblem(body: Uint8Array, contentType: string): string | null {
  const boundary = boundaryOf(contentType);
  if (boundary === null) return null;
  const bytes = Buffer.from(body.buffer, body.byteOffset, body.byteLength);
  const delimiter = Buffer.from(`\r\n--${boundary}`);
  // The first delimiter may open the body, without the line break before it; the last one closes the body.
  let delimiters = bytes.subarray(0, delimiter.length - 2).equals(delimiter.subarray(2)) ? 1 : 0;
  for (let at = bytes.indexOf(delimiter); at !== -1; at = bytes.indexOf(delimiter, at + delimiter.length)) {
    delimiters += 1;
    if (delimiters > MAX_MULTIPART_PARTS + 1) {
      return TOO_MANY_MULTIPART_PARTS;
    }
  }
  return null;
}
