/**
 * @module
 * A request body sent with a `Content-Encoding` (gzip, br, deflate): the server does not decode one, so the compressed
 * bytes were read as the body itself, a JSON body then refused as "not UTF-8 text" and an upload stored compressed
 * under its own name. RFC 9110 (8.4) has a server answer an encoding it does not take with a 415.
 */

/** The 415 message for a body `request` sent with a content coding other than `identity`, or null. */
export function contentEncodingProblem(request: Request): string | null {
  const encoding = request.headers.get("content-encoding")?.trim();
  if (!encoding || encoding.toLowerCase() === "identity") return null;
  return `request body must not be compressed: Content-Encoding ${encoding.slice(0, 40)} is not supported; send it without one`;
}
