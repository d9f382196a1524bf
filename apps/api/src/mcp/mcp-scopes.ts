/**
 * @module
 * The OAuth scopes of the MCP resource and what a token's granted scopes let it do. `mcp` acts as the user with
 * every tool, reading and writing; `mcp:read` only reads. A token without `mcp` acts as a read-only key: it lists
 * the read tools only, and every other tool and operation is refused.
 */

/** The scope for reading and writing as the user: every tool. */
export const MCP_SCOPE = "mcp";

/** The scope for reading only: the tools that change nothing. */
export const MCP_READ_SCOPE = "mcp:read";

/** Every scope of the MCP resource, the widest first (a client asking for all of them may read and write). */
export const MCP_SCOPES = [MCP_SCOPE, MCP_READ_SCOPE] as const;

/**
 * Whether a token with these granted scopes (space-separated, as in its `scope` claim) may only read: only `mcp`
 * allows writing, so a token with `mcp:read` alone, or with no scope of this resource, reads.
 *
 * @example
 * readsOnly("mcp:read") // true
 * readsOnly("mcp mcp:read") // false
 */
export function readsOnly(scope: string): boolean {
  return !scope.split(/\s+/).includes(MCP_SCOPE);
}

/** The `key_prefix` of the caller an OAuth token acts as, which tells it from a key's. */
export const OAUTH_KEY_PREFIX = "oauth";

/** Why a read-only caller is refused a tool: its key was created read-only, or its OAuth grant reads only. */
export function readOnlyReason(keyPrefix: string): string {
  return keyPrefix === OAUTH_KEY_PREFIX ? `its OAuth access is read-only (scope ${MCP_READ_SCOPE})` : "its API key is read-only";
}

/** What would let a read-only caller write: a key created without `--read-only`, or a new OAuth grant of `mcp`. */
export function readOnlyRemedy(keyPrefix: string): string {
  return keyPrefix === OAUTH_KEY_PREFIX ? `OAuth access with scope ${MCP_SCOPE} (signing in again, asking for it)` : "an API key that is not read-only";
}
