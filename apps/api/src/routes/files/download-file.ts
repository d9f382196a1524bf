/** GET /v1/files/{file_uuid}/content: the file's bytes with its content type. */
import { defineOperation } from "../../operations/operation.js";
import { notFound } from "../../platform/errors/api-error.js";
import { filePathParams, loadFile } from "./file-access.js";

/** `text` percent-encoded to RFC 8187's attr-char: encodeURIComponent leaves `'()*`, which attr-char does not allow. */
const extendedValue = (text: string): string =>
  encodeURIComponent(text).replace(/['()*]/g, (character) => `%${character.charCodeAt(0).toString(16).toUpperCase()}`);

/**
 * The policy every download is sent with: a page opened from it (a browser told to show it inline, or one that ignores
 * the attachment) is a sandbox with a unique origin and loads nothing, so an uploaded HTML or SVG file runs no script
 * with the API's origin. For every type, as the stored type is the uploader's word.
 */
const DOWNLOAD_SECURITY = "sandbox; default-src 'none'";

/** RFC 6266 / 8187: an ASCII fallback and the exact UTF-8 name. */
function contentDisposition(filename: string): string {
  const ascii = filename.replace(/[^\x20-\x7e]|["\\]/g, "_");
  return `attachment; filename="${ascii}"; filename*=UTF-8''${extendedValue(filename)}`;
}

export const downloadFile = defineOperation({
  operationId: "downloadFile",
  method: "get",
  path: "/v1/files/{file_uuid}/content",
  area: "File",
  summary: "Download a file",
  description:
    "Answers with the file's bytes, its stored Content-Type, and Content-Disposition: attachment with its filename. 404 when it is not in the tenant.",
  mcpDescription:
    "Answers with the file's bytes base64-encoded in content_base64 and, for a text type (UTF-8), as content_text, beside its stored content_type, size_bytes and content_disposition (attachment with its filename). " +
    "A result holds 50,000 bytes of JSON: past that, content_base64 is left out and content_text holds the text's beginning, as preview says. 404 when it is not in the tenant.",
  params: filePathParams,
  binaryResponse: { description: "The file's bytes, with its stored Content-Type, a Content-Disposition attachment header and Content-Security-Policy: sandbox (it runs no script)." },
  errors: [404],
  async handler({ params, auth, services, http }) {
    const file = await loadFile(services, auth, params.file_uuid);
    const content = await services.store.files.content(auth.tenant.uuid, file.uuid);
    if (!content) throw notFound(`file ${params.file_uuid} not found`);
    return http.body(new Uint8Array(content), 200, {
      "Content-Type": file.content_type,
      "Content-Length": String(content.byteLength),
      "Content-Disposition": contentDisposition(file.filename),
      "X-Content-Type-Options": "nosniff",
      "Content-Security-Policy": DOWNLOAD_SECURITY,
    });
  },
});
