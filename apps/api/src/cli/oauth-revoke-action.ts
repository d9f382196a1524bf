/**
 * @module
 * What `rapport oauth revoke` does once its options are read (in oauth-command.ts): checks what it is asked to revoke
 * (exactly one of a user, a client or every grant; each named one must exist), revokes it in one transaction and
 * prints how many grants, refresh tokens, codes, sessions and sign-ins in progress went.
 */
import type { Command } from "commander";
import { accountIdFor } from "../oauth/account-id.js";
import { oauthClientUse, revokeOAuthGrants, type OAuthRevocation, type OAuthRevocationScope } from "../oauth/revoke-oauth-grants.js";
import { counted } from "../platform/text/counted.js";
import { CliError, printResult } from "./cli-output.js";
import { existingDatabasePath, openingDatabase } from "./database-path.js";
import { openStore } from "./open-store.js";
import { namedUsers } from "./named-users.js";

export interface RevokeOptions {
  user?: string;
  client?: string;
  all?: boolean;
  tenant?: string;
  deleteClient?: boolean;
}

/** The one selection asked for, or a CliError naming what is wrong; checked before the database is opened. */
function checkSelection(options: RevokeOptions): void {
  const given = [options.user !== undefined && "--user", options.client !== undefined && "--client", options.all && "--all"].filter(Boolean);
  if (given.length === 0) throw new CliError("say what to revoke: --user <email or uuid>, --client <client_id> or --all");
  if (given.length > 1) throw new CliError(`${given.join(" and ")} exclude each other: give one`);
  if (options.deleteClient && options.client === undefined) throw new CliError("--delete-client goes with --client");
  if (options.user !== undefined && !options.user.trim()) throw new CliError("--user must not be empty");
  if (options.client !== undefined && !options.client.trim()) throw new CliError("--client must not be empty");
}

function revocationLines(what: string, revoked: OAuthRevocation, clientId: string | undefined): string[] {
  const lines = [
    `revoked ${counted(revoked.grants, "grant")} ${what}: ${counted(revoked.refresh_tokens, "refresh token")}, ` +
      `${counted(revoked.authorization_codes, "authorization code")}, ${counted(revoked.sessions, "sign-in session")}, ` +
      `${counted(revoked.sign_ins_in_progress, "sign-in", "sign-ins")} in progress`,
    "access tokens issued under them answer 401 at once on every running server",
  ];
  if (revoked.client_deleted) lines.push(`deleted client ${clientId}: it must register again`);
  return lines;
}

/** Runs `rapport oauth revoke (--user U | --client C [--delete-client] | --all) [--tenant T]`. */
export async function runRevokeOAuthGrants(options: RevokeOptions, command: Command): Promise<void> {
  checkSelection(options);
  const global = command.optsWithGlobals<{ db?: string; json?: boolean }>();
  const path = existingDatabasePath(global.db);
  const store = await openingDatabase(path, () => openStore(path));
  try {
    const { tenant: tenantUuid } = options;
    if (tenantUuid !== undefined && !(await store.tenants.get(tenantUuid))) throw new CliError(`tenant ${tenantUuid} not found`);
    const scope: OAuthRevocationScope = { tenantUuid };
    let what = tenantUuid ? `of tenant ${tenantUuid}` : "of every tenant";
    let accounts: Array<{ tenant_uuid: string; user_uuid: string; email: string }> | undefined;
    if (options.user !== undefined) {
      const users = await namedUsers(store, options.user, tenantUuid);
      accounts = users.map((user) => ({ tenant_uuid: user.tenant_uuid, user_uuid: user.uuid, email: user.email }));
      scope.accountIds = new Set(users.map((user) => accountIdFor(user.tenant_uuid, user.uuid)));
      what = `of user ${options.user.trim()} (${counted(users.length, "account")})`;
    }
    if (options.client !== undefined) {
      const clientId = options.client.trim();
      const use = await oauthClientUse(store, clientId);
      if (!use.registered && use.grants === 0) throw new CliError(`no client ${clientId}: none is registered, and no grant names it`);
      if (options.deleteClient && !use.registered) {
        throw new CliError(`client ${clientId} is not registered here (a client ID metadata document URL, say): leave out --delete-client`);
      }
      scope.clientId = clientId;
      scope.deleteClient = options.deleteClient ?? false;
      what = `to client ${clientId}${tenantUuid ? ` in tenant ${tenantUuid}` : ""}`;
    }
    const revoked = await revokeOAuthGrants(store, scope);
    const selection = {
      ...(accounts ? { user: options.user!.trim(), accounts } : {}),
      ...(scope.clientId !== undefined ? { client_id: scope.clientId } : {}),
      ...(options.all ? { all: true } : {}),
      tenant_uuid: tenantUuid ?? null,
    };
    printResult(global, { ...selection, ...revoked }, () => revocationLines(what, revoked, scope.clientId));
  } finally {
    await store.close();
  }
}
