/**
 * @module
 * Opaque, signed cursors. A cursor carries the sort key of the last row served, the number of the
 * next page, and a hash of the query (operation, tenant, filters, sort) it belongs to; an HMAC over
 * all of it makes it unforgeable, and the hash makes it useless for any other query.
 */
import { createHash, createHmac, timingSafeEqual } from "node:crypto";
import type { KeyValues } from "@rapport/store";
import { badRequest } from "../errors/api-error.js";

export interface CursorContent {
  /** Hash of the query the cursor belongs to. */
  query: string;
  /** Sort-key values of the last row served. */
  key: KeyValues;
  /** The page number the cursor leads to. */
  page: number;
}

/**
 * Stable JSON: object keys sorted, undefined dropped, so equal queries hash equally. An array is read as a set
 * (items sorted, repeats dropped): every list a query holds is a filter's values (`company_uuid=a,b`), whose
 * order and repeats do not change the result, so a scan may go on with `b,a`.
 */
export function canonicalJson(value: unknown): string {
  return stableJson(value, true);
}

function stableJson(value: unknown, listsAsSets: boolean): string {
  if (Array.isArray(value)) {
    const items = value.map((item) => stableJson(item, listsAsSets));
    return `[${(listsAsSets ? [...new Set(items)].sort() : items).join(",")}]`;
  }
  if (value !== null && typeof value === "object") {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, item]) => item !== undefined)
      .sort(([left], [right]) => (left < right ? -1 : left > right ? 1 : 0));
    return `{${entries.map(([name, item]) => `${JSON.stringify(name)}:${stableJson(item, listsAsSets)}`).join(",")}}`;
  }
  return JSON.stringify(value) ?? "null";
}

const fingerprintOf = (json: string) => createHash("sha256").update(json).digest("base64url").slice(0, 22);

/** Hash identifying one query: which operation, for whom, with which filters and sort. */
export function queryFingerprint(parts: Record<string, unknown>): string {
  return fingerprintOf(canonicalJson(parts));
}

/**
 * The hash a release before 2026-12-05 gave the same query, its lists in the order sent: a cursor it issued for a
 * list-valued filter (`uuids=a,b`) goes on with its scan after an upgrade when the filter is sent as before (it was
 * refused as another scan's, though the client had changed nothing).
 */
export function formerQueryFingerprint(parts: Record<string, unknown>): string {
  return fingerprintOf(stableJson(parts, false));
}

export interface CursorCodec {
  encode(content: CursorContent): string;
  /** Verifies and decodes; 400 when the value was not issued by this deployment or is damaged. */
  decode(token: string): CursorContent;
}

const invalidCursor = () =>
  badRequest("cursor is not valid: pass the next_cursor value of a previous response unchanged");

export function createCursorCodec(secret: string): CursorCodec {
  const sign = (payload: string) => createHmac("sha256", secret).update(payload).digest("base64url");
  return {
    encode(content) {
      const payload = Buffer.from(JSON.stringify([content.query, content.page, content.key])).toString("base64url");
      return `${payload}.${sign(payload)}`;
    },
    decode(token) {
      const [payload, signature, extra] = token.split(".");
      if (!payload || !signature || extra !== undefined) throw invalidCursor();
      const expected = Buffer.from(sign(payload));
      const given = Buffer.from(signature);
      if (expected.length !== given.length || !timingSafeEqual(expected, given)) throw invalidCursor();
      let decoded: unknown;
      try {
        decoded = JSON.parse(Buffer.from(payload, "base64url").toString("utf8"));
      } catch {
        throw invalidCursor();
      }
      if (!Array.isArray(decoded) || decoded.length !== 3) throw invalidCursor();
      const [query, page, key] = decoded as [unknown, unknown, unknown];
      if (typeof query !== "string" || !Number.isInteger(page) || !Array.isArray(key)) throw invalidCursor();
      return { query, page: page as number, key: key as KeyValues };
    },
  };
}
