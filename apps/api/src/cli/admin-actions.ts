/**
 * @module
 * What `rapport tenants|users|keys|persons ...` do, each opening the store for its one change or listing; loaded when
 * one of them runs (their options are in admin-commands.ts).
 */
import { isPlausibleEmail, normalizeEmail, type Role, type Store, type Tenant, type Tier } from "@rapport/store";
import type { Command } from "commander";
import { hashPassword, passwordProblem } from "../oauth/password-hash.js";
import { issueApiKey } from "../platform/auth/issue-api-key.js";
import { limitsFor } from "../platform/rate-limit/rate-limit-tiers.js";
import { monthWindow } from "../platform/rate-limit/rate-limit-windows.js";
import { MAX_API_KEY_LABEL_LENGTH, MAX_EMAIL_ADDRESS_LENGTH, MAX_PERSON_NAME_LENGTH, MAX_TENANT_NAME_LENGTH } from "../platform/request/field-limits.js";
import { CliError, printResult } from "./cli-output.js";
import { keptRecordsLines, recordsLinkedTo } from "./erase-kept-records.js";
import { openStore } from "./open-store.js";
import { commandStreams } from "./command-streams.js";
import { optionName, optionText } from "./option-text.js";
import { writeJsonFile, writeJsonTo } from "./personal-data-output.js";
import { withCreatedDatabase } from "./database-creation.js";
import { createdDatabaseNotice, existingDatabasePath, openingDatabase, resolveDatabasePath } from "./database-path.js";
import { readNewPassword } from "./read-password.js";
import { abortOnStoppingSignals } from "./stopping-signals.js";

interface GlobalOptions {
  db?: string;
  json?: boolean;
}

/**
 * Opens the store for one command and always closes it. Only `mayCreate` (tenants create, the first command of a
 * fresh install) makes a database where there is none, and says so once `work` is done; when it fails, what was made
 * is removed (withCreatedDatabase). The others refuse a missing file.
 */
export async function withStore<T>(command: Command, work: (store: Store, options: GlobalOptions) => Promise<T>, { mayCreate = false } = {}): Promise<T> {
  const options = command.optsWithGlobals<GlobalOptions>();
  if (mayCreate) {
    const path = resolveDatabasePath(options.db);
    // A failure of the work too (a full disk at the insert) undoes the creation: the next command would take the file
    // left behind for a database, and a creating one would not say it made one.
    return withCreatedDatabase(path, () => openStore(path), async (store, created) => {
      const result = await work(store, options);
      // Said once the work is done: a failed one left no database to speak of.
      if (created) commandStreams().stderr.write(createdDatabaseNotice(path));
      return result;
    });
  }
  const path = existingDatabasePath(options.db);
  const store = await openingDatabase(path, () => openStore(path));
  try {
    return await work(store, options);
  } finally {
    await store.close();
  }
}

/** The live tenant `tenantUuid`, or a CliError saying it is not found. */
export async function requireTenant(store: Store, tenantUuid: string) {
  const tenant = await store.tenants.get(tenantUuid);
  if (!tenant) throw new CliError(`tenant ${tenantUuid} not found`);
  return tenant;
}

/** Refuses custom limits with another tier than `custom`. */
function requireCustomForLimits(options: { tier: Tier; perSecond?: number; monthly?: number }): void {
  if ((options.perSecond || options.monthly) && options.tier !== "custom") {
    throw new CliError("--per-second and --monthly apply only to --tier custom");
  }
}

/** A tenant's limits as the tenant commands print them. */
function tierLine(tenant: Tenant): string {
  const limits = limitsFor(tenant);
  return `${tenant.tier}: ${limits.perSecond} req/s per key, ${limits.monthly} req/month`;
}

export async function createTenant(options: { name: string; tier: Tier; perSecond?: number; monthly?: number }, command: Command): Promise<void> {
  requireCustomForLimits(options);
  const name = optionName(options.name, "--name", MAX_TENANT_NAME_LENGTH);
  await withStore(command, async (store, global) => {
    const tenant = await store.tenants.create({
      name,
      tier: options.tier,
      per_second_limit: options.perSecond ?? null,
      monthly_limit: options.monthly ?? null,
    });
    const limits = limitsFor(tenant);
    printResult(global, { ...tenant, limits: { per_second: limits.perSecond, monthly: limits.monthly } }, () => [
      `created tenant ${tenant.uuid} "${tenant.name}" (${tierLine(tenant)})`,
    ]);
  }, { mayCreate: true });
}

