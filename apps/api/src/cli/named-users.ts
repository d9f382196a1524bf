/** The users an OAuth command's `--user` names: a user UUID, or an email (unique per tenant only). */
import type { Store, User } from "@rapport/store";
import { isUuid } from "../platform/request/uuid-pattern.js";
import { CliError } from "./cli-output.js";

/** Every live tenant's users (deactivated ones included: a user leaving is usually deactivated first). */
async function usersOf(store: Store, tenantUuids: string[]): Promise<User[]> {
  const users: User[] = [];
  for (const tenantUuid of tenantUuids) {
    const page = await store.users.list(tenantUuid, { order: "asc", position: { kind: "offset", offset: 0 }, limit: 10_000 });
    users.push(...page.rows);
  }
  return users;
}

/**
 * The users `--user` names: the user with that UUID (in any case), or every user with that email, in `--tenant` or
 * in any live tenant; a CliError naming it when there is none.
 */
export async function namedUsers(store: Store, user: string, tenantUuid: string | undefined): Promise<User[]> {
  const tenantUuids = tenantUuid ? [tenantUuid] : (await store.tenants.list()).map((tenant) => tenant.uuid);
  const wanted = user.trim().toLowerCase();
  const matches = (candidate: User) => (isUuid(wanted) ? candidate.uuid === wanted : candidate.email.trim().toLowerCase() === wanted);
  const found = (await usersOf(store, tenantUuids)).filter(matches);
  if (found.length === 0) throw new CliError(`no user ${user.trim()}${tenantUuid ? ` in tenant ${tenantUuid}` : " in any tenant"}`);
  return found;
}
