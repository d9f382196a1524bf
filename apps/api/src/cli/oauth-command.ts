/**
 * @module
 * `rapport oauth rotate-keys`: the OAuth authorization server's keys (MCP clients' sign-in), straight on the database.
 * The command's options and help; what it does is loaded from oauth-action.ts when it runs.
 */
import { Command } from "commander";

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
        "users sign in again. Refresh tokens and grants are kept",
    )
    .action(async (options: { revokeOld?: boolean }, command: Command) => (await import("./oauth-action.js")).runRotateOAuthKeys(options, command));
  return oauth;
}