/** A tenant's size and activity, as `tenants list --usage` shows them. */
interface TenantUsage {
  persons: number;
  companies: number;
  emails: number;
  meetings: number;
  /** Rows the tenant holds in the file, every table's. */
  rows: number;
  requests_this_month: number;
}

async function usageOf(store: Store, tenantUuid: string, month: string): Promise<TenantUsage> {
  const counts = (await store.tenants.rowCounts(tenantUuid)) ?? {};
  const { persons = 0, companies = 0, emails = 0, meetings = 0 } = counts;
  const rows = Object.values(counts).reduce((sum, count) => sum + count, 0);
  return { persons, companies, emails, meetings, rows, requests_this_month: await store.usage.monthly(tenantUuid, month) };
}

export async function listTenants(options: { usage?: boolean }, command: Command): Promise<void> {
  await withStore(command, async (store, global) => {
    const list = await store.tenants.list();
    // Not tenants yet (or any more): said apart, on stderr, so the list (and its JSON) holds tenants only.
    for (const left of await store.tenants.unfinishedImports()) {
      commandStreams().stderr.write(
        left.running
          ? `tenant ${left.uuid} (${left.name}) is being imported (process ${left.pid}): not listed until the import ends\n`
          : `tenant ${left.uuid} (${left.name}): an import stopped (process ${left.pid}) left rows: rapport tenants purge --tenant ${left.uuid} --yes (or the same import again) removes them\n`,
      );
    }
    if (!options.usage) {
      printResult(global, list, () => (list.length ? list.map((tenant) => `${tenant.uuid}  ${tenant.tier.padEnd(12)}  ${tenant.name}`) : ["no tenants"]));
      return;
    }
    const month = monthWindow(Date.now()).id;
    const listed: Array<Tenant & { usage: TenantUsage }> = [];
    for (const tenant of list) listed.push({ ...tenant, usage: await usageOf(store, tenant.uuid, month) });
    printResult(global, listed, () =>
      listed.length
        ? listed.map(({ usage, ...tenant }) =>
            `${tenant.uuid}  ${tenant.tier.padEnd(12)}  ${tenant.name}  (${usage.persons} persons, ${usage.companies} companies, ${usage.emails} emails, ` +
            `${usage.meetings} meetings, ${usage.rows} rows; ${usage.requests_this_month} requests in ${month})`,
          )
        : ["no tenants"],
    );
  });
}

export async function setTenantTier(options: { tenant: string; tier: Tier; perSecond?: number; monthly?: number }, command: Command): Promise<void> {
  requireCustomForLimits(options);
  await withStore(command, async (store, global) => {
    const tenant = await store.tenants.setTier(options.tenant, { tier: options.tier, per_second_limit: options.perSecond ?? null, monthly_limit: options.monthly ?? null });
    if (!tenant) throw new CliError(`tenant ${options.tenant} not found`);
    const limits = limitsFor(tenant);
    printResult(global, { ...tenant, limits: { per_second: limits.perSecond, monthly: limits.monthly } }, () => [
      `tenant ${tenant.uuid} "${tenant.name}" is now ${tierLine(tenant)}, from its next request on`,
    ]);
  });
}

export async function deleteTenant(options: { tenant: string }, command: Command): Promise<void> {
  await withStore(command, async (store, global) => {
    if (!(await store.tenants.delete(options.tenant))) throw new CliError(`tenant ${options.tenant} not found`);
    // The deletion is soft: an operator honouring a client's departure must not believe the data gone.
    printResult(global, { uuid: options.tenant, deleted: true }, () => [
      `deleted tenant ${options.tenant}: its keys answer 401 and it is out of every answer from now on`,
      `its records stay in the database file until rapport tenants purge --tenant ${options.tenant} --yes removes them, and in every backup`,
    ]);
  });
}

