/**
 * @module
 * Which grants an operator's command on grants (`rapport oauth revoke`, `rapport oauth list-grants`) chooses: by the
 * account (`<tenant uuid>:<user uuid>`) and the client their stored payloads name.
 */
import type { OAuthModelRecord } from "@rapport/store";
import { parseAccountId } from "./account-id.js";
import { payloadText } from "./stored-oauth-records.js";

/** Every grant, of every account and client, narrowed by each field given. */
export interface OAuthGrantSelection {
  /** Only the grants of these account ids (`<tenant uuid>:<user uuid>`). */
  accountIds?: ReadonlySet<string>;
  /** Only the grants of accounts of this tenant. */
  tenantUuid?: string;
  /** Only the grants to this client. */
  clientId?: string;
}

/** Whether an account id (a grant's, a session's) is one of the selection's accounts. */
export function accountSelected(selection: OAuthGrantSelection, accountId: string | null): boolean {
  if (selection.accountIds && (accountId === null || !selection.accountIds.has(accountId))) return false;
  if (selection.tenantUuid !== undefined && (accountId === null || parseAccountId(accountId)?.tenantUuid !== selection.tenantUuid)) return false;
  return true;
}

/** Whether a stored grant is one the selection chooses. */
export function grantSelected(selection: OAuthGrantSelection, grant: OAuthModelRecord): boolean {
  if (selection.clientId !== undefined && payloadText(grant.payload.clientId) !== selection.clientId) return false;
  return accountSelected(selection, payloadText(grant.payload.accountId));
}
