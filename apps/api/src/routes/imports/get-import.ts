/** GET /v1/imports/{import_uuid}: an import job's status, progress and summary. */
import { z } from "zod";
import { defineOperation } from "../../operations/operation.js";
import { notFound } from "../../platform/errors/api-error.js";
import { uuidString } from "../../platform/request/common-schemas.js";
import { importJobSchema, presentImportJob } from "../../presenters/import-job-presenter.js";
import { importJobVisible } from "./import-job-visible.js";

export const getImport = defineOperation({
  operationId: "getImport",
  method: "get",
  path: "/v1/imports/{import_uuid}",
  area: "Imports",
  summary: "Get an import",
  description:
    "Reads an import job: status (queued, running, succeeded, failed, cancelled), progress, and the summary (counts so far while running). A job interrupted by a server restart reads as failed, with a message to upload the file again. Visible to administrators, the tenant-wide key, and the user who started it or whose archive it is; 404 for anyone else.",
  params: z.object({ import_uuid: uuidString("The import job's UUID, from POST /v1/imports.") }),
  response: importJobSchema,
  errors: [404],
  async handler({ params, auth, services }) {
    const job = await services.importJobs.get(auth.tenant.uuid, params.import_uuid);
    if (!job || !importJobVisible(job, auth)) throw notFound(`import ${params.import_uuid} not found`);
    return presentImportJob(job);
  },
});
