/**
 * @module
 * What `rapport oauth list-grants` does once its options are read (in oauth-command.ts): checks the filters (a live
 * tenant, a user found, a client known), then prints one line per live grant, or its JSON document.
 */
import type { Command } from "commander";
import { accountIdFor } from "../oauth/account-id.js";
import type { OAuthGrantSelection } from "../oauth/grant-selection.js";
import { listOAuthGrants, type ListedOAuthGrant } from "../oauth/list-oauth-grants.js";
import { oauthClientUse } from "../oauth/revoke-oauth-grants.js";
import { requireTenant, withStore } from "./admin-actions.js";
import { CliError, printResult } from "./cli-output.js";
import { isoMinute } from "./key-line.js";
import { namedUsers } from "./named-users.js";

export interface ListGrantsOptions {
  tenant?: string;
  user?: string;
  client?: string;
}

/**
 * A client's registered name as one quoted line: anyone may register a client and choose its name, so a line break or
 * a terminal escape in it is shown escaped, never acted on.
 */
function quotedName(name: string): string {
  return JSON.stringify(name).replace(/\u2028/g, "\\u2028").replace(/\u2029/g, "\\u2029");
}

function userPart(grant: ListedOAuthGrant): string {
  if (grant.user_name === null) return `${grant.user_uuid ?? "(no account)"}  (user not found)`;
  return `${grant.user_uuid}  ${grant.user_name} <${grant.user_email}>${grant.user_active ? "" : " (deactivated)"}`;
}

/**
 * A grant's line: user uuid, name and email, tenant, client id and registered name, when granted and until when, scopes.
 *
 * @example
 * grantLine(grant); // "6f1c…  Alice <alice@example.com>  tenant 2b7e… (Acme)  client Kx3… ("Claude")  granted 2026-12-05T10:31Z  expires 2027-01-04T10:31Z  scopes mcp mcp:read offline_access"
 */
export function grantLine(grant: ListedOAuthGrant): string {
  const tenant = `tenant ${grant.tenant_uuid ?? "(none)"} (${grant.tenant_name ?? "deleted"})`;
  const client = `client ${grant.client_id}${grant.client_name === null ? "" : ` (${quotedName(grant.client_name)})`}`;
  const granted = `granted ${grant.granted_at === null ? "(unknown)" : isoMinute(grant.granted_at)}`;
  const expires = grant.expires_at === null ? "never expires" : `expires ${isoMinute(grant.expires_at)}`;
  return `${userPart(grant)}  ${tenant}  ${client}  ${granted}  ${expires}  scopes ${grant.scopes.join(" ") || "(none)"}`;
}

function checkOptions(options: ListGrantsOptions): void {
  if (options.user !== undefined && !options.user.trim()) throw new CliError("--user must not be empty");
  if (options.client !== undefined && !options.client.trim()) throw new CliError("--client must not be empty");
}

/** What the filters choose, in words, for the line that says there is no grant. */
function chosen(options: ListGrantsOptions): string {
  return [
    options.user !== undefined && ` of user ${options.user.trim()}`,
    options.client !== undefined && ` to client ${options.client.trim()}`,
    options.tenant !== undefined && ` in tenant ${options.tenant}`,
  ]
    .filter(Boolean)
    .join("");
}

/** Runs `rapport oauth list-grants [--tenant T] [--user U] [--client C]`. */
export async function runListOAuthGrants(options: ListGrantsOptions, command: Command, now: () => number = Date.now): Promise<void> {
  checkOptions(options);
  await withStore(command, async (store, global) => {
    const selection: OAuthGrantSelection = { tenantUuid: options.tenant };
    if (options.tenant !== undefined) await requireTenant(store, options.tenant);
    if (options.user !== undefined) {
      const users = await namedUsers(store, options.user, options.tenant);
      selection.accountIds = new Set(users.map((user) => accountIdFor(user.tenant_uuid, user.uuid)));
    }
    if (options.client !== undefined) {
      const clientId = options.client.trim();
      const use = await oauthClientUse(store, clientId);
      if (!use.registered && use.grants === 0) throw new CliError(`no client ${clientId}: none is registered, and no grant names it`);
      selection.clientId = clientId;
    }
    const grants = await listOAuthGrants(store, selection, now());
    printResult(global, grants, () => (grants.length > 0 ? grants.map(grantLine) : [`no live OAuth grants${chosen(options)}`]));
  });
}
