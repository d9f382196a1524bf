/**
 * @module
 * Reads the sign-in page's form with a size limit. It is posted before anyone is signed in, so an unbounded read
 * (Hono's `parseBody`) let any client make the server hold a body of any size in memory.
 */
import { readBoundedBody } from "../platform/request/read-bounded-body.js";

/** Far more than an email, a password (at most 1024 characters) and a workspace UUID take, URL-encoded. */
export const SIGN_IN_FORM_LIMIT_BYTES = 64 * 1024;

/** A sign-in form over `SIGN_IN_FORM_LIMIT_BYTES`: refused before the rest of it is read. */
export class SignInFormTooLargeError extends Error {
  constructor() {
    super(`the sign-in form is larger than ${SIGN_IN_FORM_LIMIT_BYTES} bytes`);
  }
}

/**
 * The form's text fields, URL-encoded or multipart as the request says; a body of another type reads as no fields,
 * and a file field is left out. Throws `SignInFormTooLargeError` past the limit.
 */
export async function readSignInForm(request: Request): Promise<Record<string, string>> {
  const bytes = await readBoundedBody(request, SIGN_IN_FORM_LIMIT_BYTES, () => new SignInFormTooLargeError());
  const contentType = request.headers.get("content-type") ?? "";
  let form: FormData;
  try {
    form = await new Response(bytes, { headers: { "content-type": contentType } }).formData();
  } catch {
    return {};
  }
  const fields: Record<string, string> = {};
  for (const [name, value] of form) {
    if (typeof value === "string" && !(name in fields)) fields[name] = value;
  }
  return fields;
}
