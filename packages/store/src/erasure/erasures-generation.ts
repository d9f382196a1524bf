/**
 * @module
 * The tenant's `erasures` change generation (the `change_generations` table of migration 0007), raised by each
 * person erasure in its transaction. A process that holds a tenant's graph in memory learns from it that another
 * process erased a person, which no graph change of its own told it.
 */
import { sql, type Kysely } from "kysely";
import type { Database } from "../database-schema.js";

/** The scope's name in `change_generations`. */
export const ERASURES = "erasures";

/** Raises the tenant's `erasures` generation in the transaction `db`; the generation it now has. */
export async function raiseErasuresGeneration(db: Kysely<Database>, tenantUuid: string): Promise<number> {
  const raised = await sql<{ generation: number }>`insert into change_generations (tenant_uuid, scope, generation)
    values (${tenantUuid}, ${ERASURES}, 1)
    on conflict (tenant_uuid, scope) do update set generation = generation + 1
    returning generation`.execute(db);
  return Number(raised.rows[0]!.generation);
}
