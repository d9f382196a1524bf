/** The task record as the API shows it. */
import { TASK_SCOPES, TASK_STATUSES, type Task } from "@rapport/store";
import { z } from "zod";
import { epochMilliseconds } from "../platform/request/common-schemas.js";
import { actorSchema, presentUserActor } from "./actor-presenter.js";
import { associationRecordSchema, presentAssociationRecord } from "./association-presenter.js";

export const taskSchema = z
  .object({
    uuid: z.string().describe("The task's id (the {task_id} of the task paths)."),
    title: z.string(),
    description: z.string().nullable(),
    status: z.enum(TASK_STATUSES).describe("OPEN, IN_PROGRESS, DONE or CANCELLED; any status may follow any other."),
    scope: z.enum(TASK_SCOPES).describe("PERSONAL: visible to its creator only; WORKSPACE: to the whole tenant."),
    due_date: z.string().nullable().describe("YYYY-MM-DD."),
    assignee: actorSchema.nullable().describe("The user the task is assigned to."),
    created_by: actorSchema.nullable().describe("The user who created it; null when created by a tenant-wide key."),
    associations: z.array(associationRecordSchema).describe("Records the task is linked to, from either side."),
    created_at: epochMilliseconds("Creation time."),
    updated_at: epochMilliseconds("Last change."),
  })
  .describe("A task.");

export function presentTask(task: Task): z.input<typeof taskSchema> {
  return {
    uuid: task.uuid,
    title: task.title,
    description: task.description,
    status: task.status,
    scope: task.scope,
    due_date: task.due_date,
    assignee: presentUserActor(task.assignee),
    created_by: presentUserActor(task.created_by),
    associations: task.associations.map(presentAssociationRecord),
    created_at: task.created_at,
    updated_at: task.updated_at,
  };
}
