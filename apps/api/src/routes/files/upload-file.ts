/** POST /v1/files: stores an uploaded file (multipart/form-data, part `file`). */
import { claimUploadIdempotencyKey, digestOf } from "../../operations/idempotent-uploads.js";
import { defineOperation } from "../../operations/operation.js";
import { MAX_FILE_BYTES, readUploadedFile } from "../../platform/request/multipart-file.js";
import { fileSchema, presentFile } from "../../presenters/file-presenter.js";

export const uploadFile = defineOperation({
  operationId: "uploadFile",
  method: "post",
  path: "/v1/files",
  area: "File",
  summary: "Upload a file",
  description:
    `Stores one file sent as multipart/form-data in a part named 'file' (at most ${MAX_FILE_BYTES / (1024 * 1024)} MiB: 413 beyond; 415 for another body type). ` +
    "The part's filename and content type are kept and served back on download (the content type a media type of at most 255 characters: 400 otherwise). Link the file to records with entity_type FILE; opportunities count linked files in notes_and_files_count.",
  mcpDescription:
    "Stores one file, given under body.file as {filename, content_type, content_base64} (see the body argument for the size one call carries). " +
    "The filename and content type are kept and served back on download (content_type a media type of at most 255 characters: 400 otherwise). Link the file to records with entity_type FILE; opportunities count linked files in notes_and_files_count.",
  multipart: { fields: { file: { kind: "file", description: `The file, at most ${MAX_FILE_BYTES / (1024 * 1024)} MiB.`, required: true } } },
  successStatus: 201,
  response: fileSchema,
  errors: [413, 415],
  async handler({ auth, services, http }) {
    const upload = await readUploadedFile(http);
    const file = { field: "file", filename: upload.filename, contentType: upload.contentType, sha256: digestOf(upload.content) };
    const kept = await claimUploadIdempotencyKey(http, { fields: [], files: [file] });
    if (kept !== null) return kept;
    const stored = await services.store.files.create({
      tenant_uuid: auth.tenant.uuid,
      filename: upload.filename,
      content_type: upload.contentType,
      content: upload.content,
      uploaded_by_user_uuid: auth.user?.uuid ?? null,
    });
    return presentFile(stored);
  },
});
