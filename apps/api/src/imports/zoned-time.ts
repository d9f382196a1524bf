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

/** The zone's offset from UTC at `instant`, in ms. */
function offsetAt(formatter: Intl.DateTimeFormat, instant: number): number {
  const parts: Record<string, number> = {};
  for (const part of formatter.formatToParts(instant)) if (part.type !== "literal") parts[part.type] = Number(part.value);
  const wall = Date.UTC(parts.year!, parts.month! - 1, parts.day!, parts.hour!, parts.minute!, parts.second!);
  return wall - Math.floor(instant / 1_000) * 1_000;
}

/** True when the platform knows the zone. */
export function isKnownTimeZone(timeZone: string): boolean {
  return formatterFor(timeZone) !== null;
}

/**
 * The instant (epoch ms) at which clocks in `timeZone` show `wall`; null for an unknown zone. A
 * wall time skipped by a DST change resolves to the instant after the gap, as calendars do.
 *
 * @example
 * zonedWallClockToEpoch({ year: 2026, month: 11, day: 5, hour: 9, minute: 0, second: 0 }, "America/New_York"); // 14:00Z
 */
export function zonedWallClockToEpoch(wall: WallClock, timeZone: string): number | null {
  const formatter = formatterFor(timeZone);
  if (!formatter) return null;
  const asUtc = Date.UTC(wall.year, wall.month - 1, wall.day, wall.hour, wall.minute, wall.second);
  const firstGuess = asUtc - offsetAt(formatter, asUtc);
  const secondOffset = offsetAt(formatter, firstGuess);
  const secondGuess = asUtc - secondOffset;
  if (secondGuess === firstGuess) return firstGuess;
  // Near a transition: prefer the guess whose offset is self-consistent.
  return offsetAt(formatter, secondGuess) === secondOffset ? secondGuess : Math.max(firstGuess, secondGuess);
}
