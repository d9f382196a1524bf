/**
 * @module
 * Reads one file from a `multipart/form-data` upload: 413 beyond the size limit (checked while
 * streaming, not only from Content-Length), 415 for another content type, 400 without a `file` part, with
 * another part, with a file name that is not UTF-8, with a part's headers over 16 KiB, or with a content type that is no
 * media type or too long.
 */
import type { Context } from "hono";
import type { AppEnv } from "../../app-env.js";
import { ApiError, badRequest } from "../errors/api-error.js";
import { cleanFilename } from "./clean-filename.js";
import { checkMultipartHead, UNREADABLE_MULTIPART_BODY } from "./multipart-head.js";
import { multipartHeadersProblem } from "./multipart-headers-problem.js";
import { multipartPartsProblem } from "./multipart-parts-problem.js";
import { multipartTextProblem } from "./multipart-text-problem.js";
import { readBoundedBody } from "./read-bounded-body.js";
import { uploadContentType } from "./upload-content-type.js";

/** Largest file accepted by POST /v1/files. */
export const MAX_FILE_BYTES = 10 * 1024 * 1024;
/** Room for the multipart boundaries and part headers around the file. */
const ENVELOPE_BYTES = 64 * 1024;

export interface UploadedFile {
  filename: string;
  contentType: string;
  content: Uint8Array;
}

const tooLarge = () => new ApiError(413, `file is larger than the ${MAX_FILE_BYTES / (1024 * 1024)} MiB limit`);

export async function readUploadedFile(context: Context<AppEnv>, fieldName = "file"): Promise<UploadedFile> {
  const contentType = checkMultipartHead(context.req.raw, `send the file as multipart/form-data with a '${fieldName}' part`);
  const bytes = await readBoundedBody(context.req.raw, MAX_FILE_BYTES + ENVELOPE_BYTES, tooLarge);
  const partsProblem = multipartPartsProblem(bytes, contentType) ?? multipartHeadersProblem(bytes, contentType);
  if (partsProblem !== null) throw badRequest(partsProblem);
  let form: FormData;
  try {
    form = await new Response(bytes, { headers: { "content-type": contentType } }).formData();
  } catch {
    throw badRequest(UNREADABLE_MULTIPART_BODY);
  }
  const textProblem = multipartTextProblem(bytes, contentType);
  if (textProblem !== null) throw badRequest(textProblem);
  // As for a JSON body: a part meant for something else (a link to a record, say) must not be dropped silently.
  for (const name of form.keys()) {
    if (name !== fieldName) throw badRequest(`form: unknown field '${name}'; accepted here: ${fieldName}`);
  }
  const parts = form.getAll(fieldName);
  if (parts.length > 1) throw badRequest(`the multipart body has ${parts.length} parts named '${fieldName}': send one file`);
  const part = parts[0];
  if (!part || typeof part === "string") throw badRequest(`the multipart body needs a file part named '${fieldName}'`);
  if (part.size > MAX_FILE_BYTES) throw tooLarge();
  return {
    filename: cleanFilename(part.name, "file"),
    contentType: uploadContentType(part.type, fieldName),
    content: new Uint8Array(await part.arrayBuffer()),
  };
}
