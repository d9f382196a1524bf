/**
 * @module
 * The 400 of a buffered `multipart/form-data` body (POST /v1/files) whose part has headers longer than any upload
 * needs, found before the body is parsed: the platform's form parser read a 10 MB header for about 0.6 s, holding
 * every other request meanwhile.
 */
import { boundaryOf } from "./multipart-text-problem.js";
import { MAX_PART_HEADER_BYTES } from "./streamed-multipart-form.js";

const HEADERS_END = Buffer.from("\r\n\r\n");

/**
 * The 400 message for the first part of multipart `body` whose header block is over MAX_PART_HEADER_BYTES (or
 * never ends and has run over it), else null (a body without a boundary too: its parse answers that). Reads the
 * parts' bounds only, with the native byte search.
 */
export function multipartHeadersProblem(body: Uint8Array, contentType: string): string | null {
  const boundary = boundaryOf(contentType);
  if (boundary === null) return null;
  const bytes = Buffer.from(body.buffer, body.byteOffset, body.byteLength);
  const delimiter = Buffer.from(`\r\n--${boundary}`);
  // The first delimiter may open the body, without the line break before it.
  let at = bytes.indexOf(delimiter.subarray(2));
  while (at !== -1) {
    const headersStart = at + delimiter.length - 2;
    if (bytes[headersStart] === 0x2d && bytes[headersStart + 1] === 0x2d) return null;
    const headersEnd = bytes.indexOf(HEADERS_END, headersStart);
    if ((headersEnd === -1 ? bytes.length : headersEnd) - headersStart > MAX_PART_HEADER_BYTES) {
      return `a part's headers are longer than ${MAX_PART_HEADER_BYTES / 1024} KiB: send its Content-Disposition (name, filename) and Content-Type only`;
    }
    if (headersEnd === -1) return null;
    const next = bytes.indexOf(delimiter, headersEnd + HEADERS_END.length);
    if (next === -1) return null;
    at = next + 2;
  }
  return null;
}
