/**
 * @module
 * What `rapport oauth rotate-keys` does once its options are read (in oauth-command.ts): rotates the keys in one
 * transaction and prints what changed, and that running servers must restart to use them.
 */
import { existsSync } from "node:fs";
import { createSqliteStore } from "@rapport/store";
import type { Command } from "commander";
import { rotateOAuthKeys, type OAuthKeyRotation } from "../oauth/rotate-oauth-keys.js";
import { CliError, printResult } from "./cli-output.js";
import { DEFAULT_DATABASE_PATH, openingDatabase, resolveDatabasePath } from "./database-path.js";

/** Said after every rotation, in the output and the JSON: nothing tells a running server its keys changed. */
export const RESTART_NOTICE =
  "restart every running `rapport serve` on this database: until it restarts, a server signs and verifies with the keys it loaded";

function rotationLines(rotation: OAuthKeyRotation): string[] {
  const { signing_keys: signing, cookie_keys: cookies } = rotation;
  const lines = [`new signing key ${signing.current} (signs access and ID tokens from the next start, for every tenant)`];
  if (signing.verifying.length > 0) lines.push(`  still verifying the tokens they signed (for up to 1 hour): ${signing.verifying.join(", ")}`);
  if (signing.removed.length > 0) {
    lines.push(`  ${rotation.revoked_old ? "revoked" : "removed (replaced over an hour ago)"}: ${signing.removed.join(", ")}`);
  }
  lines.push(`new cookie key (signs the sign-in cookies from the next start)`);
  if (cookies.verifying > 0) lines.push(`  replaced cookie keys still verifying the sign-in sessions they signed (for up to 14 days): ${cookies.verifying}`);
  if (cookies.removed > 0) lines.push(`  cookie keys ${rotation.revoked_old ? "revoked" : "removed (replaced over 14 days ago)"}: ${cookies.removed}`);
  if (rotation.revoked_old) {
    lines.push("  access tokens signed by a revoked key answer 401 (clients refresh them); signed-in users sign in again; refresh tokens and grants are kept");
  }
  lines.push(RESTART_NOTICE);
  return lines;
}

/** Runs `rapport oauth rotate-keys [--revoke-old]`. */
export async function runRotateOAuthKeys(options: { revokeOld?: boolean }, command: Command): Promise<void> {
  const global = command.optsWithGlobals<{ db?: string; json?: boolean }>();
  const path = resolveDatabasePath(global.db);
  // Opening a missing file would create an empty database, whose keys no server uses.
  if (path === ":memory:" || !existsSync(path)) {
    throw new CliError(`no database at ${path} (chosen by --db, RAPPORT_DB or the default ${DEFAULT_DATABASE_PATH})`);
  }
  const store = await openingDatabase(path, () => createSqliteStore({ path }));
  try {
    const rotation = await rotateOAuthKeys(store, { revokeOld: options.revokeOld ?? false });
    printResult(global, { ...rotation, restart_required: true, notice: RESTART_NOTICE }, () => rotationLines(rotation));
  } finally {
    await store.close();
  }
}
