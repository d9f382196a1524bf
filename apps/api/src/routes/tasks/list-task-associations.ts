/** GET /v1/tasks/{task_id}/associations: the records a task is linked to. */
import { z } from "zod";
import { defineOperation } from "../../operations/operation.js";
import { associationRecordSchema, presentAssociationRecord } from "../../presenters/association-presenter.js";
import { loadTask, taskPathParams } from "./task-access.js";

export const listTaskAssociations = defineOperation({
  operationId: "listTaskAssociations",
  method: "get",
  path: "/v1/tasks/{task_id}/associations",
  area: "Task",
  summary: "List a task's associations",
  description: "Lists the records linked to the task, from either side, oldest first. 404 when the task is not visible to the caller.",
  params: taskPathParams,
  response: z.object({ items: z.array(associationRecordSchema), total: z.number().int().describe("Number of items.") }),
  errors: [404],
  async handler({ params, auth, services }) {
    const task = await loadTask(services, auth, params.task_id);
    return { items: task.associations.map(presentAssociationRecord), total: task.associations.length };
  },
});
