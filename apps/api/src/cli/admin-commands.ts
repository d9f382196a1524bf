/**
 * @module
 * `rapport tenants|users|keys|persons ...`: administration of tenants, users, API keys and persons' erasure and export,
 * straight on the database. The commands' names, options and help; what each does is loaded from admin-actions.ts when it runs,
 * so that `--help` and a mistyped option do not load the store.
 */
import { ROLES, TIERS } from "@rapport/store/vocabulary";
import { Command, Option } from "commander";
import { keysPruneCommand } from "./keys-prune-command.js";
import { keysRotateCommand } from "./keys-rotate-command.js";
import { tenantUuidOption, userUuidOption, uuidOption } from "./uuid-option.js";
import { wholeNumberOption } from "./whole-number-option.js";
import { tenantPurgeCommand } from "./tenant-purge-command.js";
import { tenantExportCommand } from "./tenant-export-command.js";
import { tenantImportCommand } from "./tenant-import-command.js";
import { existingDatabaseAction } from "./existing-database-action.js";
import { usersImportCommand } from "./users-import-command.js";

const actions = () => import("./admin-actions.js");

const positiveInteger = wholeNumberOption(1, Number.MAX_SAFE_INTEGER, "must be a positive integer");

export function tenantsCommand(): Command {
  const tenants = new Command("tenants").description("create, list, re-tier, export, import, delete and purge tenants");
  tenants
    .command("create")
    .description("create a tenant")
    .requiredOption("--name <name>", "tenant name")
    .addOption(new Option("--tier <tier>", "rate-limit tier").choices(TIERS).default("standard"))
    .option("--per-second <n>", "custom tier: requests per second per key", positiveInteger)
    .option("--monthly <n>", "custom tier: requests per calendar month", positiveInteger)
    .action(async (options, command) => (await actions()).createTenant(options, command));
  tenants
    .command("list")
    .description("list live tenants")
    .option("--usage", "add each tenant's size (persons, companies, emails, meetings, rows in the file) and requests this month")
    .action(existingDatabaseAction(async (options: { usage?: boolean }, command: Command) => (await actions()).listTenants(options, command)));
  tenants
    .command("set-tier")
    .description("change a tenant's rate-limit tier (and a custom tier's limits); a running server applies it at the tenant's next request")
    .requiredOption("--tenant <uuid>", "tenant UUID", tenantUuidOption)
    .addOption(new Option("--tier <tier>", "rate-limit tier").choices(TIERS).makeOptionMandatory())
    .option("--per-second <n>", "custom tier: requests per second per key", positiveInteger)
    .option("--monthly <n>", "custom tier: requests per calendar month", positiveInteger)
    .action(existingDatabaseAction(async (options, command) => (await actions()).setTenantTier(options, command)));
  tenants
    .command("delete")
    .description("delete a tenant: its keys stop working at once; its records stay in the database file until purged")
    .requiredOption("--tenant <uuid>", "tenant UUID", tenantUuidOption)
    .action(existingDatabaseAction(async (options, command) => (await actions()).deleteTenant(options, command)));
  tenants.addCommand(tenantExportCommand());
  tenants.addCommand(tenantImportCommand());
  tenants.addCommand(tenantPurgeCommand());
  return tenants;
}

export function usersCommand(): Command {
  const users = new Command("users").description("create, import, list, deactivate and reactivate internal users, set their roles and passwords, and review their access");
  users
    .command("create")
    .description("create an internal user of a tenant")
    .requiredOption("--tenant <uuid>", "tenant UUID", tenantUuidOption)
    .requiredOption("--name <name>", "full name")
    .requiredOption("--email <email>", "email address")
    .addOption(new Option("--role <role>", "role").choices(ROLES).default("member"))
    .action(async (options, command) => (await actions()).createUser(options, command));
  users
    .command("list")
    .description("list a tenant's users, by name")
    .requiredOption("--tenant <uuid>", "tenant UUID", tenantUuidOption)
    .addOption(new Option("--role <role>", "only the users with this role").choices(ROLES))
    .addOption(new Option("--inactive", "only the deactivated users").conflicts("active"))
    .option("--active", "only the active users")
    .action(existingDatabaseAction(async (options, command) => (await actions()).listUsers(options, command)));
  users
    .command("access")
    .description(
      "who can reach a tenant's data, for an access review: each user's role, state, sign-in password, working keys " +
        "(read-only or not, last use) and live OAuth grants, then the tenant-scoped keys and a count of each",
    )
    .requiredOption("--tenant <uuid>", "tenant UUID", tenantUuidOption)
    .addOption(new Option("--role <role>", "only the users with this role").choices(ROLES))
    .option("--csv", "print CSV (a user or a tenant-scoped key a row) for a spreadsheet, instead of lines")
    .action(existingDatabaseAction(async (options, command) => (await import("./users-access-action.js")).listUsersAccess(options, command)));
  users
    .command("deactivate")
    .description(
      "deactivate a user: their person counts as an outside contact; their user-scoped keys and x-service-user-id " +
        "answer 403 and their OAuth access tokens 401, until a reactivation; their entity lists stay theirs (an administrator " +
        "hands them on: PUT /v1/lists/{list_uuid} with owner_user_uuid)",
    )
    .requiredOption("--tenant <uuid>", "tenant UUID", tenantUuidOption)
    .requiredOption("--user <uuid>", "user UUID", userUuidOption)
    .option("--revoke-keys", "a leaver: also revoke the keys bound to them and their OAuth grants, for good (in the same transaction)")
    .action(existingDatabaseAction(async (options, command) => (await import("./users-deactivate-action.js")).deactivateUser(options, command)));
  users
    .command("reactivate")
    .description("reactivate a deactivated user: their unrevoked user-scoped keys and x-service-user-id work again")
    .requiredOption("--tenant <uuid>", "tenant UUID", tenantUuidOption)
    .requiredOption("--user <uuid>", "user UUID", userUuidOption)
    .action(existingDatabaseAction(async (options, command) => (await actions()).reactivateUser(options, command)));
  users
    .command("set-role")
    .description("give a user another role: administrators may change the workspace configuration")
    .requiredOption("--tenant <uuid>", "tenant UUID", tenantUuidOption)
    .requiredOption("--user <uuid>", "user UUID", userUuidOption)
    .addOption(new Option("--role <role>", "role").choices(ROLES).makeOptionMandatory())
    .action(existingDatabaseAction(async (options, command) => (await actions()).setUserRole(options, command)));
  users
    .command("set-password")
    .description("set the password a user signs in with on the OAuth page (MCP clients); read from stdin, never from arguments")
    .requiredOption("--tenant <uuid>", "tenant UUID", tenantUuidOption)
    .requiredOption("--user <uuid>", "user UUID", userUuidOption)
    .action(async (options, command) => (await actions()).setUserPassword(options, command));
  users.addCommand(usersImportCommand());
  return users;
}

