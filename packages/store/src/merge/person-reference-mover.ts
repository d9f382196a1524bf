/** The shape of one step of a person merge: moving one kind of reference to the canonical person. */
import type { Kysely } from "kysely";
import type { Database } from "../database-schema.js";

/** What each step of a person merge works in: its transaction, tenant, the two persons and its instant. */
export interface PersonMoveContext {
  /** The merge transaction: every write of every mover commits together or not at all. */
  db: Kysely<Database>;
  tenantUuid: string;
  canonicalUuid: string;
  supersededUuid: string;
  /** The merge's instant, epoch ms. */
  now: number;
}

/** One step of a person merge: moving one kind of reference to the canonical person. */
export interface PersonReferenceMover {
  /** Names the reference kind in the merge's `moved` counts (snake_case, plural). */
  kind: string;
  /** Moves every reference of this kind from the superseded to the canonical person; returns how many. */
  move(context: PersonMoveContext): Promise<number>;
}
