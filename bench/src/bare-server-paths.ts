/**
 * The path at which the bare bench server (`serve-for-bench.ts`, mode `bare`) sends its body from bytes encoded
 * once at start, as Rapport sends a kept answer; at any other path it sends the body as a string.
 */
export const HELD_AS_BYTES_PATH = "/held-as-bytes";
