/**
 * @module
 * `rapport oauth rotate-keys`, `rapport oauth list-grants` and `rapport oauth revoke`: the OAuth authorization server's
 * keys and grants (MCP clients' sign-in), straight on the database. The commands' options and help; what each does is
 * loaded from oauth-action.ts, oauth-grants-action.ts and oauth-revoke-action.ts when it runs.
 */
import { Command } from "commander";
import type { ListGrantsOptions } from "./oauth-grants-action.js";
import type { RevokeOptions } from "./oauth-revoke-action.js";
import { tenantUuidOption } from "./uuid-option.js";
import { existingDatabaseAction } from "./existing-database-action.js";

export function oauthCommand(): Command {
  const oauth = new Command("oauth").description("manage the OAuth authorization server MCP clients sign in through");
  oauth
    .command("rotate-keys")
    .summary("make new OAuth signing and cookie keys current")
    .description(
      "make a new token-signing key and a new cookie key current, for every tenant; the keys they replace keep verifying what they " +
        "signed until it expires (access tokens: 1 hour, sign-in sessions: 14 days). Running `rapport serve` processes on the " +
        "database take the new keys at their next OAuth request, without a restart",
    )
    .option(
      "--revoke-old",
      "delete the replaced keys at once (a leaked key): access tokens they signed answer 401 and clients refresh them; signed-in " +
        "users sign in again. Refresh tokens and grants are kept (`rapport oauth revoke` ends those)",
    )
    .action(existingDatabaseAction(async (options: { revokeOld?: boolean }, command: Command) => (await import("./oauth-action.js")).runRotateOAuthKeys(options, command)));
  oauth
    .command("list-grants")
    .alias("grants")
    .summary("list the live OAuth grants: which users connected which MCP clients")
    .description(
      "list what MCP clients were granted and not yet expired, one line each: the user (uuid, name, email) and tenant, the client " +
        "(its client_id, and its registered name), when the user consented, when the grant expires (30 days later) and its scopes; " +
        "sorted by tenant, user and time of consent. --tenant, --user and --client narrow the list (together: grants matching every " +
        "one). Reads only; runs beside a server. `rapport oauth revoke` ends grants",
    )
    .option("--tenant <uuid>", "only the grants of this tenant's accounts", tenantUuidOption)
    .option("--user <user>", "only this user's grants (a user UUID, or an email: its users in every tenant, or in --tenant)")
    .option("--client <client_id>", "only the grants to this client (its client_id, as in the grants; a client ID metadata document's URL too)")
    .action(async (options: ListGrantsOptions, command: Command) => (await import("./oauth-grants-action.js")).runListOAuthGrants(options, command));
  oauth
    .command("revoke")
    .summary("revoke OAuth grants: a user's, a client's, or every one")
    .description(
      "revoke what MCP clients were granted (a lost laptop, a compromised client, a user leaving): the grants chosen, the refresh " +
        "tokens and codes issued under them, and sign-ins in progress; for a user or --all, their sign-in sessions too. Access tokens " +
        "issued under a revoked grant answer 401 at once on every running server; the client must sign in again. Give exactly one of " +
        "--user, --client or --all; --tenant narrows it to one tenant's accounts. Prints how many of each were revoked",
    )
    .option("--user <user>", "the grants of this user's accounts (a user UUID, or an email: its users in every tenant, or in --tenant)")
    .option("--client <client_id>", "the grants to this client (its client_id, as in the grants; a client ID metadata document's URL too)")
    .option("--all", "every grant of the database (of --tenant's accounts with --tenant)")
    .option("--tenant <uuid>", "only the accounts of this tenant", tenantUuidOption)
    .option("--delete-client", "with --client: also delete the client's registration (a dynamically registered client); it must register again")
    .action(async (options: RevokeOptions, command: Command) => (await import("./oauth-revoke-action.js")).runRevokeOAuthGrants(options, command));
  return oauth;
}
