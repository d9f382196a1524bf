/** Guard for workspace configuration (opportunity types, stages, custom fields): administrators only. */
import { forbidden } from "../errors/api-error.js";
import type { AuthContext } from "./auth-context.js";

/** Throws 403 unless the caller is an administrator or a tenant-wide call. */
export function requireAdministrator(auth: AuthContext, action: string): void {
  if (!auth.isAdministrator) throw forbidden(`only an administrator may ${action}`);
}
