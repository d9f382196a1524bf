/**
 * @module
 * The 400 of a buffered `multipart/form-data` body (POST /v1/files) whose part has headers longer than any upload
 * needs, found before the body is parsed: the platform's form parser read a 10 MB header for about 0.6 s, holding
 * every other request meanwhile.
 */
import { boundaryOf, multipartPartBounds } from "./multipart-part-bounds.js";
import { MAX_PART_HEADER_BYTES, PART_HEADERS_TOO_LONG } from "./streamed-multipart-form.js";

/**
 * The 400 message for the first part of multipart `body` whose header block is over MAX_PART_HEADER_BYTES (or
 * never ends and has run over it), else null (a body without a boundary too: its parse answers that). Reads the
 * parts' bounds only, with the native byte search.
 */
export function multipartHeadersProblem(body: Uint8Array, contentType: string): string | null {
  const boundary = boundaryOf(contentType);
  if (boundary === null) return null;
  const bytes = Buffer.from(body.buffer, body.byteOffset, body.byteLength);
  for (const { headersStart, headersEnd } of multipartPartBounds(bytes, boundary)) {
    if ((headersEnd === -1 ? bytes.length : headersEnd) - headersStart > MAX_PART_HEADER_BYTES) {
      return PART_HEADERS_TOO_LONG;
    }
  }
  return null;
}
