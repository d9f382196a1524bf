/**
 * @module
 * The hint for an epoch-milliseconds value sent where a query filter takes ISO 8601: the API's own `*_at` fields
 * are epoch milliseconds, so a client passing back `service_updated_at` or `updated_at` as a watermark sends one.
 */

/** Epoch milliseconds (or seconds) as a query sends them: digits only, 10 to 16 of them. */
const EPOCH_DIGITS = /^\d{10,16}$/;

/**
 * `': ...'` naming the ISO 8601 form of `value` when it looks like epoch milliseconds (or seconds), else `""`.
 * @example epochMillisecondsHint("1796445858584") // ": epoch milliseconds (as in *_at fields) are not accepted here; send the same instant as ISO 8601 with milliseconds, 2026-12-05T04:44:18.584Z"
 */
export function epochMillisecondsHint(value: string): string {
  if (!EPOCH_DIGITS.test(value)) return "";
  const number = Number(value);
  const milliseconds = value.length <= 11 ? number * 1000 : number;
  const date = new Date(milliseconds);
  if (Number.isNaN(date.getTime())) return "";
  // Seconds are not what *_at fields hold (milliseconds): the hint names the fields only for milliseconds.
  const unit = value.length <= 11 ? "epoch seconds" : "epoch milliseconds (as in *_at fields)";
  return `: ${unit} are not accepted here; send the same instant as ISO 8601 with milliseconds, ${date.toISOString()}`;
}
