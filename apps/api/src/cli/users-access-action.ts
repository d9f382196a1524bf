/**
 * @module
 * What `rapport users access` does: who in a tenant can reach its data, and how, for an access review: each user's
 * role and state, whether they can sign in (a password), their working keys and OAuth grants; then the tenant-scoped
 * keys, which are nobody's. Text lines, `--json`, or `--csv` for a spreadsheet.
 */
import type { ListedApiKey, Role, User } from "@rapport/store";
import type { Command } from "commander";
import { listOAuthGrants, type ListedOAuthGrant } from "../oauth/list-oauth-grants.js";
import { counted } from "../platform/text/counted.js";
import { requireTenant, withStore } from "./admin-actions.js";
import { CliError, printable, printResult } from "./cli-output.js";
import { commandStreams } from "./command-streams.js";
import { csvLine } from "./csv-cell.js";
import { isLiveKey, isoMinute } from "./key-line.js";

interface AccessKey {
  uuid: string;
  key_prefix: string;
  read_only: boolean;
  label: string | null;
  created_at: number;
  expires_at: number | null;
  last_used_at: number | null;
}

interface UserAccess {
  uuid: string;
  name: string;
  email: string;
  role: Role;
  is_active: boolean;
  /** Whether the user has a password for the OAuth sign-in page (MCP clients). */
  password_set: boolean;
  /** Working keys bound to the user (suspended while the user is deactivated). */
  keys: AccessKey[];
  oauth_grants: Array<{ client_id: string; client_name: string | null; granted_at: number | null; expires_at: number | null; scopes: string[] }>;
}

function accessKey(key: ListedApiKey): AccessKey {
  return {
    uuid: key.uuid,
    key_prefix: key.key_prefix,
    read_only: key.read_only,
    label: key.label,
    created_at: key.created_at,
    expires_at: key.expires_at,
    last_used_at: key.last_used_at,
  };
}

const lastUse = (keys: AccessKey[]) => keys.reduce<number | null>((latest, key) => (key.last_used_at !== null && (latest === null || key.last_used_at > latest) ? key.last_used_at : latest), null);

function keysText(user: UserAccess): string {
  if (user.keys.length === 0) return "no keys";
  const readOnly = user.keys.filter((key) => key.read_only).length;
  const used = lastUse(user.keys);
  return (
    `${counted(user.keys.length, "key")}${readOnly > 0 ? ` (${readOnly} read-only)` : ""}${user.is_active ? "" : " suspended"}` +
    `, ${used === null ? "never used" : `last used ${isoMinute(used)}`}`
  );
}

function grantsText(user: UserAccess): string {
  if (user.oauth_grants.length === 0) return "no OAuth grants";
  const clients = [...new Set(user.oauth_grants.map((grant) => JSON.stringify(grant.client_name ?? grant.client_id)))];
  return `${counted(user.oauth_grants.length, "OAuth grant")} (${clients.join(", ")})`;
}

function userLine(user: UserAccess): string {
  return (
    `${user.uuid}  ${user.role.padEnd(13)}  ${user.is_active ? "active  " : "inactive"}  ${user.name} <${user.email}>  ` +
    `${keysText(user)}; ${grantsText(user)}; ${user.password_set ? "password set" : "no password"}`
  );
}

function summaryLine(users: UserAccess[], tenantKeys: AccessKey[]): string {
  const administrators = users.filter((user) => user.role === "administrator").length;
  const inactive = users.filter((user) => !user.is_active).length;
  const withKeys = users.filter((user) => user.is_active && user.keys.length > 0).length;
  const withGrants = users.filter((user) => user.oauth_grants.length > 0).length;
  return (
    `${counted(users.length, "user")} (${counted(administrators, "administrator")}, ${inactive} deactivated); ` +
    `${withKeys} active with working keys, ${withGrants} with OAuth grants; ${counted(tenantKeys.length, "working tenant-scoped key")}`
  );
}

const CSV_HEADER = ["kind", "uuid", "name", "email", "role", "is_active", "password_set", "working_keys", "read_only_keys", "last_used_at", "oauth_grants", "oauth_clients", "label"];

