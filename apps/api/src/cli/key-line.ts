/** How `rapport keys list` prints a key: one line with its dates, state, scope and last use. */
import type { ListedApiKey } from "@rapport/store";

/** An epoch-milliseconds time as its UTC day, `2026-12-05`: enough to tell an old key from a new one. */
export function isoDay(epochMs: number): string {
  return new Date(epochMs).toISOString().slice(0, 10);
}

/** An epoch-milliseconds time to the minute, `2026-12-05T10:31Z`: last uses are written about once a minute. */
export function isoMinute(epochMs: number): string {
  return `${new Date(epochMs).toISOString().slice(0, 16)}Z`;
}

/** Whether the key is working at `now`: neither revoked nor past its expiry. */
export function isLiveKey(key: ListedApiKey, now: number): boolean {
  return key.revoked_at === null && (key.expires_at === null || key.expires_at > now);
}

/** A key as `rapport keys list` shows it: `user_suspended` when its bound user is deactivated (it answers 403). */
export type KeyToShow = ListedApiKey & { user_suspended?: boolean };

function stateOf(key: KeyToShow, now: number): string {
  if (key.revoked_at !== null) return `revoked ${isoDay(key.revoked_at)}`;
  const suspended = key.user_suspended ? " (suspended: user deactivated)" : "";
  if (key.expires_at !== null) return `${key.expires_at > now ? "expires" : "expired"} ${isoMinute(key.expires_at)}${suspended}`;
  return suspended ? `active${suspended}` : "active            ";
}

function lastUseOf(key: ListedApiKey): string {
  if (key.last_used_at === null) return "never used";
  return `last used ${isoMinute(key.last_used_at)}${key.last_used_via ? ` (${key.last_used_via === "mcp" ? "MCP" : "REST"})` : ""}`;
}

/**
 * A key's line: uuid, prefix, creation day, state (active, revoked, expires or expired; suspended while its user is
 * deactivated), read-only or not, its user or tenant-scoped, its last use (or never used) and its label.
 *
 * @example
 * keyLine(key, Date.now()); // "6f1c…  pk_AbCdEfG…  created 2026-12-01  active              read-write  tenant-scoped  never used  crm"
 */
export function keyLine(key: KeyToShow, now: number): string {
  return (
    `${key.uuid}  ${key.key_prefix}…  created ${isoDay(key.created_at)}  ${stateOf(key, now)}  ${key.read_only ? "read-only " : "read-write"}  ` +
    `${key.user_uuid ?? "tenant-scoped"}  ${lastUseOf(key)}${key.label ? `  ${key.label}` : ""}`
  );
}
