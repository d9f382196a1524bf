/**
 * @module
 * What a `multipart/form-data` upload (POST /v1/files, POST /v1/imports) checks of its head before reading the body,
 * and the 400 for a body that cannot be read as a form: one place, so both answer alike.
 */
import { ApiError } from "../errors/api-error.js";
import { contentEncodingProblem } from "./content-encoding.js";

/** The 400 message for a multipart body that cannot be read: most often a missing or wrong boundary. */
export const UNREADABLE_MULTIPART_BODY = "the multipart body could not be read: check the boundary and the part headers";

/**
 * Checks that `request` announces a `multipart/form-data` body sent uncompressed (415 otherwise, `wanted` saying what
 * to send: "send the file as multipart/form-data with a 'file' part") and returns its content type. A type without its
 * boundary parameter passes: the body is still multipart, only unreadable, so reading it answers the 400 of
 * `UNREADABLE_MULTIPART_BODY` saying to check the boundary, not a 415 asking for what was sent.
 */
export function checkMultipartHead(request: Request, wanted: string): string {
  const contentType = request.headers.get("content-type") ?? "";
  if (!/^multipart\/form-data\s*(;|$)/i.test(contentType)) {
    throw new ApiError(415, `${wanted} (got ${contentType || "no Content-Type"})`);
  }
  const encodingProblem = contentEncodingProblem(request);
  if (encodingProblem !== null) throw new ApiError(415, encodingProblem);
  return contentType;
}
