/** DELETE /v1/tasks/{task_id}/associations/{association_uuid}: unlinks a record from a task. */
import { defineOperation } from "../../operations/operation.js";
import { viewerOf } from "../../platform/auth/viewer.js";
import { notFound } from "../../platform/errors/api-error.js";
import { associationUuidParameter } from "../associations/link-records.js";
import { loadTask, taskPathParams } from "./task-access.js";

export const deleteTaskAssociation = defineOperation({
  operationId: "deleteTaskAssociation",
  method: "delete",
  path: "/v1/tasks/{task_id}/associations/{association_uuid}",
  area: "Task",
  summary: "Remove a task association",
  description: "Removes the link (both records stay). 404 when the task is not visible to the caller or has no such association. 204 on success.",
  params: taskPathParams.extend({ association_uuid: associationUuidParameter }),
  successStatus: 204,
  errors: [404],
  async handler({ params, auth, services }) {
    const task = await loadTask(services, auth, params.task_id);
    if (!(await services.store.associations.unlink(auth.tenant.uuid, "TASK", task.uuid, params.association_uuid, viewerOf(auth)))) {
      throw notFound(`association ${params.association_uuid} of task ${task.uuid} not found`);
    }
    return undefined;
  },
});
