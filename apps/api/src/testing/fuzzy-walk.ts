/**
 * @module
 * A fuzzy retry's cursor walk with writes between its pages (the persons' `name`, the opportunities' `search`), for
 * a fast-check property: every record matching before the walk that nobody wrote is listed exactly once, and
 * nothing else is listed but records written meanwhile.
 */
import fc from "fast-check";
import { expect } from "vitest";

/** One step between two pages: a page read, a record created or one renamed (`pick` of those there are). */
export type WalkAction = { kind: "page"; perPage: number } | { kind: "create"; name: string } | { kind: "rename"; pick: number; name: string };

/** Steps of a walk, names taken from `pool`. */
export function walkActions(pool: readonly string[]): fc.Arbitrary<WalkAction[]> {
  const action: fc.Arbitrary<WalkAction> = fc.oneof(
    fc.record({ kind: fc.constant("page" as const), perPage: fc.integer({ min: 1, max: 3 }) }),
    fc.record({ kind: fc.constant("create" as const), name: fc.constantFrom(...pool) }),
    fc.record({ kind: fc.constant("rename" as const), pick: fc.nat(), name: fc.constantFrom(...pool) }),
  );
  return fc.array(action, { minLength: 1, maxLength: 10 });
}

interface WalkPage {
  items: ReadonlyArray<{ uuid: string }>;
  next_cursor: string | null;
}

/**
 * Walks the list `read` answers (a query string of paging parameters in, a page out) from a first page of two,
 * doing `actions` between pages, then to its end; checks the walk against the matches listed before it (page
 * number 1 of 50). `uuids` are the records there are, which `create` adds to.
 */
export async function checkWalkWithWrites(options: {
  actions: readonly WalkAction[];
  uuids: string[];
  read: (query: string) => Promise<WalkPage>;
  create: (name: string) => Promise<string>;
  rename: (uuid: string, name: string) => Promise<unknown>;
}): Promise<void> {
  const { actions, uuids, read } = options;
  const matching = (await read("per_page=50")).items.map((item) => item.uuid);
  const changed = new Set<string>();
  let page = await read("per_page=2");
  const walked = page.items.map((item) => item.uuid);
  const next = async (perPage: number) => {
    if (!page.next_cursor) return;
    page = await read(`per_page=${perPage}&cursor=${encodeURIComponent(page.next_cursor)}`);
    walked.push(...page.items.map((item) => item.uuid));
  };
  for (const step of actions) {
    if (step.kind === "page") await next(step.perPage);
    else if (step.kind === "create") {
      const created = await options.create(step.name);
      uuids.push(created);
      changed.add(created);
    } else {
      const uuid = uuids[step.pick % uuids.length]!;
      await options.rename(uuid, step.name);
      changed.add(uuid);
    }
  }
  while (page.next_cursor) await next(3);
  for (const uuid of matching.filter((match) => !changed.has(match))) expect(walked.filter((seen) => seen === uuid), uuid).toHaveLength(1);
  for (const uuid of walked) expect(matching.includes(uuid) || changed.has(uuid), uuid).toBe(true);
}
