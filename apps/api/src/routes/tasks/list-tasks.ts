/** GET /v1/tasks: the tasks the caller may see, with filters. */
import { ENTITY_TYPES, TASK_SCOPES, TASK_STATUSES, type TaskStatus } from "@rapport/store";
import { z } from "zod";
import { defineOperation } from "../../operations/operation.js";
import { viewerOf } from "../../platform/auth/viewer.js";
import { badRequest } from "../../platform/errors/api-error.js";
import { listEnvelopeSchema } from "../../platform/listing/list-envelope.js";
import { pagedListQuery, sortOrderParameter } from "../../platform/listing/list-parameters.js";
import { listPage } from "../../platform/listing/list-page.js";
import { COMMA_SEPARATED, uuidString } from "../../platform/request/common-schemas.js";
import { presentTask, taskSchema } from "../../presenters/task-presenter.js";
import { resolveAssignee } from "./task-access.js";
import { MAX_TASK_STATUS_FILTER_LENGTH } from "../../platform/request/field-limits.js";

const statusList = z
  .string()
  .max(MAX_TASK_STATUS_FILTER_LENGTH)
  .meta(COMMA_SEPARATED)
  .transform((value, context) => {
    const statuses = [...new Set(value.split(",").map((item) => item.trim()).filter(Boolean))];
    const bad = statuses.find((status) => !(TASK_STATUSES as readonly string[]).includes(status));
    if (bad !== undefined || statuses.length === 0) {
      context.addIssue({ code: "custom", message: `must be comma-separated values of ${TASK_STATUSES.join(", ")}` });
      return z.NEVER;
    }
    return statuses as TaskStatus[];
  });

export const listTasks = defineOperation({
  operationId: "listTasks",
  method: "get",
  path: "/v1/tasks",
  area: "Task",
  summary: "List tasks",
  description:
    "Lists the WORKSPACE tasks of the tenant and the caller's own PERSONAL tasks (a tenant-wide call sees no PERSONAL task), by creation time (oldest first by default). Deleted tasks are never listed. Page-numbered (no cursor).",
  query: pagedListQuery.extend({
    status: statusList.optional().describe(`Comma-separated statuses (${TASK_STATUSES.join(", ")}).`),
    scope: z.enum(TASK_SCOPES).optional().describe("Only PERSONAL or only WORKSPACE tasks."),
    assignee_user_uuid: uuidString("Only tasks assigned to this user (user UUID or the user's person UUID).").optional(),
    entity_type: z.enum(ENTITY_TYPES).optional().describe("With entity_uuid: only tasks linked to this kind of record."),
    entity_uuid: uuidString("With entity_type: only tasks linked to this record.").optional(),
    order: sortOrderParameter("asc"),
  }),
  response: listEnvelopeSchema(taskSchema),
  async handler({ query, auth, services }) {
    const { page, per_page, status, scope, entity_type, entity_uuid, order } = query;
    if ((entity_type === undefined) !== (entity_uuid === undefined)) {
      throw badRequest("send entity_type and entity_uuid together, or neither");
    }
    const assignee = query.assignee_user_uuid ? await resolveAssignee(services, auth, query.assignee_user_uuid) : undefined;
    const filters = {
      status,
      scope,
      assignee_user_uuid: assignee,
      entity: entity_type && entity_uuid ? { type: entity_type, uuid: entity_uuid } : undefined,
    };
    return listPage({
      paging: { page, per_page },
      query: { operation: "listTasks", filters, order },
      cursors: null,
      fetch: (request) => services.store.tasks.list(auth.tenant.uuid, { ...request, filters, order, viewer: viewerOf(auth) }),
      present: (tasks) => tasks.map(presentTask),
    });
  },
});
