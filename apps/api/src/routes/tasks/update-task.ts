/** PATCH /v1/tasks/{task_id}: status, due date, assignee, title, description. */
import { z } from "zod";
import { defineOperation } from "../../operations/operation.js";
import { viewerOf } from "../../platform/auth/viewer.js";
import { notFound } from "../../platform/errors/api-error.js";
import { presentTask, taskSchema } from "../../presenters/task-presenter.js";
import { checkPersonalAssignee, loadTask, resolveAssignee, taskPathParams } from "./task-access.js";
import { taskFields } from "./task-body.js";

export const updateTask = defineOperation({
  operationId: "updateTask",
  method: "patch",
  path: "/v1/tasks/{task_id}",
  area: "Task",
  summary: "Update a task",
  description:
    "Writes only the fields present in the body; null clears description, due_date or the assignee. Like deletion: any tenant member may change a WORKSPACE task, only its creator a PERSONAL one (404 for anybody else, to whom it does not exist). The scope never changes.",
  params: taskPathParams,
  body: z.object(taskFields).partial().strict(),
  response: taskSchema,
  errors: [404],
  example: { body: { status: "DONE" } },
  async handler({ params, body, auth, services }) {
    const task = await loadTask(services, auth, params.task_id);
    const { assignee_user_uuid, ...changes } = body;
    let assignee: string | null | undefined = assignee_user_uuid;
    if (assignee_user_uuid) assignee = await resolveAssignee(services, auth, assignee_user_uuid);
    if (assignee !== undefined) checkPersonalAssignee(task.scope, assignee, task.created_by?.user_uuid ?? null);
    const updated = await services.store.tasks.update(auth.tenant.uuid, task.uuid, { ...changes, assignee_user_uuid: assignee }, viewerOf(auth));
    if (!updated) throw notFound(`task ${params.task_id} not found`);
    return presentTask(updated);
  },
});
