/**
 * @module
 * The pipeline order a cursor scan by an opportunity's `stage` began with. A stage's place is its position in its
 * pipeline, another record than the opportunity: reordered between two pages (`opportunityStages.reorder`), it moved
 * opportunities nobody wrote past the cursor (listed twice) or back behind it (never listed), and the list shows no
 * position, so nothing told the reader. The scan's cursor carries the instant of its first page and a mark of the
 * positions of the stages that existed then; a later page whose stages no longer hold those positions is refused, so
 * the scan starts again rather than skip or repeat. A stage created meanwhile takes the next position of its pipeline
 * and moves no other, so it refuses nothing.
 */
import { createHash } from "node:crypto";
import type { Kysely } from "kysely";
import type { Database } from "../database-schema.js";
import { InvalidInputError } from "../errors.js";
import type { Page, PageRequest } from "./keyset-page.js";

/** What a scan by stage keeps from its first page. */
export interface StageOrderScan {
  /** The first page's read: stages created after it are not in the mark. */
  instant: number;
  /** A digest of the positions of the tenant's stages created up to `instant`. */
  mark: string;
}

/** The mark of the positions the tenant's stages created up to `createdUpTo` hold now. */
export async function stageOrderMark(db: Kysely<Database>, tenantUuid: string, createdUpTo: number): Promise<string> {
  const stages = await db
    .selectFrom("opportunity_stages")
    .select(["uuid", "position"])
    .where("tenant_uuid", "=", tenantUuid)
    .where("created_at", "<=", createdUpTo)
    .orderBy("uuid")
    .execute();
  const digest = createHash("sha256");
  for (const stage of stages) digest.update(`${stage.uuid}:${Number(stage.position)}\n`);
  return digest.digest("base64url").slice(0, 22);
}

/**
 * The scan a cursor by stage carries and the request positioned on the sort values alone; `scan` is null for a first
 * page or a page number. A cursor of `sortKeyCount` values (issued before the order was carried) or one not led by an
 * instant and a mark is an InvalidInputError, so the scan starts again.
 *
 * @example
 * const { scan, request: positioned } = readStageOrderScan(request, 2);
 */
export function readStageOrderScan(request: PageRequest, sortKeyCount: number): { scan: StageOrderScan | null; request: PageRequest } {
  const { position } = request;
  if (position.kind === "offset") return { scan: null, request };
  if (position.key.length === sortKeyCount) {
    throw new InvalidInputError(
      "cursor no longer valid: opportunities by stage keep to the pipeline order their scan began with since this version; start the scan again without cursor",
    );
  }
  const [instant, mark, ...key] = position.key;
  if (typeof instant !== "number" || !Number.isFinite(instant) || typeof mark !== "string" || key.length !== sortKeyCount) {
    throw new InvalidInputError(`stage order scan: cursor key of ${position.key.length} values is not an instant, a mark and ${sortKeyCount} sort values`);
  }
  return { scan: { instant, mark }, request: { ...request, position: { kind: "after", key } } };
}

/**
 * Refuses a later page of `scan` when the tenant's stages it knew no longer hold the positions they held at its first
 * page. Checked after the page is read: a reorder before the read is found, and one after it refuses the next page.
 */
export async function assertStageOrderKept(db: Kysely<Database>, tenantUuid: string, scan: StageOrderScan): Promise<void> {
  if ((await stageOrderMark(db, tenantUuid, scan.instant)) === scan.mark) return;
  throw new InvalidInputError(
    "cursor no longer valid: the pipeline's stages were reordered since this scan by stage began, which would skip or repeat opportunities; start the scan again without cursor",
  );
}

/** `page` with its last key led by the scan's instant and mark, as `readStageOrderScan` reads it back. */
export function withStageOrderScan<P extends Pick<Page<unknown>, "lastKey">>(page: P, scan: StageOrderScan): P {
  return { ...page, lastKey: page.lastKey === null ? null : [scan.instant, scan.mark, ...page.lastKey] };
}
