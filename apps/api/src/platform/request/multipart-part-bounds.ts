/**
 * @module
 * Where the parts of a buffered `multipart/form-data` body lie, found with the native byte search alone, for the
 * checks made before the platform's form parser reads the body (multipart-text-problem.ts, multipart-headers-problem.ts).
 */

/** The blank line that ends a part's headers. */
export const HEADERS_END = Buffer.from("\r\n\r\n");

/** The `boundary` parameter of a multipart media type, or null. */
export function boundaryOf(contentType: string): string | null {
  const match = /;\s*boundary=(?:"([^"]+)"|([^;\s]+))/i.exec(contentType);
  return match ? (match[1] ?? match[2] ?? null) : null;
}

/** One part: where its headers start, where they end (-1: never), and where the next delimiter starts (-1: none). */
export interface MultipartPartBounds {
  headersStart: number;
  headersEnd: number;
  next: number;
}

/**
 * The parts of multipart `bytes` delimited by `boundary`, in order, up to the closing delimiter. The last one yielded
 * may be unfinished (`headersEnd` or `next` -1): the walk ends after it.
 */
export function* multipartPartBounds(bytes: Buffer, boundary: string): Generator<MultipartPartBounds> {
  const delimiter = Buffer.from(`\r\n--${boundary}`);
  // The first delimiter may open the body, without the line break before it.
  let at = bytes.indexOf(delimiter.subarray(2));
  while (at !== -1) {
    const headersStart = at + delimiter.length - 2;
    if (bytes[headersStart] === 0x2d && bytes[headersStart + 1] === 0x2d) return;
    const headersEnd = bytes.indexOf(HEADERS_END, headersStart);
    const next = headersEnd === -1 ? -1 : bytes.indexOf(delimiter, headersEnd + HEADERS_END.length);
    yield { headersStart, headersEnd, next };
    if (next === -1) return;
    at = next + 2;
  }
}
