/** POST /v1/tasks/{task_id}/associations: links a record to a task, idempotently. */
import { defineOperation } from "../../operations/operation.js";
import { associationRecordSchema, presentAssociationRecord } from "../../presenters/association-presenter.js";
import { linkBodySchema, linkRecords } from "../associations/link-records.js";
import { loadTask, taskPathParams } from "./task-access.js";

export const createTaskAssociation = defineOperation({
  operationId: "createTaskAssociation",
  method: "post",
  path: "/v1/tasks/{task_id}/associations",
  area: "Task",
  summary: "Associate a record with a task",
  description:
    "Links a PERSON, COMPANY, NOTE, FILE or OPPORTUNITY to the task; TASK-to-TASK links are refused with 400. Idempotent: a duplicate (made from either side) returns the existing association with status 201. " +
    "404 when the task is not visible to the caller (missing, deleted, or another user's PERSONAL task) or the target does not exist for the tenant.",
  params: taskPathParams,
  body: linkBodySchema("TASK"),
  successStatus: 201,
  response: associationRecordSchema,
  errors: [404],
  idempotent: true,
  example: { body: { entity_type: "OPPORTUNITY", entity_uuid: "6f1c2a34-0000-4000-8000-000000000005" } },
  async handler({ params, body, auth, services }) {
    const task = await loadTask(services, auth, params.task_id);
    const result = await linkRecords(services, auth, { type: "TASK", uuid: task.uuid }, body);
    return presentAssociationRecord(result.link);
  },
});
