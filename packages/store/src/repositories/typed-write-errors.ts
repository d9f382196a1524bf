/**
 * Turns the constraint failures SQLite reports for bad input into the store's own errors, for every method of a
 * repository: an unknown tenant (a foreign key to `tenants`) or a deleted one (migration 0031's triggers) into
 * NotFoundError, another unknown reference into InvalidInputError, a missing required value (NOT NULL) into InvalidInputError naming the field. The tenant is
 * looked up only once a write has failed, so a write that succeeds costs no query more.
 */
import type { Kysely } from "kysely";
import type { Database } from "../database-schema.js";
import { InvalidInputError, NotFoundError } from "../errors.js";
import { DELETED_TENANT_MESSAGE } from "../sqlite/migrations/0031-deleted-tenants-refuse-writes.js";

/** better-sqlite3's error codes for the constraint failures translated here. */
const FOREIGN_KEY = "SQLITE_CONSTRAINT_FOREIGNKEY";
const NOT_NULL = "SQLITE_CONSTRAINT_NOTNULL";
const TRIGGER = "SQLITE_CONSTRAINT_TRIGGER";

const codeOf = (error: unknown): unknown => (error instanceof Error ? (error as Error & { code?: unknown }).code : undefined);

/** The tenant a repository call names: its first argument, or that argument's `tenant_uuid` (create inputs). */
function tenantOf(args: readonly unknown[]): string | undefined {
  const [first] = args;
  if (typeof first === "string") return first;
  if (typeof first === "object" && first !== null && "tenant_uuid" in first && typeof first.tenant_uuid === "string") return first.tenant_uuid;
  return undefined;
}

async function typedError(error: unknown, operation: string, tenantUuid: string | undefined, db: Kysely<Database>): Promise<unknown> {
  const code = codeOf(error);
  if (code === NOT_NULL) {
    // SQLite names the column: "NOT NULL constraint failed: companies.company_name".
    const column = /NOT NULL constraint failed: [\w"]+\.([\w"]+)/.exec((error as Error).message)?.[1]?.replaceAll('"', "");
    return new InvalidInputError(`${operation}: "${column ?? "a required field"}" is required`);
  }
  if (code === TRIGGER && (error as Error).message === DELETED_TENANT_MESSAGE) {
    return new NotFoundError(`${operation}: tenant ${tenantUuid ?? "of the input"} not found`);
  }
  if (code === FOREIGN_KEY) {
    if (tenantUuid !== undefined) {
      const tenant = await db.selectFrom("tenants").select("uuid").where("uuid", "=", tenantUuid).where("deleted_at", "is", null).where("importing_pid", "is", null).executeTakeFirst();
      if (!tenant) return new NotFoundError(`${operation}: tenant ${tenantUuid} not found`);
    }
    return new InvalidInputError(`${operation}: the input names a record that does not exist in the tenant`);
  }
  return error;
}

/**
 * The repository with each method's SQLite constraint failures (see the module) thrown as the store's errors.
 * Methods that return no promise (an async iterable) are passed through as they are.
 *
 * @example const persons = withTypedWriteErrors("persons", createPersonRepository(context, graphs), context.db);
 */
export function withTypedWriteErrors<Repository extends object>(name: string, repository: Repository, db: Kysely<Database>): Repository {
  const wrapped: Record<string, unknown> = {};
  for (const [key, member] of Object.entries(repository)) {
    if (typeof member !== "function") {
      wrapped[key] = member;
      continue;
    }
    const operation = `${name}.${key}`;
    wrapped[key] = (...args: unknown[]) => {
      const result: unknown = member.apply(repository, args);
      if (!(result instanceof Promise)) return result;
      return result.catch(async (error: unknown) => {
        throw await typedError(error, operation, tenantOf(args), db);
      });
    };
  }
  return wrapped as Repository;
}
