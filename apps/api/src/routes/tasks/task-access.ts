/** Loading a task: invisible (404) unless WORKSPACE or created by the caller; and resolving assignees. */
import { mergedAwayNote, type Task } from "@rapport/store";
import { z } from "zod";
import type { AuthContext } from "../../platform/auth/auth-context.js";
import { viewerOf } from "../../platform/auth/viewer.js";
import { badRequest, notFound } from "../../platform/errors/api-error.js";
import { uuidString } from "../../platform/request/common-schemas.js";
import type { AppServices } from "../../services.js";

export const taskPathParams = z.object({ task_id: uuidString("The task's id (a UUID).") });

export async function loadTask(services: AppServices, auth: AuthContext, taskId: string): Promise<Task> {
  const task = await services.store.tasks.get(auth.tenant.uuid, taskId, viewerOf(auth));
  if (!task) throw notFound(`task ${taskId} not found`);
  return task;
}

/**
 * The user UUID an assignee (user UUID or the user's person UUID) names; 400 unless an active user of the tenant,
 * naming the person a merged-away person went into.
 */
export async function resolveAssignee(services: AppServices, auth: AuthContext, uuid: string): Promise<string> {
  const resolved = (await services.store.records.resolveUsers(auth.tenant.uuid, [uuid])).get(uuid);
  const user = resolved ? await services.store.users.get(auth.tenant.uuid, resolved) : null;
  if (!user?.is_active) {
    const note = resolved ? "" : mergedAwayNote(await services.store.personMerges.mergedInto(auth.tenant.uuid, uuid));
    throw badRequest(`assignee ${uuid} is not an active user of this tenant${note}`);
  }
  return user.uuid;
}

/** A PERSONAL task exists for its creator only, so only the creator may be its assignee. */
export function checkPersonalAssignee(scope: string, assignee: string | null, creator: string | null): void {
  if (scope === "PERSONAL" && assignee !== null && assignee !== creator) {
    throw badRequest("a PERSONAL task is visible to its creator only: it can be assigned to its creator or to nobody");
  }
}
