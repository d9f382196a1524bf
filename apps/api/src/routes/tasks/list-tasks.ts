/** GET /v1/tasks: the tasks the caller may see, with filters. */
import { ENTITY_TYPES, TASK_SCOPES, TASK_STATUSES, type TaskStatus } from "@rapport/store";
import { z } from "zod";
import { defineOperation } from "../../operations/operation.js";
import { viewerOf } from "../../platform/auth/viewer.js";
import { badRequest } from "../../platform/errors/api-error.js";
import { listEnvelopeSchema } from "../../platform/listing/list-envelope.js";
import { cursorCodecFor } from "../../platform/listing/cursor-codec-for-store.js";
import { cursorListQuery, sortOrderParameter } from "../../platform/listing/list-parameters.js";
import { listPage } from "../../platform/listing/list-page.js";
import { COMMA_SEPARATED, uuidString } from "../../platform/request/common-schemas.js";
import { calendarDate, isoBoundQuery } from "../../platform/request/date-schemas.js";
import { refuseReversedRange } from "../../platform/listing/range-bounds.js";
import { presentTask, taskSchema } from "../../presenters/task-presenter.js";
import { resolveAssignee } from "./task-access.js";
import { MAX_TASK_STATUS_FILTER_LENGTH } from "../../platform/request/field-limits.js";
import { refuseMergedAwayPersonFilter, refuseMergedAwayUserPersonFilter } from "../persons/merged-away-person-filter.js";
import { refuseMergedAwayCompanyFilter } from "../companies/merged-away-company-filter.js";

const statusList = z
  .string()
  .max(MAX_TASK_STATUS_FILTER_LENGTH, `at most ${MAX_TASK_STATUS_FILTER_LENGTH} characters`)
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
    "Lists the WORKSPACE tasks of the tenant and the caller's own PERSONAL tasks (a tenant-wide call sees no PERSONAL task), by creation time (oldest first by default) or, with sort_by=updated_at, by change time. Deleted tasks are never listed (GET /v1/deletions lists them). " +
    "To keep a copy: note the watermark (sort_by=updated_at&order=desc&per_page=1, its updated_at), scan with cursor, then poll with updated_after set to the watermark, next time to the watermark noted again just before that poll (not the largest updated_at a poll saw: a record written behind its position would be missed). A task's updated_at moves when it is edited and when its links change (a link made or removed from either side, a linked record deleted, a linked person merged or erased).",
  query: cursorListQuery.extend({
    status: statusList.optional().describe(`Comma-separated statuses (${TASK_STATUSES.join(", ")}).`),
    scope: z.enum(TASK_SCOPES).optional().describe("Only PERSONAL or only WORKSPACE tasks."),
    assignee_user_uuid: uuidString("Only tasks assigned to this user (user UUID or the user's person UUID).").optional(),
    entity_type: z.enum(ENTITY_TYPES).optional().describe("With entity_uuid: only tasks linked to this kind of record."),
    entity_uuid: uuidString("With entity_type: only tasks linked to this record.").optional(),
    sort_by: z.enum(["created_at", "updated_at"]).default("created_at").describe("The time the list is ordered by (then uuid)."),
    order: sortOrderParameter("asc"),
    updated_after: isoBoundQuery("Only tasks updated at or after this instant (edited, or their links changed).", "start").optional(),
    due_date_from: calendarDate("Due on or after this date.").optional(),
    due_date_to: calendarDate("Due on or before this date.").optional(),
  }),
  response: listEnvelopeSchema(taskSchema),
  async handler({ query, auth, services }) {
    const { page, per_page, cursor, status, scope, entity_type, entity_uuid, sort_by, order, updated_after, due_date_from, due_date_to } = query;
    refuseReversedRange("due_date", due_date_from, due_date_to);
    if ((entity_type === undefined) !== (entity_uuid === undefined)) {
      throw badRequest("send entity_type and entity_uuid together, or neither");
    }
    if (entity_type === "PERSON") await refuseMergedAwayPersonFilter(services, auth.tenant.uuid, entity_uuid, "entity_uuid");
    if (entity_type === "COMPANY") await refuseMergedAwayCompanyFilter(services, auth.tenant.uuid, entity_uuid, "entity_uuid");
    await refuseMergedAwayUserPersonFilter(services, auth.tenant.uuid, query.assignee_user_uuid, "assignee_user_uuid");
    const assignee = query.assignee_user_uuid ? await resolveAssignee(services, auth, query.assignee_user_uuid) : undefined;
    const filters = {
      status,
      scope,
      assignee_user_uuid: assignee,
      entity: entity_type && entity_uuid ? { type: entity_type, uuid: entity_uuid } : undefined,
      updated_after,
      due_date_from,
      due_date_to,
    };
    const viewer = viewerOf(auth);
    return listPage({
      paging: { page, per_page, cursor },
      // The user context is part of the query: a PERSONAL task is listed to its creator alone.
      query: { operation: "listTasks", tenant: auth.tenant.uuid, user: viewer.user_uuid, filters, sort_by, order },
      cursors: await cursorCodecFor(services.store),
      fetch: (request) => services.store.tasks.list(auth.tenant.uuid, { ...request, filters, sort_by, order, viewer }),
      present: (tasks) => tasks.map(presentTask),
    });
  },
});
