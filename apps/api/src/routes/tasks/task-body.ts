/** Body fields of task writes. */
import { TASK_STATUSES } from "@rapport/store";
import { z } from "zod";
import { uuidString } from "../../platform/request/common-schemas.js";
import { calendarDate } from "../../platform/request/date-schemas.js";

export const taskFields = {
  title: z.string().trim().min(1).max(500).describe("What to do."),
  description: z.string().max(10_000).nullable().describe("Details."),
  status: z.enum(TASK_STATUSES).describe("OPEN (default), IN_PROGRESS, DONE or CANCELLED."),
  due_date: calendarDate("When it is due.").nullable(),
  assignee_user_uuid: uuidString("The assignee: an active user's UUID or that user's person UUID; null for nobody.").nullable(),
};