export async function createUser(options: { tenant: string; name: string; email: string; role: Role }, command: Command): Promise<void> {
  const name = optionName(options.name, "--name", MAX_PERSON_NAME_LENGTH);
  const email = optionText(options.email, "--email", MAX_EMAIL_ADDRESS_LENGTH);
  // The REST API's rule for a person's address (and `users import`'s), on the address as the store keeps it.
  if (!isPlausibleEmail(normalizeEmail(email))) throw new CliError(`--email ${options.email} is not an email address`);
  await withStore(command, async (store, global) => {
    await requireTenant(store, options.tenant);
    const user = await store.users.create({ tenant_uuid: options.tenant, name, email, role: options.role });
    printResult(global, user, () => [`created ${user.role} ${user.uuid} ${user.name} <${user.email}>`]);
  });
}

/** Lists a tenant's users by name: those of `role`, and only the active or only the deactivated ones, when asked. */
export async function listUsers(options: { tenant: string; role?: Role; active?: boolean; inactive?: boolean }, command: Command): Promise<void> {
  await withStore(command, async (store, global) => {
    await requireTenant(store, options.tenant);
    const page = await store.users.list(options.tenant, { order: "asc", position: { kind: "offset", offset: 0 }, limit: 10_000 });
    const users = page.rows.filter(
      (user) => (options.role === undefined || user.role === options.role) && (!options.active || user.is_active) && (!options.inactive || !user.is_active),
    );
    const kind = [options.active && "active", options.inactive && "deactivated", options.role].filter(Boolean).join(" ");
    printResult(global, users, () =>
      users.length > 0
        ? users.map((user) => `${user.uuid}  ${user.role.padEnd(13)}  ${user.is_active ? "active  " : "inactive"}  ${user.name} <${user.email}>`)
        : [`no ${kind ? `${kind} ` : ""}users in tenant ${options.tenant}`],
    );
  });
}

export async function reactivateUser(options: { tenant: string; user: string }, command: Command): Promise<void> {
  await withStore(command, async (store, global) => {
    await requireTenant(store, options.tenant);
    if (!(await store.users.reactivate(options.tenant, options.user))) {
      throw new CliError(`user ${options.user} not found in tenant ${options.tenant}`);
    }
    // Deactivation refuses a user's keys without revoking them, so they come back; saying how many lets an
    // operator who meant to retire them revoke them now.
    const keys = await store.apiKeys.list(options.tenant);
    const working = keys.filter((key) => key.user_uuid === options.user && !key.revoked_at).length;
    printResult(global, { uuid: options.user, is_active: true }, () => [
      `reactivated user ${options.user}; API keys bound to them that work again: ${working}`,
    ]);
  });
}

export async function setUserRole(options: { tenant: string; user: string; role: Role }, command: Command): Promise<void> {
  await withStore(command, async (store, global) => {
    await requireTenant(store, options.tenant);
    const user = await store.users.setRole(options.tenant, options.user, options.role);
    if (!user) throw new CliError(`user ${options.user} not found in tenant ${options.tenant}`);
    printResult(global, user, () => [`${user.name} <${user.email}> (${user.uuid}) is now ${user.role}`]);
  });
}

export async function setUserPassword(options: { tenant: string; user: string }, command: Command): Promise<void> {
  const password = await readNewPassword();
  const problem = passwordProblem(password);
  if (problem) throw new CliError(`${problem}; nothing changed`);
  const hash = await hashPassword(password);
  await withStore(command, async (store, global) => {
    await requireTenant(store, options.tenant);
    const user = await store.users.get(options.tenant, options.user);
    if (!user) throw new CliError(`user ${options.user} not found in tenant ${options.tenant}`);
    // An erased former employee's account is kept only for the records naming it: it can never sign in again.
    if (!user.is_active && (await store.persons.get(options.tenant, user.person_uuid)) === null) {
      throw new CliError(`user ${options.user}'s person was erased, and an erased user cannot sign in again: create a new user instead; nothing changed`);
    }
    await store.userPasswords.set(options.tenant, options.user, hash);
    printResult(global, { uuid: user.uuid, email: user.email, password_set: true }, () => [
      `set the sign-in password of ${user.name} <${user.email}>${user.is_active ? "" : " (deactivated: cannot sign in until reactivated)"}`,
    ]);
  });
}

