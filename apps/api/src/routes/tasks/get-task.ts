/** GET /v1/tasks/{task_id}: one task the caller may see. */
import { defineOperation } from "../../operations/operation.js";
import { presentTask, taskSchema } from "../../presenters/task-presenter.js";
import { loadTask, taskPathParams } from "./task-access.js";

export const getTask = defineOperation({
  operationId: "getTask",
  method: "get",
  path: "/v1/tasks/{task_id}",
  area: "Task",
  summary: "Get a task",
  description: "Reads one task. 404 when it does not exist, was deleted, or is another user's PERSONAL task.",
  params: taskPathParams,
  response: taskSchema,
  errors: [404],
  async handler({ params, auth, services }) {
    return presentTask(await loadTask(services, auth, params.task_id));
  },
});
