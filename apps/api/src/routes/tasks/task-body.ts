/** Body fields of task writes. */
import { TASK_STATUSES } from "@rapport/store";
import { z } from "zod";
import { uuidString } from "../../platform/request/common-schemas.js";
import { calendarDate } from "../../platform/request/date-schemas.js";
import { MAX_TASK_DESCRIPTION_LENGTH, MAX_TASK_TITLE_LENGTH } from "../../platform/request/field-limits.js";
import { nullableTextAsWritten, requiredLine } from "../../platform/request/field-schemas.js";

export const taskFields = {
  title: requiredLine(MAX_TASK_TITLE_LENGTH).describe("What to do."),
  description: nullableTextAsWritten("Details.", MAX_TASK_DESCRIPTION_LENGTH),
  status: z.enum(TASK_STATUSES).describe("OPEN (default), IN_PROGRESS, DONE or CANCELLED."),
  due_date: calendarDate("When it is due.").nullable(),
  assignee_user_uuid: uuidString("The assignee: an active user's UUID or that user's person UUID; null for nobody.").nullable(),
};
