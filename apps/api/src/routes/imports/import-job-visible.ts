/** Who may read or cancel an import job: administrators, the tenant-wide key, and the user who started it or whose archive it is. */
import type { ImportJob } from "@rapport/store";
import type { AuthContext } from "../../platform/auth/auth-context.js";

/** Whether `auth` may see `job`; anyone else is answered 404, as for another tenant's job. */
export function importJobVisible(job: ImportJob, auth: AuthContext): boolean {
  return auth.isAdministrator || (auth.user !== null && [job.created_by_user_uuid, job.owner_user_uuid].includes(auth.user.uuid));
}
