/**
 * @module
 * The instant of a calendar time in a zone the file's VTIMEZONE defines: ical.js's, but for a wall time shown twice
 * (clocks going back), which ical.js reads as the second showing (it prefers standard time) and RFC 5545 as the first.
 */
import type ICAL from "ical.js";

type CalendarTime = InstanceType<typeof ICAL.Time>;

const DAY_SECONDS = 86_400;

/**
 * Epoch milliseconds of `time`, a date-time in a zone ical.js holds (a VTIMEZONE of the file, or UTC). The zone's
 * offsets a day before and after tell whether its clocks went back near it; the time is shown twice when it is read
 * with the later offset and the same time that much earlier is still read with the earlier one: then the first
 * showing, by the earlier offset. Only ical.js's public offsets of wall times are used.
 *
 * @example
 * // 02:30 in Berlin on 25 October 2026, a VTIMEZONE defining the zone: 00:30Z (summer time), where ical.js gave 01:30Z
 * definedZoneTimeToEpoch(ICAL.Time.fromDateTimeString("2026-10-25T02:30:00", property));
 */
export function definedZoneTimeToEpoch(time: CalendarTime): number {
  const instant = time.toUnixTime() * 1_000;
  const zone = time.zone;
  if (!zone) return instant;
  const offsetOf = (seconds: number) => {
    const shifted = time.clone();
    shifted.adjust(0, 0, 0, seconds);
    return zone.utcOffset(shifted);
  };
  const before = offsetOf(-DAY_SECONDS);
  const after = offsetOf(DAY_SECONDS);
  const wentBack = before - after;
  if (wentBack <= 0 || time.utcOffset() !== after || offsetOf(-wentBack) !== before) return instant;
  return instant - wentBack * 1_000;
}
