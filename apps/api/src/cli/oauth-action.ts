/**
 * @module
 * What `rapport oauth rotate-keys` does once its options are read (in oauth-command.ts): rotates the keys in one
 * transaction and prints what changed. Running servers on the database follow at their next OAuth request.
 */
import type { Command } from "commander";
import { rotateOAuthKeys, type OAuthKeyRotation } from "../oauth/rotate-oauth-keys.js";
import { CliError, printResult } from "./cli-output.js";
import { existingDatabasePath, openingDatabase } from "./database-path.js";
import { openStore } from "./open-store.js";

function rotationLines(rotation: OAuthKeyRotation): string[] {
  const { signing_keys: signing, cookie_keys: cookies } = rotation;
  const lines = [`new signing key ${signing.current} (signs access and ID tokens from now on, for every tenant)`];
  if (signing.verifying.length > 0) lines.push(`  still verifying the tokens they signed (for up to 1 hour): ${signing.verifying.join(", ")}`);
  if (signing.removed.length > 0) {
    lines.push(`  ${rotation.revoked_old ? "revoked" : "removed (replaced over an hour ago)"}: ${signing.removed.join(", ")}`);
  }
  lines.push(`new cookie key (signs the sign-in cookies from now on)`);
  if (cookies.verifying > 0) lines.push(`  replaced cookie keys still verifying the sign-in sessions they signed (for up to 14 days): ${cookies.verifying}`);
  if (cookies.removed > 0) lines.push(`  cookie keys ${rotation.revoked_old ? "revoked" : "removed (replaced over 14 days ago)"}: ${cookies.removed}`);
  if (rotation.revoked_old) {
    lines.push("  access tokens signed by a revoked key answer 401 (clients refresh them); signed-in users sign in again; refresh tokens and grants are kept");
  }
  lines.push("running servers on this database use the new keys from their next OAuth request: no restart needed");
  return lines;
}

/** Runs `rapport oauth rotate-keys [--revoke-old]`. */
export async function runRotateOAuthKeys(options: { revokeOld?: boolean }, command: Command): Promise<void> {
  const global = command.optsWithGlobals<{ db?: string; json?: boolean }>();
  // Not a new empty database, whose keys no server uses.
  const path = existingDatabasePath(global.db);
  const store = await openingDatabase(path, () => openStore(path));
  try {
    const rotation = await rotateOAuthKeys(store, { revokeOld: options.revokeOld ?? false });
    printResult(global, rotation, () => rotationLines(rotation));
  } finally {
    await store.close();
  }
}
