/** DELETE /v1/tasks/{task_id}: soft-deletes a task (the spec's States table). */
import { defineOperation } from "../../operations/operation.js";
import { viewerOf } from "../../platform/auth/viewer.js";
import { notFound } from "../../platform/errors/api-error.js";
import { taskPathParams } from "./task-access.js";

export const deleteTask = defineOperation({
  operationId: "deleteTask",
  method: "delete",
  path: "/v1/tasks/{task_id}",
  area: "Task",
  summary: "Delete a task",
  description:
    "Soft-deletes the task: 204 with no body, and from then on it answers 404 and is never listed; its associations are removed. A WORKSPACE task may be deleted by any member of the tenant; a PERSONAL task only by its creator. " +
    "For anybody else a PERSONAL task does not exist, so the answer is 404, exactly as for a missing task (its existence is not revealed).",
  params: taskPathParams,
  successStatus: 204,
  errors: [404],
  async handler({ params, auth, services }) {
    if (!(await services.store.tasks.delete(auth.tenant.uuid, params.task_id, viewerOf(auth)))) {
      throw notFound(`task ${params.task_id} not found`);
    }
    return undefined;
  },
});
