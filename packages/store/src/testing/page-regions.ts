/**
 * @module
 * Where a byte of a SQLite database file sits, read from the page's own header (the file format's b-tree pages): in
 * a cell (live row data), in a freeblock or fragment list of the page, in the page's unallocated space (between its
 * cell pointers and its cells), or on a page that is no b-tree page (free, overflow or the freelist's).
 */

export type PageRegion = "page header" | "cell pointers" | "unallocated" | "freeblock" | "cell" | "not a b-tree page";

const INTERIOR_PAGE_TYPES = new Set([2, 5]);
const LEAF_PAGE_TYPES = new Set([10, 13]);

/** The region of the page holding `offset` in `file` (the main database file's bytes, pages of `pageSize`). */
export function pageRegionAt(file: Buffer, pageSize: number, offset: number): PageRegion {
  const start = Math.floor(offset / pageSize) * pageSize;
  // Page 1 starts with the 100-byte database header.
  const header = start === 0 ? 100 : 0;
  const at = offset - start;
  const type = file[start + header]!;
  if (!INTERIOR_PAGE_TYPES.has(type) && !LEAF_PAGE_TYPES.has(type)) return "not a b-tree page";
  const headerSize = INTERIOR_PAGE_TYPES.has(type) ? 12 : 8;
  if (at < header + headerSize) return "page header";
  const cells = file.readUInt16BE(start + header + 3);
  const pointersEnd = header + headerSize + 2 * cells;
  if (at < pointersEnd) return "cell pointers";
  const contentStart = file.readUInt16BE(start + header + 5) || 65_536;
  if (at < contentStart) return "unallocated";
  for (let block = file.readUInt16BE(start + header + 1); block !== 0; block = file.readUInt16BE(start + block)) {
    if (at >= block && at < block + file.readUInt16BE(start + block + 2)) return "freeblock";
  }
  return "cell";
}
