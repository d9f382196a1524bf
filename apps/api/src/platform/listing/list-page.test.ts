/** listPage's cursors: bound to the query's filters as sets, so a reordered filter list goes on with the scan. */
import { createHash } from "node:crypto";
import type { Page, PageRequest } from "@rapport/store";
import { describe, expect, it } from "vitest";
import { ApiError } from "../errors/api-error.js";
import { createCursorCodec } from "./cursor-codec.js";
import { listPage } from "./list-page.js";

const rows = ["a", "b", "c", "d", "e"];

/** A page of `rows` in order, by offset or after the cursor's key. */
async function fetchRows(request: PageRequest): Promise<Page<string>> {
  const start = request.position.kind === "offset" ? request.position.offset : rows.indexOf(String(request.position.key[0])) + 1;
  const page = rows.slice(start, start + request.limit);
  const hasMore = start + request.limit < rows.length;
  return { rows: page, hasMore, total: request.position.kind === "offset" ? rows.length : null, lastKey: page.length > 0 ? [page.at(-1)!] : null };
}

const cursors = createCursorCodec("test secret");

function read(filters: Record<string, unknown>, cursor?: string, orderChange?: { mark: Record<string, string>; refusal: string }) {
  return listPage({
    paging: { per_page: 2, cursor },
    query: { operation: "listThings", tenant: "t1", filters },
    cursors,
    orderChange,
    fetch: fetchRows,
    present: (page) => page,
  });
}

describe("listPage cursors and list-valued filters", () => {
  it("goes on with a filter list sent in another order or with a value repeated", async () => {
    const first = await read({ company_uuid: ["u1", "u2"], status: ["OPEN"] });
    expect(first.items).toEqual(["a", "b"]);
    const reordered = await read({ company_uuid: ["u2", "u1"], status: ["OPEN"] }, first.next_cursor!);
    expect(reordered.items).toEqual(["c", "d"]);
    const repeated = await read({ company_uuid: ["u2", "u1", "u2"], status: ["OPEN"] }, reordered.next_cursor!);
    expect(repeated).toMatchObject({ items: ["e"], page: 3, has_more: false });
  });

  it("still refuses a cursor when the filter's set of values changed", async () => {
    const first = await read({ company_uuid: ["u1", "u2"] });
    for (const changed of [{ company_uuid: ["u1"] }, { company_uuid: ["u1", "u2", "u3"] }, {}]) {
      const refused = read(changed, first.next_cursor!);
      await expect(refused).rejects.toBeInstanceOf(ApiError);
      await expect(refused).rejects.toMatchObject({ status: 400, message: expect.stringMatching(/cursor is for another scan/) });
    }
  });

  it("goes on with a cursor a release before 2026-12-05 issued, its filter list hashed in the order sent", async () => {
    const formerJson = '{"filters":{"uuids":["u2","u1"]},"operation":"listThings","tenant":"t1"}';
    const query = createHash("sha256").update(formerJson).digest("base64url").slice(0, 22);
    const issuedBefore = cursors.encode({ query, key: ["b"], page: 2 });
    expect(await read({ uuids: ["u2", "u1"] }, issuedBefore)).toMatchObject({ items: ["c", "d"], page: 2 });
    await expect(read({ uuids: ["u1"] }, issuedBefore)).rejects.toMatchObject({ status: 400, message: expect.stringMatching(/cursor is for another scan/) });
  });

  it("refuses a cursor issued before an order change with the refusal that says what changed, and takes the new ones", async () => {
    const first = await read({ status: ["OPEN"] });
    const orderChange = { mark: { ties: "uuid" }, refusal: "cursor no longer valid: the order changed" };
    await expect(read({ status: ["OPEN"] }, first.next_cursor!, orderChange)).rejects.toMatchObject({ status: 400, message: "cursor no longer valid: the order changed" });
    const changed = await read({ status: ["OPEN"] }, undefined, orderChange);
    expect(await read({ status: ["OPEN"] }, changed.next_cursor!, orderChange)).toMatchObject({ items: ["c", "d"], page: 2 });
    await expect(read({ status: ["CLOSED"] }, first.next_cursor!, orderChange)).rejects.toMatchObject({ message: expect.stringMatching(/cursor is for another scan/) });
  });
});
