/**
 * @module
 * Revoking what the authorization server granted (`rapport oauth revoke`): grants, chosen by the account and the
 * client their stored payloads name, with every code and refresh token issued under them, the sign-in sessions of
 * the accounts, and sign-ins in progress. Tokens and sessions are stored under hashes of their values, so they are
 * found by the grant ids, account ids and client ids their payloads keep, never by a token. Access tokens are not
 * stored: `/mcp` refuses one whose grant is gone (access-token-grant.ts).
 */
import type { OAuthModelRecord, Store } from "@rapport/store";
import { accountSelected, grantSelected, type OAuthGrantSelection } from "./grant-selection.js";
import { payloadText, storedOAuthRecords } from "./stored-oauth-records.js";

/** What to revoke: every grant, of every account and client, narrowed by each field given. */
export interface OAuthRevocationScope extends OAuthGrantSelection {
  /** Also delete the client's registration and its registration access tokens (needs `clientId`). */
  deleteClient?: boolean;
}

/** How many live objects a revocation deleted (expired or spent ones it deleted too are not counted). */
export interface OAuthRevocation {
  grants: number;
  refresh_tokens: number;
  authorization_codes: number;
  /** Sign-in sessions (the OAuth page's cookie) of the accounts: ended unless the scope names a client. */
  sessions: number;
  /** Sign-ins begun and not finished. */
  sign_ins_in_progress: number;
  /** Whether the client's registration was deleted. */
  client_deleted: boolean;
}

/** The models whose objects belong to a grant, besides the grant; access tokens are JWTs and never stored. */
const GRANT_MEMBER_COUNTS = { RefreshToken: "refresh_tokens", AuthorizationCode: "authorization_codes" } as const;

function isLive(record: OAuthModelRecord, now: number): boolean {
  return (record.expires_at === null || record.expires_at > now) && record.consumed_at === null;
}

/**
 * Whether the accounts' sign-in sessions end too: yes unless the scope is a client's grants. A session is the user's
 * sign-in at this server, shared by every client; one that points at a revoked grant just asks for consent again.
 */
function endsSessions(scope: OAuthRevocationScope): boolean {
  return scope.clientId === undefined;
}

/**
 * Revokes, in one transaction, the grants `scope` selects and everything issued under them; returns how many live
 * objects went. Deployment-wide state, so with an empty scope every grant of the database goes.
 *
 * @example
 * const revoked = await revokeOAuthGrants(store, { accountIds: new Set([accountIdFor(tenantUuid, userUuid)]) });
 * console.log(revoked.refresh_tokens);
 */
export async function revokeOAuthGrants(store: Store, scope: OAuthRevocationScope, now: number = Date.now()): Promise<OAuthRevocation> {
  if (scope.deleteClient && scope.clientId === undefined) throw new TypeError("deleteClient needs a clientId");
  return store.transaction(async (transaction) => {
    const models = transaction.oauthModels;
    const revoked: OAuthRevocation = { grants: 0, refresh_tokens: 0, authorization_codes: 0, sessions: 0, sign_ins_in_progress: 0, client_deleted: false };

    const grantIds = new Set<string>();
    for (const grant of await storedOAuthRecords(transaction, "Grant")) {
      if (!grantSelected(scope, grant)) continue;
      grantIds.add(grant.id);
      if (isLive(grant, now)) revoked.grants++;
      await models.destroy("Grant", grant.id);
    }
    for (const [model, count] of Object.entries(GRANT_MEMBER_COUNTS)) {
      for (const member of await storedOAuthRecords(transaction, model)) {
        if (member.grant_id === null || !grantIds.has(member.grant_id)) continue;
        if (isLive(member, now)) revoked[count]++;
      }
    }
    // Every object of the grants, whatever its model (the counted ones above among them).
    for (const grantId of grantIds) await models.revokeByGrantId(grantId);

    if (endsSessions(scope)) {
      for (const session of await storedOAuthRecords(transaction, "Session")) {
        if (!accountSelected(scope, payloadText(session.payload.accountId))) continue;
        if (isLive(session, now)) revoked.sessions++;
        await models.destroy("Session", session.id);
      }
    }
    for (const interaction of await storedOAuthRecords(transaction, "Interaction")) {
      const session = interaction.payload.session as { accountId?: unknown } | undefined;
      const params = interaction.payload.params as { client_id?: unknown } | undefined;
      if (scope.clientId !== undefined && payloadText(params?.client_id) !== scope.clientId) continue;
      // A sign-in not yet past its login belongs to no account: only a scope of every account takes it.
      if ((scope.accountIds || scope.tenantUuid !== undefined) && !accountSelected(scope, payloadText(session?.accountId))) continue;
      if (isLive(interaction, now)) revoked.sign_ins_in_progress++;
      await models.destroy("Interaction", interaction.id);
    }

    if (scope.deleteClient && scope.clientId !== undefined) {
      revoked.client_deleted = (await models.find("Client", scope.clientId)) !== null;
      await models.destroy("Client", scope.clientId);
      for (const token of await storedOAuthRecords(transaction, "RegistrationAccessToken")) {
        if (payloadText(token.payload.clientId) === scope.clientId) await models.destroy("RegistrationAccessToken", token.id);
      }
    }
    return revoked;
  });
}

/** Whether a client id is registered here, and how many stored grants name it: a client is known by either. */
export async function oauthClientUse(store: Store, clientId: string): Promise<{ registered: boolean; grants: number }> {
  const registered = (await store.oauthModels.find("Client", clientId)) !== null;
  const grants = (await storedOAuthRecords(store, "Grant")).filter((grant) => grant.payload.clientId === clientId).length;
  return { registered, grants };
}
