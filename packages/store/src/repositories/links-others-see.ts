/**
 * @module
 * Which links change what every user of a tenant sees. A link to a PERSONAL task is its creator's alone: the
 * records on its other side (an opportunity, a note) list it to no one else, so making or removing it must not
 * move their `updated_at` either, or every other user would see an opportunity or a note change at the instant
 * someone linked a private task to it. The task's own `updated_at` still moves: its creator polls it.
 */
import type { Kysely } from "kysely";
import type { AssociationsTable, Database } from "../database-schema.js";
import { tenantOnly } from "./tenant-filter.js";

/** The two sides of a link, as an association row names them. */
export type LinkSides = Pick<AssociationsTable, "owner_type" | "owner_uuid" | "entity_type" | "entity_uuid">;

/** The links of `links` with no PERSONAL task on either side: those whose change every user of the tenant sees. */
export async function linksOthersSee<Link extends LinkSides>(db: Kysely<Database>, tenantUuid: string, links: readonly Link[]): Promise<Link[]> {
  const taskUuids = new Set(links.flatMap((link) => [...(link.owner_type === "TASK" ? [link.owner_uuid] : []), ...(link.entity_type === "TASK" ? [link.entity_uuid] : [])]));
  if (taskUuids.size === 0) return [...links];
  const personal = new Set<string>();
  const uuids = [...taskUuids];
  for (let start = 0; start < uuids.length; start += 500) {
    const rows = await db
      .selectFrom("tasks")
      .select("uuid")
      // By key, the tenant condition unindexed, as the change stamps read them.
      .where(tenantOnly("tenant_uuid"), "=", tenantUuid)
      .where("uuid", "in", uuids.slice(start, start + 500))
      .where("scope", "=", "PERSONAL")
      .execute();
    for (const row of rows) personal.add(row.uuid);
  }
  if (personal.size === 0) return [...links];
  return links.filter(
    (link) => !(link.owner_type === "TASK" && personal.has(link.owner_uuid)) && !(link.entity_type === "TASK" && personal.has(link.entity_uuid)),
  );
}

/** The tasks on either side of `links`: a task's own `updated_at` follows every link of its own, private or not. */
export function tasksOfLinks(links: readonly LinkSides[]): Array<{ type: "TASK"; uuid: string }> {
  return links.flatMap((link) => [
    ...(link.owner_type === "TASK" ? [{ type: "TASK" as const, uuid: link.owner_uuid }] : []),
    ...(link.entity_type === "TASK" ? [{ type: "TASK" as const, uuid: link.entity_uuid }] : []),
  ]);
}
