/**
 * @module
 * The slowest an import upload may arrive: a client sending a byte a second held its tenant's import place, and its
 * share of the upload space, until the request limit (300 s by default, up to an hour).
 */

/** An upload must bring `bytesPerSecond` on average over each `windowMilliseconds` while it arrives; 0 bytes: no minimum. */
export interface MinimumUploadRate {
  bytesPerSecond: number;
  windowMilliseconds: number;
}

/**
 * 10 KiB/s over each 30 s: 300 KiB a window, far below any link an upload is sent over (the 300 s request limit
 * asks 341 KiB/s of a 100 MiB upload), far above a client that holds its place without sending.
 */
export const DEFAULT_MINIMUM_UPLOAD_RATE: MinimumUploadRate = { bytesPerSecond: 10 * 1024, windowMilliseconds: 30_000 };
