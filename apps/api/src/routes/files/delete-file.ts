/** DELETE /v1/files/{file_uuid}: deletes a file, its bytes and its associations. */
import { defineOperation } from "../../operations/operation.js";
import { memberWriteOf } from "../../platform/auth/auth-context.js";
import { notFound } from "../../platform/errors/api-error.js";
import { assertMayDeleteFile, filePathParams, loadFile } from "./file-access.js";

export const deleteFile = defineOperation({
  operationId: "deleteFile",
  method: "delete",
  path: "/v1/files/{file_uuid}",
  area: "File",
  summary: "Delete a file",
  description:
    "Deletes the file and its bytes, and removes its associations (so it no longer counts in notes_and_files_count). Only the uploader or an administrator: 403 for other users; 404 when it is not in the tenant. 204 on success.",
  params: filePathParams,
  successStatus: 204,
  errors: [403, 404],
  async handler({ params, auth, services }) {
    const file = await loadFile(services, auth, params.file_uuid);
    assertMayDeleteFile(auth, file);
    // The store checks the uploader again in the deletion's transaction.
    if (!(await services.store.files.delete(auth.tenant.uuid, file.uuid, memberWriteOf(auth)))) throw notFound(`file ${params.file_uuid} not found`);
    return undefined;
  },
});
