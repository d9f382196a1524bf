/**
 * @module
 * What `rapport users deactivate` does: the user is suspended (their keys answer 403 and their OAuth tokens 401 until
 * a reactivation), or, with `--revoke-keys` (a leaver), their keys and OAuth grants are revoked for good in the same
 * transaction. The output says which, and how many keys and OAuth grants, and that their entity lists stay theirs until an
 * administrator hands them on.
 */
import type { Command } from "commander";
import { accountIdFor } from "../oauth/account-id.js";
import { listOAuthGrants } from "../oauth/list-oauth-grants.js";
import { revokeOAuthGrants } from "../oauth/revoke-oauth-grants.js";
import { counted } from "../platform/text/counted.js";
import { requireTenant, withStore } from "./admin-actions.js";
import { CliError, printResult } from "./cli-output.js";
import { isLiveKey } from "./key-line.js";

/**
 * Deactivates `--user`: their person is an outside contact from then on, their past interactions staying. Their
 * working keys are suspended, or with `revokeKeys` revoked with their OAuth grants, all in one transaction.
 */
export async function deactivateUser(options: { tenant: string; user: string; revokeKeys?: boolean }, command: Command): Promise<void> {
  await withStore(command, async (store, global) => {
    await requireTenant(store, options.tenant);
    const now = Date.now();
    const outcome = await store.transaction(async (transaction) => {
      const before = await transaction.users.get(options.tenant, options.user);
      if (!before || !(await transaction.users.deactivate(options.tenant, options.user))) return null;
      const keys = (await transaction.apiKeys.list(options.tenant)).filter((key) => key.user_uuid === options.user && isLiveKey(key, now));
      const account = { accountIds: new Set([accountIdFor(options.tenant, options.user)]) };
      // Suspended, the grants stay (their access tokens answer 401 until a reactivation): counted, as the keys are.
      if (!options.revokeKeys) return { wasActive: before.is_active, keys: keys.length, grants: (await listOAuthGrants(transaction, account, now)).length, revoked: false };
      for (const key of keys) await transaction.apiKeys.revoke(options.tenant, key.uuid);
      const revoked = await revokeOAuthGrants(transaction, account, now);
      return { wasActive: before.is_active, keys: keys.length, grants: revoked.grants, revoked: true };
    });
    if (!outcome) throw new CliError(`user ${options.user} not found in tenant ${options.tenant}`);
    const keys = counted(outcome.keys, "API key");
    const grants = counted(outcome.grants, "OAuth grant");
    printResult(
      global,
      {
        uuid: options.user,
        is_active: false,
        keys_suspended: outcome.revoked ? 0 : outcome.keys,
        keys_revoked: outcome.revoked ? outcome.keys : 0,
        oauth_grants_suspended: outcome.revoked ? 0 : outcome.grants,
        oauth_grants_revoked: outcome.revoked ? outcome.grants : 0,
      },
      () => [
        // Run again (a leaver's --revoke-keys after a suspension), it says so rather than deactivating anew.
        outcome.wasActive ? `deactivated user ${options.user}` : `user ${options.user} was deactivated already`,
        "their person counts as an outside contact from now on; their past emails and meetings stay",
        outcome.revoked
          ? `revoked ${keys} bound to them and ${grants}: a reactivation brings none back`
          : `suspended, not revoked: ${keys} bound to them (403) and ${grants} (their access tokens 401) work again after rapport users reactivate; for a leaver, run again with --revoke-keys`,
        "their entity lists stay theirs: an administrator hands each to a colleague with PUT /v1/lists/{list_uuid} and owner_user_uuid",
      ],
    );
  });
}
