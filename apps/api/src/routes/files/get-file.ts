/** GET /v1/files/{file_uuid}: a file's metadata. */
import { defineOperation } from "../../operations/operation.js";
import { fileSchema, presentFile } from "../../presenters/file-presenter.js";
import { filePathParams, loadFile } from "./file-access.js";

export const getFile = defineOperation({
  operationId: "getFile",
  method: "get",
  path: "/v1/files/{file_uuid}",
  area: "File",
  summary: "Get a file's metadata",
  description: "Reads a file's name, content type, size and checksum. 404 when it is not in the tenant.",
  params: filePathParams,
  response: fileSchema,
  errors: [404],
  async handler({ params, auth, services }) {
    return presentFile(await loadFile(services, auth, params.file_uuid));
  },
});
