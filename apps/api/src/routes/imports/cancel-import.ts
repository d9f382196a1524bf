/** POST /v1/imports/{import_uuid}/cancel: stops a running import at its next batch; what landed stays. */
import { z } from "zod";
import { defineOperation, reply } from "../../operations/operation.js";
import { conflict, notFound } from "../../platform/errors/api-error.js";
import { uuidString } from "../../platform/request/common-schemas.js";
import { importJobSchema, presentImportJob } from "../../presenters/import-job-presenter.js";
import { importJobVisible } from "./import-job-visible.js";

export const cancelImport = defineOperation({
  operationId: "cancelImport",
  method: "post",
  path: "/v1/imports/{import_uuid}/cancel",
  area: "Imports",
  summary: "Cancel an import",
  description:
    "Stops a queued or running import job after its batch in flight: the batches already written stay, and the job ends cancelled with the summary of what was written (outcome interrupted). 200 with the cancelled job; 202 when another server runs it, which stops it at its next batch (read GET /v1/imports/{import_uuid}). Cancelling a cancelled job again answers it unchanged; 409 when the job had already ended otherwise. Allowed to whoever may read the job; 404 for anyone else.",
  params: z.object({ import_uuid: uuidString("The import job's UUID, from POST /v1/imports.") }),
  response: importJobSchema,
  otherSuccesses: { 202: "Cancel recorded; the server running the import stops it at its next batch." },
  errors: [404, 409],
  idempotent: true,
  async handler({ params, auth, services }) {
    const missing = () => notFound(`import ${params.import_uuid} not found`);
    const job = await services.importJobs.get(auth.tenant.uuid, params.import_uuid);
    if (!job || !importJobVisible(job, auth)) throw missing();
    const after = await services.importJobs.cancel(auth.tenant.uuid, params.import_uuid);
    if (!after) throw missing();
    if (after.status === "succeeded" || after.status === "failed") {
      throw conflict(`import ${params.import_uuid} has already ${after.status === "succeeded" ? "succeeded" : "failed"}: there is nothing left to cancel`);
    }
    return after.status === "cancelled" ? presentImportJob(after) : reply(202, presentImportJob(after));
  },
});