function csvLines(users: UserAccess[], tenantKeys: AccessKey[]): string[] {
  const iso = (time: number | null) => (time === null ? null : new Date(time).toISOString());
  return [
    csvLine(CSV_HEADER),
    ...users.map((user) =>
      csvLine([
        "user",
        user.uuid,
        user.name,
        user.email,
        user.role,
        user.is_active,
        user.password_set,
        user.keys.length,
        user.keys.filter((key) => key.read_only).length,
        iso(lastUse(user.keys)),
        user.oauth_grants.length,
        [...new Set(user.oauth_grants.map((grant) => grant.client_name ?? grant.client_id))].join("; "),
        null,
      ]),
    ),
    ...tenantKeys.map((key) => csvLine(["tenant-scoped key", key.uuid, null, null, null, null, null, 1, key.read_only ? 1 : 0, iso(key.last_used_at), null, null, key.label])),
  ];
}

function grantsByUser(grants: ListedOAuthGrant[]): Map<string, UserAccess["oauth_grants"]> {
  const byUser = new Map<string, UserAccess["oauth_grants"]>();
  for (const grant of grants) {
    if (grant.user_uuid === null) continue;
    const list = byUser.get(grant.user_uuid) ?? [];
    list.push({ client_id: grant.client_id, client_name: grant.client_name, granted_at: grant.granted_at, expires_at: grant.expires_at, scopes: grant.scopes });
    byUser.set(grant.user_uuid, list);
  }
  return byUser;
}

/**
 * Prints who can reach tenant `--tenant`'s data: every user (or those of `--role`), sorted by name, with their role,
 * state, password, working keys and live OAuth grants, then the working tenant-scoped keys and a summary line.
 */
export async function listUsersAccess(options: { tenant: string; role?: Role; csv?: boolean }, command: Command, now: () => number = Date.now): Promise<void> {
  if (options.csv && command.optsWithGlobals<{ json?: boolean }>().json) throw new CliError("--csv and --json exclude each other: give one");
  await withStore(command, async (store, global) => {
    await requireTenant(store, options.tenant);
    const at = now();
    const listed = await store.users.list(options.tenant, { order: "asc", position: { kind: "offset", offset: 0 }, limit: 10_000 });
    const chosen: User[] = listed.rows.filter((user) => options.role === undefined || user.role === options.role);
    const keys = (await store.apiKeys.list(options.tenant)).filter((key) => isLiveKey(key, at));
    const grants = grantsByUser(await listOAuthGrants(store, { tenantUuid: options.tenant }, at));
    const users: UserAccess[] = [];
    for (const user of chosen) {
      users.push({
        uuid: user.uuid,
        name: user.name,
        email: user.email,
        role: user.role,
        is_active: user.is_active,
        password_set: (await store.userPasswords.get(options.tenant, user.uuid)) !== null,
        keys: keys.filter((key) => key.user_uuid === user.uuid).map(accessKey),
        oauth_grants: grants.get(user.uuid) ?? [],
      });
    }
    const tenantKeys = keys.filter((key) => key.user_uuid === null).map(accessKey);
    if (options.csv) {
      // A client's registered name may hold a terminal escape, as in every other output: shown, never acted on.
      for (const line of csvLines(users, tenantKeys)) commandStreams().stdout.write(`${printable(line)}\r\n`);
      return;
    }
    printResult(global, { tenant_uuid: options.tenant, listed_at: at, users, tenant_scoped_keys: tenantKeys }, () => [
      ...users.map(userLine),
      ...tenantKeys.map(
        (key) =>
          `tenant-scoped key ${key.uuid}  ${key.key_prefix}…  ${key.read_only ? "read-only " : "read-write"}  ` +
          `${key.last_used_at === null ? "never used" : `last used ${isoMinute(key.last_used_at)}`}${key.label ? `  ${key.label}` : ""}`,
      ),
      summaryLine(users, tenantKeys),
    ]);
  });
}
