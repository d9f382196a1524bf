/** POST /v1/tasks: a PERSONAL or WORKSPACE task, optionally linked to records. */
import { TASK_SCOPES } from "@rapport/store";
import { z } from "zod";
import { defineOperation } from "../../operations/operation.js";
import { viewerOf } from "../../platform/auth/viewer.js";
import { badRequest } from "../../platform/errors/api-error.js";
import { MAX_ASSOCIATIONS_ON_CREATE } from "../../platform/request/count-limits.js";
import { taskSchema, presentTask } from "../../presenters/task-presenter.js";
import { checkNewLinks, linkableEntityType } from "../associations/link-records.js";
import { associationInput } from "../opportunities/opportunity-body.js";
import { checkPersonalAssignee, resolveAssignee } from "./task-access.js";
import { taskFields } from "./task-body.js";

export const createTask = defineOperation({
  operationId: "createTask",
  method: "post",
  path: "/v1/tasks",
  area: "Task",
  summary: "Create a task",
  description:
    "Creates a task. WORKSPACE tasks (the default) are visible to the whole tenant; PERSONAL ones only to their creator, so they need a user context (400 for a tenant-wide key without x-service-user-id) and can be assigned only to the creator. 400 for an unknown assignee or link target.",
  mcpDescription:
    "Creates a task. WORKSPACE tasks (the default) are visible to the whole tenant; PERSONAL ones only to their creator, so they need calls acting as a user (refused tenant-wide) and can be assigned only to the creator. 400 for an unknown assignee or link target.",
  body: z
    .object({
      title: taskFields.title,
      description: taskFields.description.optional(),
      status: taskFields.status.optional(),
      scope: z.enum(TASK_SCOPES).default("WORKSPACE").describe("WORKSPACE (default) or PERSONAL."),
      due_date: taskFields.due_date.optional(),
      assignee_user_uuid: taskFields.assignee_user_uuid.optional(),
      associations: z
        .array(associationInput.omit({ context: true }).extend({ entity_type: linkableEntityType("TASK") }))
        .max(MAX_ASSOCIATIONS_ON_CREATE)
        .optional()
        .describe(`Records to link: PERSON, COMPANY, NOTE, FILE or OPPORTUNITY (at most ${MAX_ASSOCIATIONS_ON_CREATE}).`),
    })
    .strict(),
  successStatus: 201,
  response: taskSchema,
  example: { body: { title: "Send the term sheet", due_date: "2026-12-01", scope: "WORKSPACE" } },
  async handler({ body, auth, services }) {
    const creator = auth.user?.uuid ?? null;
    if (body.scope === "PERSONAL" && creator === null) {
      throw badRequest(
        "a PERSONAL task needs a user context: use a user-bound key or send x-service-user-id",
        // A tool call sends no header of its own: say what the agent can do now, and what the person who set up
        // its connection can change.
        "a PERSONAL task needs a user context, and these calls act tenant-wide, as no user: create it with scope WORKSPACE " +
          "(assignee_user_uuid names who does it; listUsers names the users), or have the MCP connection act as a user " +
          "(sign in with OAuth, or set a user-bound API key in the client's connection settings)",
      );
    }
    const assignee = body.assignee_user_uuid ? await resolveAssignee(services, auth, body.assignee_user_uuid) : null;
    checkPersonalAssignee(body.scope, assignee, creator);
    checkNewLinks("TASK", body.associations ?? []);
    const task = await services.store.tasks.create(
      {
        tenant_uuid: auth.tenant.uuid,
        title: body.title,
        description: body.description,
        status: body.status,
        scope: body.scope,
        due_date: body.due_date,
        assignee_user_uuid: assignee,
        created_by_user_uuid: creator,
        associations: body.associations,
      },
      viewerOf(auth),
    );
    return presentTask(task);
  },
});