export function keysCommand(): Command {
  const keys = new Command("keys").description("create, list, rotate, revoke and prune API keys");
  keys
    .command("create")
    .description("create an API key (tenant-scoped, or bound to --user); the key is printed once")
    .requiredOption("--tenant <uuid>", "tenant UUID", tenantUuidOption)
    .option("--user <uuid>", "bind the key to this user", userUuidOption)
    .option("--label <label>", "a note to tell keys apart")
    .option("--read-only", "a key that may only read: calls that would change anything answer 403 (REST and MCP)")
    .action(async (options, command) => (await actions()).createKey(options, command));
  keys
    .command("list")
    .description("list a tenant's working keys (prefixes only), each with its state and when it was last used (or never)")
    .requiredOption("--tenant <uuid>", "tenant UUID", tenantUuidOption)
    .option("--user <uuid>", "only the keys bound to this user", userUuidOption)
    .option("--all", "revoked and expired keys too (until rapport keys prune deletes them)")
    .addOption(
      new Option("--unused-for <days>", "only the working keys not used in that many days (never-used keys created before then included)")
        .argParser(positiveInteger)
        .conflicts("all"),
    )
    .action(existingDatabaseAction(async (options, command) => (await import("./keys-list-action.js")).listKeys(options, command)));
  keys
    .command("revoke")
    .description("revoke an API key; it answers 401 from then on")
    .requiredOption("--tenant <uuid>", "tenant UUID", tenantUuidOption)
    .requiredOption("--key-id <uuid>", "key UUID (from keys list)", uuidOption)
    .action(existingDatabaseAction(async (options, command) => (await actions()).revokeKey(options, command)));
  keys.addCommand(keysRotateCommand());
  keys.addCommand(keysPruneCommand());
  return keys;
}

export function personsCommand(): Command {
  const persons = new Command("persons").description("erase or export persons on a data subject's request, or allow-address an erased address again");
  persons
    .command("erase")
    .description(
      "erase a person for good (right to erasure): the record, the persons merged into it, their addresses, links and " +
        "participations; emails left with fewer than two persons are deleted. An active user's own person is refused " +
        "(deactivate the user first); a deactivated user's account keeps only its uuid and role. Their addresses and " +
        "LinkedIn URL are remembered as keyed digests, so mail and imports do not bring them back (see allow-address)",
    )
    .requiredOption("--tenant <uuid>", "tenant UUID", tenantUuidOption)
    .requiredOption("--person <uuid>", "person UUID", uuidOption)
    .action(existingDatabaseAction(async (options, command) => (await actions()).erasePerson(options, command)));
  persons
    .command("allow-address")
    .description(
      "let an address (or LinkedIn URL) of an erased person be stored again: an erasure remembers them, so mail, " +
        "calendars and imports create no person for them and the API refuses them, until this command",
    )
    .requiredOption("--tenant <uuid>", "tenant UUID", uuidOption)
    .option("--email <address>", "the erased email address")
    .option("--linkedin-url <url>", "the erased LinkedIn profile URL")
    .action(existingDatabaseAction(async (options, command) => (await import("./persons-allow-address-action.js")).allowErasedAddress(options, command)));
  persons
    .command("export")
    .description(
      "export everything the tenant holds about a person (right of access) as JSON: the record and those merged into it, " +
        "addresses, links, emails, meetings, import problems naming them and the relationship scores; to standard output, or --out",
    )
    .requiredOption("--tenant <uuid>", "tenant UUID", tenantUuidOption)
    .requiredOption("--person <uuid>", "person UUID", uuidOption)
    .option("--out <file>", "write the JSON to this file (readable by its owner only) instead of standard output")
    .option("--force", "replace the --out file when it exists")
    .action(async (options, command) => (await actions()).exportPersonalData(options, command));
  return persons;
}
