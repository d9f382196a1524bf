/** @module Growing the typed arrays behind the graph's tables. */

type GrowableArray = Float64Array<ArrayBuffer> | Int32Array<ArrayBuffer> | Uint32Array<ArrayBuffer> | Uint8Array<ArrayBuffer>;

/** A copy of `array` with room for `length` elements, of the same type; the new tail is zero. */
export function grown<Array extends GrowableArray>(array: Array, length: number): Array {
  const next = new (array.constructor as new (length: number) => Array)(length);
  next.set(array);
  return next;
}
