/** The file metadata record as the API shows it. */
import type { StoredFile } from "@rapport/store";
import { z } from "zod";
import { epochMilliseconds } from "../platform/request/common-schemas.js";
import { actorSchema, presentUserActor } from "./actor-presenter.js";

export const fileSchema = z
  .object({
    uuid: z.string().describe("The file's UUID; link it with entity_type FILE."),
    filename: z.string().describe("The uploaded file's name."),
    content_type: z.string().describe("The media type given at upload, served back on download."),
    size_bytes: z.number().int().describe("Size in bytes."),
    sha256: z.string().describe("Hex SHA-256 of the content."),
    uploaded_by: actorSchema.nullable().describe("The user who uploaded it; null for a tenant-wide key."),
    created_at: epochMilliseconds("Upload time."),
  })
  .describe("A stored file (metadata; the bytes are at /v1/files/{file_uuid}/content).");

export function presentFile(file: StoredFile): z.input<typeof fileSchema> {
  return {
    uuid: file.uuid,
    filename: file.filename,
    content_type: file.content_type,
    size_bytes: file.size_bytes,
    sha256: file.sha256,
    uploaded_by: presentUserActor(file.uploaded_by),
    created_at: file.created_at,
  };
}
