/**
 * @module
 * `rapport persons allow-address`: lifts what an erasure remembers of one address or LinkedIn URL, so that mail,
 * calendars, contact imports and the API may store it again (the data subject asked to be known again, say).
 */
import type { Command } from "commander";
import { CliError, printResult } from "./cli-output.js";
import { requireTenant, withStore } from "./admin-actions.js";

/** Allows one erased address (`--email`) or LinkedIn URL (`--linkedin-url`) of the tenant again. */
export async function allowErasedAddress(options: { tenant: string; email?: string; linkedinUrl?: string }, command: Command): Promise<void> {
  if ((options.email === undefined) === (options.linkedinUrl === undefined)) throw new CliError("give one of --email or --linkedin-url");
  const identifier = options.email !== undefined ? { email: options.email } : { linkedin_url: options.linkedinUrl! };
  const value = options.email ?? options.linkedinUrl!;
  await withStore(command, async (store, global) => {
    await requireTenant(store, options.tenant);
    const allowed = await store.persons.allowErased(options.tenant, identifier);
    printResult(global, { tenant_uuid: options.tenant, ...identifier, allowed }, () => [
      allowed
        ? `${value} may be stored again in tenant ${options.tenant}: the next mail, meeting or import naming it creates a person`
        : `${value} was not remembered as erased in tenant ${options.tenant}; nothing changed`,
    ]);
  });
}
