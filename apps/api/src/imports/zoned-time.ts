/**
 * @module
 * Wall-clock time in a named IANA time zone to an instant, with the platform's time zone database
 * (Intl): for calendar entries whose TZID the file does not define in a VTIMEZONE.
 */

export interface WallClock {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
}

/**
 * Zones remembered at most. A calendar names its own TZIDs, and every spelling was remembered for the process's life
 * (an unknown one too, as null): a server importing calendars for a month grew by each upload's names. The oldest
 * goes first; the platform knows about 600 zones, so the ones in use stay.
 */
export const MAXIMUM_REMEMBERED_ZONES = 1_024;
const formatters = new Map<string, Intl.DateTimeFormat | null>();

/** How many zone names are remembered (for tests: never above MAXIMUM_REMEMBERED_ZONES). */
export function rememberedZoneCount(): number {
  return formatters.size;
}

function formatterFor(timeZone: string): Intl.DateTimeFormat | null {
  if (!formatters.has(timeZone)) {
    let formatter: Intl.DateTimeFormat | null = null;
    try {
      formatter = new Intl.DateTimeFormat("en-US", {
        timeZone,
        hourCycle: "h23",
        year: "numeric",
        month: "numeric",
        day: "numeric",
        hour: "numeric",
        minute: "numeric",
        second: "numeric",
      });
    } catch {
      formatter = null;
    }
    if (formatters.size >= MAXIMUM_REMEMBERED_ZONES) formatters.delete(formatters.keys().next().value!);
    formatters.set(timeZone, formatter);
  }
  return formatters.get(timeZone)!;
}

/** The clocks' time at `instant`, to the second. */
function wallClockOf(formatter: Intl.DateTimeFormat, instant: number): WallClock {
  const parts: Record<string, number> = {};
  for (const part of formatter.formatToParts(instant)) if (part.type !== "literal") parts[part.type] = Number(part.value);
  return { year: parts.year!, month: parts.month!, day: parts.day!, hour: parts.hour!, minute: parts.minute!, second: parts.second! };
}

/** The zone's offset from UTC at `instant`, in ms. */
function offsetAt(formatter: Intl.DateTimeFormat, instant: number): number {
  const wall = wallClockOf(formatter, instant);
  return Date.UTC(wall.year, wall.month - 1, wall.day, wall.hour, wall.minute, wall.second) - Math.floor(instant / 1_000) * 1_000;
}

/**
 * What clocks in `timeZone` show at `instant` (epoch ms), to the second; null for an unknown zone.
 *
 * @example
 * epochToZonedWallClock(Date.UTC(2026, 9, 27, 11), "Asia/Tokyo"); // { year: 2026, month: 10, day: 27, hour: 20, minute: 0, second: 0 }
 */
export function epochToZonedWallClock(instant: number, timeZone: string): WallClock | null {
  const formatter = formatterFor(timeZone);
  return formatter ? wallClockOf(formatter, instant) : null;
}

/** True when the platform knows the zone. */
export function isKnownTimeZone(timeZone: string): boolean {
  return formatterFor(timeZone) !== null;
}

const DAY = 86_400_000;

/**
 * The instant (epoch ms) at which clocks in `timeZone` show `wall`; null for an unknown zone. As RFC 5545 reads a
 * DTSTART: a wall time shown twice (clocks going back) is the first of them, and one skipped by a DST change is read
 * with the offset before the gap, so it lands after the gap, as calendars do.
 *
 * @example
 * zonedWallClockToEpoch({ year: 2026, month: 11, day: 5, hour: 9, minute: 0, second: 0 }, "America/New_York"); // 14:00Z
 * zonedWallClockToEpoch({ year: 2026, month: 10, day: 25, hour: 1, minute: 30, second: 0 }, "Europe/London"); // 00:30Z (BST), not 01:30Z
 */
export function zonedWallClockToEpoch(wall: WallClock, timeZone: string): number | null {
  const formatter = formatterFor(timeZone);
  if (!formatter) return null;
  const asUtc = Date.UTC(wall.year, wall.month - 1, wall.day, wall.hour, wall.minute, wall.second);
  // Zones change offset at most once in a day: the offsets a day before and a day after are the only candidates.
  // (Until 2026-12-07 a repeated hour east of Greenwich, 01:30 in London on the night clocks go back, read as the second.)
  const before = offsetAt(formatter, asUtc - DAY);
  const after = offsetAt(formatter, asUtc + DAY);
  const candidates = [asUtc - before, asUtc - after].filter((instant, index) => offsetAt(formatter, instant) === (index === 0 ? before : after));
  return candidates.length === 0 ? asUtc - before : Math.min(...candidates);
}
