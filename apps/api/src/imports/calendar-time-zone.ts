/**
 * @module
 * The IANA time zone a calendar's TZID names when no VTIMEZONE of the file defines it: an IANA name as it is, or a
 * Windows zone name (`Pacific Standard Time`, as Outlook and Exchange write) by the CLDR table of windows-iana.
 */
import { WINDOWS_TO_IANA_MAP } from "windows-iana";
import { isKnownTimeZone } from "./zoned-time.js";

/** Windows zone name, lower-cased → the IANA zone CLDR gives it for the world (territory "001"). */
const IANA_BY_WINDOWS_NAME = new Map(
  WINDOWS_TO_IANA_MAP.filter((entry) => entry.territory === "001" && entry.iana[0] !== undefined).map((entry) => [entry.windowsName.toLowerCase(), entry.iana[0]!]),
);

/**
 * The IANA zone `tzid` names, known to the platform's time zone database; null when it is neither an IANA nor a
 * Windows zone name.
 *
 * @example
 * ianaTimeZoneOf("Europe/Berlin"); // "Europe/Berlin"
 * ianaTimeZoneOf("W. Europe Standard Time"); // "Europe/Berlin"
 * ianaTimeZoneOf("Mars/Olympus"); // null
 */
export function ianaTimeZoneOf(tzid: string): string | null {
  if (isKnownTimeZone(tzid)) return tzid;
  const iana = IANA_BY_WINDOWS_NAME.get(tzid.trim().toLowerCase());
  return iana !== undefined && isKnownTimeZone(iana) ? iana : null;
}