export async function createKey(options: { tenant: string; user?: string; label?: string; readOnly?: boolean }, command: Command): Promise<void> {
  const label = options.label === undefined ? null : optionText(options.label, "--label", MAX_API_KEY_LABEL_LENGTH);
  await withStore(command, async (store, global) => {
    await requireTenant(store, options.tenant);
    const issued = await issueApiKey(store, { tenantUuid: options.tenant, userUuid: options.user ?? null, label, readOnly: options.readOnly === true });
    printResult(global, { ...issued.key, key: issued.plaintext }, () => [
      `created ${issued.key.read_only ? "read-only " : ""}key ${issued.key.uuid} (${issued.key.user_uuid ? `bound to user ${issued.key.user_uuid}` : "tenant-scoped"})` +
        (issued.key.label === null ? "" : ` labelled ${JSON.stringify(issued.key.label)}`),
      issued.plaintext,
      "store it now: it is not shown again",
    ]);
  });
}

/**
 * Revokes a key; one revoked already is not an error (a rotation script run twice, a revocation made beside it
 * meanwhile) but is said so, with when. An unknown key is.
 */
export async function revokeKey(options: { tenant: string; keyId: string }, command: Command): Promise<void> {
  await withStore(command, async (store, global) => {
    await requireTenant(store, options.tenant);
    const revokedNow = await store.apiKeys.revoke(options.tenant, options.keyId);
    const key = (await store.apiKeys.list(options.tenant)).find((each) => each.uuid === options.keyId);
    if (!key?.revoked_at) throw new CliError(`key ${options.keyId} not found in tenant ${options.tenant} (rapport keys list --tenant ${options.tenant} lists its keys)`);
    const revokedAt = new Date(key.revoked_at).toISOString();
    printResult(global, { uuid: options.keyId, revoked: true, revoked_at: key.revoked_at, already_revoked: !revokedNow }, () => [
      revokedNow ? `revoked key ${options.keyId}` : `key ${options.keyId} was already revoked, at ${revokedAt}; nothing changed`,
    ]);
  });
}

/** What an erasure leaves to the operator: SQLite's copies of moved rows in pages' unused space, and backups. */
export const ERASED_COPIES_NOTE =
  "  old copies of rows SQLite moved between pages can stay in their unused space until rapport compact " +
  "(every process stopped) rewrites the file; backups keep the person until they are deleted";

export async function erasePerson(options: { tenant: string; person: string }, command: Command): Promise<void> {
  await withStore(command, async (store, global) => {
    await requireTenant(store, options.tenant);
    const kept = await recordsLinkedTo(store, options.tenant, options.person);
    // An active user's own person is the store's ConflictError, which names the user in one line.
    if (!(await store.persons.erase(options.tenant, options.person))) {
      const canonical = await store.personMerges.mergedInto(options.tenant, options.person);
      const where = canonical ? `: it was merged into person ${canonical}, erase that one` : "";
      throw new CliError(`person ${options.person} not found in tenant ${options.tenant}${where}`);
    }
    printResult(global, { uuid: options.person, erased: true, notes_kept: kept.notes, tasks_kept: kept.tasks }, () => [
      `erased person ${options.person}`,
      ...keptRecordsLines(kept),
      ERASED_COPIES_NOTE,
    ]);
  });
}

export async function exportPersonalData(options: { tenant: string; person: string; out?: string; force?: boolean }, command: Command): Promise<void> {
  if (options.force && options.out === undefined) throw new CliError("--force applies only with --out");
  await withStore(command, async (store, global) => {
    await requireTenant(store, options.tenant);
    const exported = await store.persons.exportPersonalDataInPages(options.tenant, options.person);
    if (!exported) {
      const canonical = await store.personMerges.mergedInto(options.tenant, options.person);
      const where = canonical ? `: it was merged into person ${canonical}, export that one` : "";
      throw new CliError(`person ${options.person} not found in tenant ${options.tenant}${where}`);
    }
    if (options.out === undefined) {
      await writeJsonTo(commandStreams().stdout, exported);
      return;
    }
    // Ctrl-C (or SIGTERM, or SIGHUP) stops the export at its next piece, which removes the partial file: a person's
    // data is not left behind in a file nobody asked for.
    const controller = new AbortController();
    const stopListening = abortOnStoppingSignals(controller);
    let written: { path: string; bytes: number };
    try {
      written = await writeJsonFile(options.out, exported, options.force ?? false, resolveDatabasePath(global.db), controller.signal);
    } finally {
      stopListening();
    }
    printResult(global, { uuid: options.person, ...written }, () => [`exported person ${options.person} to ${written.path}: ${written.bytes} bytes`]);
  });
}
