/**
 * @module
 * Whole responses of reads that depend only on the tenant's data, the request and the time, kept as the
 * bytes that were sent: asking again for the same ranking does not rank, present and serialize it again.
 * An entry is served while the tenant's data has not moved since it was computed (`Store.revision`) and
 * it is younger than the maximum age, which bounds how far the `now` of a served answer lags the clock.
 */
import { LRUCache } from "lru-cache";
import { ByteRing } from "./byte-ring.js";

export interface ResponseCacheOptions {
  /** How long an entry may be served after it was computed, in milliseconds; 0 keeps nothing. */
  maxAgeMilliseconds: number;
  /**
   * Bytes of bodies kept at most, in each of its two stores: whole answers (the least recently used go first)
   * and parts of answers (the oldest go first).
   */
  maxBytes: number;
}

interface Entry {
  revision: number;
  computedAt: number;
  body: Uint8Array;
  /** The answer's entity tag, for an operation that sends one. */
  tag?: string;
}

/**
 * Bytes an entry holds besides its body and its key (whose length is counted too): its records in the cache and its
 * body's own buffer. Counted by their bodies alone, small answers (an empty page, a page of one: 100 bytes) filled the
 * byte bound with over half a million entries, whose keys and records held several times the bytes it counted.
 */
export const ENTRY_BYTES = 128;

/**
 * Response bodies by request key (tenant, user context, operation, path and query).
 *
 * @example
 * const cache = new ResponseCache({ maxAgeMilliseconds: 10_000, maxBytes: 64 * 2 ** 20 });
 * cache.keep(key, store.revision(tenant), clock.now(), body);
 * cache.find(key, store.revision(tenant), clock.now()); // { body, age }, until the tenant's data moves or 10 s pass
 */
export class ResponseCache {
  private readonly entries: LRUCache<string, Entry> | null;
  /** Parts of answers (a batch's targets), in a ring of the same size: megabytes a minute that are never garbage. */
  private readonly parts: ByteRing<Omit<Entry, "body">> | null;

  constructor(readonly options: ResponseCacheOptions) {
    const { maxAgeMilliseconds, maxBytes } = options;
    const keeps = maxAgeMilliseconds > 0 && maxBytes > 0;
    this.entries = keeps ? new LRUCache({ maxSize: maxBytes, sizeCalculation: (entry, key) => entry.body.byteLength + key.length + (entry.tag?.length ?? 0) + ENTRY_BYTES }) : null;
    this.parts = keeps ? new ByteRing(maxBytes) : null;
  }

  /** How many whole answers are kept (their bodies, keys and records within the cache's size). */
  get entryCount(): number {
    return this.entries?.size ?? 0;
  }

  /** Whether anything can be kept (a maximum age and a size above 0). */
  get keepsAnything(): boolean {
    return this.entries !== null;
  }

  /**
   * Maps up to `maximumBytes` more of the memory kept parts of answers are written into (see
   * `ByteRing.reserve`), so that the batches that first fill it do not pay for it. True when all of it is
   * mapped, or nothing is kept.
   */
  reserveMemory(maximumBytes = Infinity): boolean {
    return this.parts?.reserve(maximumBytes) ?? true;
  }

  /**
   * The body kept under `key`, its age in milliseconds and its entity tag (if kept with one), when it was computed
   * from data at `revision` less than the maximum age before `now`.
   */
  find(key: string, revision: number, now: number): { body: Uint8Array; age: number; tag?: string } | undefined {
    const entry = this.entries?.get(key);
    if (entry === undefined) return undefined;
    const age = now - entry.computedAt;
    if (entry.revision !== revision || age < 0 || age >= this.options.maxAgeMilliseconds) return undefined;
    return entry.tag === undefined ? { body: entry.body, age } : { body: entry.body, age, tag: entry.tag };
  }

  /**
   * Keeps `body` under `key`: computed at `now` from the tenant's data at `revision`, taken before the
   * computation began. A NaN revision (inside a transaction) keeps nothing; a body larger than the whole
   * cache is not kept. A small body that is a slice of a larger buffer (Node's pool: `Buffer.from` of a short text) is
   * kept as a copy, which holds its own bytes only: kept as it was, it held the whole 8 KiB slab for as long as it stayed.
   * `tag`, the answer's entity tag, is kept with it.
   */
  keep(key: string, revision: number, now: number, body: Uint8Array, tag?: string): void {
    if (this.entries === null || Number.isNaN(revision)) return;
    const own = body.byteLength < body.buffer.byteLength ? ownCopy(body) : body;
    this.entries.set(key, tag === undefined ? { revision, computedAt: now, body: own } : { revision, computedAt: now, body: own, tag });
  }

  /**
   * As {@link find}, for a part of an answer kept with {@link keepPart}: a copy of its bytes. Parts are kept
   * apart from whole answers, in a ring of the cache's size where the oldest go first.
   */
  findPart(key: string, revision: number, now: number): { body: Uint8Array; age: number } | undefined {
    const found = this.parts?.get(key);
    if (found === undefined) return undefined;
    const age = now - found.meta.computedAt;
    if (found.meta.revision !== revision || age < 0 || age >= this.options.maxAgeMilliseconds) return undefined;
    return { body: found.bytes, age };
  }

  /**
   * As {@link keep}, for a part of an answer (one target of a batch): a copy of `body` is kept (a string: its
   * UTF-8 bytes, written straight into the ring, so that a serialized part needs no buffer of its own).
   */
  keepPart(key: string, revision: number, now: number, body: Uint8Array | string): void {
    if (this.parts === null || Number.isNaN(revision)) return;
    this.parts.set(key, body, { revision, computedAt: now });
  }
}

/** `bytes` in a buffer of their own (never the pool's). */
function ownCopy(bytes: Uint8Array): Buffer {
  const copy = Buffer.allocUnsafeSlow(bytes.byteLength);
  copy.set(bytes);
  return copy;
}

/**
 * The key of a kept answer: the tenant, the user context (a person's `my_*` fields answer for the caller),
 * the operation, and the request target (path and query).
 */
export function responseCacheKey(tenantUuid: string, userUuid: string | null, operationId: string, target: string): string {
  return `${tenantUuid} ${userUuid ?? "-"} ${operationId} ${target}`;
}

/** The request target (path and query) of an absolute URL such as `http://host/v1/persons/…?page=2`. */
export function requestTargetOf(url: string): string {
  const path = url.indexOf("/", url.indexOf("//") + 2);
  return path === -1 ? "/" : url.slice(path);
}

/**
 * What a request's `Cache-Control` asks of the response cache: `no-cache` (and `no-store`) a fresh answer,
 * `no-store` also that nothing is kept.
 */
export function cacheDirectivesOf(header: string | undefined): { fresh: boolean; keep: boolean } {
  const directives = header?.toLowerCase() ?? "";
  const keep = !directives.includes("no-store");
  return { fresh: !keep || directives.includes("no-cache"), keep };
}
