/**
 * @module
 * Reads an iCalendar export into meeting occurrences with ical.js: recurring events expanded within
 * the window (EXDATEs dropped, RECURRENCE-ID exceptions applied), times resolved in their time zone
 * (the file's VTIMEZONE, else the platform's zone database), rooms and resources left out; after a series expanded
 * whole, the keys it yields (`ImportedSeries`).
 */
import { createHash } from "node:crypto";
import type { Readable } from "node:stream";
import { setImmediate } from "node:timers/promises";
import ICAL from "ical.js";
import { cutText } from "../platform/request/cut-text.js";
import { MAX_MEETING_TEXT_LENGTH } from "../platform/request/field-limits.js";
import { ianaTimeZoneOf } from "./calendar-time-zone.js";
import { definedZoneTimeToEpoch } from "./defined-zone-time.js";
import { ALL_DAY_EVENT, ImportFormatError, type ImportedAddress, type ImportedMeeting, type ImportSource, type SourceEntry } from "./imported-items.js";
import { toImportedAddress } from "./parse-mail-message.js";
import { readComponentBlocks } from "./read-component-blocks.js";
import { StepBudgetExceeded, withinStepBudget, type StepBudget } from "./recurrence-steps.js";
import type { LineCounter } from "./read-lines.js";
import { epochToZonedWallClock, isKnownTimeZone, zonedWallClockToEpoch } from "./zoned-time.js";

type Component = InstanceType<typeof ICAL.Component>;
type CalendarEvent = InstanceType<typeof ICAL.Event>;
type CalendarTime = InstanceType<typeof ICAL.Time>;

/**
 * The calendar's own time zone, as Apple Calendar and Google write it (`X-WR-TIMEZONE:Asia/Tokyo`): its floating times
 * (no TZID, no `Z`) are wall-clock times there, as those applications read them. Until 2026-12-07 they read as UTC.
 */
const CALENDAR_ZONE = "X-WR-TIMEZONE";

/** A series expanding to more occurrences than this in the window is cut there (and reported). */
export const MAX_OCCURRENCES_PER_SERIES = 5_000;
/**
 * A series whose expansion takes more recurrence steps than this, from its DTSTART to the window's end (each
 * candidate instant ical.js checks, before the window included), is cut there and reported: a rule repeating every
 * second for years, or one that never matches, would otherwise hold the import for hours or for ever. A daily
 * series since 1900 stays under it.
 */
export const MAX_SERIES_STEPS = 50_000;
/** The expansion lets the event loop run this often (in steps): an upload's import must not hold the server's requests. */
export const STEPS_BETWEEN_PAUSES = 1_000;

/** Yielded by the expansion every STEPS_BETWEEN_PAUSES steps: the reader then waits for the event loop's next turn. */
const PAUSE = Symbol("pause");
type Expansion = SourceEntry | typeof PAUSE;
/** What a step of the expansion returns beyond MAX_SERIES_STEPS. */
const STEPS_EXCEEDED = Symbol("steps exceeded");

export interface IcsOptions {
  /** Window start, epoch ms (inclusive). */
  since: number;
  /** Window end, epoch ms (inclusive). */
  until: number;
  name: string;
}

/** The options, and the IANA zone of the event's calendar (its X-WR-TIMEZONE), in which its floating times are read. */
type EventOptions = IcsOptions & { calendarZone: string | null };

interface ParsedEvent {
  line: number;
  component: Component;
  /** The IANA zone its calendar's X-WR-TIMEZONE names, or null. */
  calendarZone: string | null;
}

/**
 * An instant from a calendar time; null for an all-day date. A TZID a VTIMEZONE defines is read by that definition (a
 * repeated wall time as its first showing); one no VTIMEZONE defines is read as the zone
 * `resolveZone` gives (by default the IANA zone it names, a Windows zone name included); floating times in
 * `calendarZone` (the calendar's X-WR-TIMEZONE), else, as a TZID without a zone, as UTC.
 */
function toEpoch(
  time: CalendarTime,
  tzid: string | null,
  calendarZone: string | null,
  resolveZone: (tzid: string) => string | null = ianaTimeZoneOf,
  readDefinedZone: (time: CalendarTime) => number = definedZoneTimeToEpoch,
): number | null {
  if (time.isDate) return null;
  const zone = time.zone?.tzid;
  if (zone && zone !== "floating") return readDefinedZone(time);
  const wall = { year: time.year, month: time.month, day: time.day, hour: time.hour, minute: time.minute, second: time.second };
  const iana = wallClockZone(tzid, calendarZone, resolveZone);
  const zoned = iana ? zonedWallClockToEpoch(wall, iana) : null;
  return zoned ?? Date.UTC(wall.year, wall.month - 1, wall.day, wall.hour, wall.minute, wall.second);
}

/** The IANA zone a time ical.js holds as wall-clock time (floating, or of a TZID no VTIMEZONE defines) is read in, or null (UTC). */
function wallClockZone(tzid: string | null, calendarZone: string | null, resolveZone: (tzid: string) => string | null = ianaTimeZoneOf): string | null {
  return tzid ? resolveZone(tzid) : calendarZone;
}

/**
 * A series' UNTIL as ical.js must read it to end where the calendar means: ical.js compares it with each occurrence as
 * written. A date (`UNTIL=20261027` beside a start with a time, as Outlook and hand-made feeds write it) is that day's
 * end in the start's zone: it was that day's first instant (UTC), so a series "until 27 October" lost its 27 October
 * occurrence. A UTC time (as RFC 5545 requires beside a zoned DTSTART) is rewritten as the wall-clock time of
 * `wallClockZone` when ical.js holds the series' times as wall-clock times read there (a TZID no VTIMEZONE defines,
 * floating times): a weekly 20:00 Tokyo meeting lost the occurrence its UNTIL named (20:00 against 11:00Z) and a
 * daily 01:00 New York one gained a day. Both until 2026-12-07.
 */
function untilAsTheStartReads(master: Component, start: CalendarTime, wallClockZone: string | null): void {
  for (const property of master.getAllProperties("rrule")) {
    const rule = property.getFirstValue();
    if (!(rule instanceof ICAL.Recur) || !rule.until) continue;
    if (rule.until.isDate && !start.isDate) {
      const { year, month, day } = rule.until;
      rule.until = new ICAL.Time({ year, month, day, hour: 23, minute: 59, second: 59, isDate: false }, start.zone ?? ICAL.Timezone.localTimezone);
    } else if (wallClockZone && !rule.until.isDate && rule.until.zone?.tzid === "UTC") {
      const wall = epochToZonedWallClock(rule.until.toUnixTime() * 1_000, wallClockZone);
      if (!wall) continue;
      rule.until = new ICAL.Time({ ...wall, isDate: false }, ICAL.Timezone.localTimezone);
    } else {
      continue;
    }
    property.setValue(rule);
  }
}

/**
 * An exception's RECURRENCE-ID written in UTC (or in a zone the file defines), rewritten as the wall-clock time of
 * `zone` when ical.js holds its series' times as wall-clock times read there: ical.js relates an exception to the
 * occurrence showing the same time, so until 2026-12-07 such an exception was never applied (the occurrence kept its
 * time and title, and the moved meeting was not imported), as an EXDATE written in UTC excluded nothing.
 */
function recurrenceIdAsWallClock(exception: Component, zone: string): void {
  const property = exception.getFirstProperty("recurrence-id");
  const value = property?.getFirstValue();
  if (!property || !(value instanceof ICAL.Time) || value.isDate || !value.zone?.tzid || value.zone.tzid === "floating") return;
  const wall = epochToZonedWallClock(value.toUnixTime() * 1_000, zone);
  if (!wall) return;
  property.removeParameter("tzid");
  property.setValue(new ICAL.Time({ ...wall, isDate: false }, ICAL.Timezone.localTimezone));
}

/**
 * The zone an occurrence's key reads its original start in: an IANA name only, a Windows zone name reading as UTC as
 * every import did until 2026-12-06, so that importing a calendar again updates the occurrences an earlier import
 * stored (at the wrong time) instead of storing each twice.
 */
function ianaNameOnly(tzid: string): string | null {
  return isKnownTimeZone(tzid) ? tzid : null;
}

/**
 * How an occurrence's key reads a time in a zone the file defines: as ical.js does (a repeated wall time as its second
 * showing), as every import did until 2026-12-07, so that importing a calendar again updates such an occurrence.
 */
const asIcalReadsIt = (time: CalendarTime) => time.toUnixTime() * 1_000;

function tzidOf(component: Component, property: string): string | null {
  const value = component.getFirstProperty(property)?.getParameter("tzid");
  return typeof value === "string" ? value : null;
}

/**
 * The first TZID of the component's times that neither a VTIMEZONE of the file defines nor names an IANA or Windows zone:
 * its times are read as UTC.
 */
function unknownTimeZone(component: Component): string | null {
  for (const name of ["dtstart", "dtend", "recurrence-id"]) {
    const property = component.getFirstProperty(name);
    const tzid = property ? stringParameter(property, "tzid") : null;
    if (!property || !tzid) continue;
    const value = property.getFirstValue();
    const zone = value instanceof ICAL.Time ? value.zone?.tzid : undefined;
    if (zone && zone !== "floating") continue;
    if (ianaTimeZoneOf(tzid) === null) return tzid;
  }
  return null;
}

/** The caveat of an event (and its exceptions) with a time zone nobody defines, or null. */
function unknownTimeZoneCaveat(components: readonly Component[]): string | null {
  const tzid = components.map(unknownTimeZone).find((zone) => zone !== null);
  return tzid ? `unknown time zone "${tzid.slice(0, 100)}" (no VTIMEZONE in the file defines it and it is neither an IANA nor a Windows zone name): its times were read as UTC` : null;
}

/** Attaches `caveat` to the first meeting an event yields (not an all-day one, left out), so that it is reported once per event. */
function* withCaveat(entries: Iterable<Expansion>, caveat: string | null): Generator<Expansion> {
  let pending = caveat;
  for (const entry of entries) {
    if (pending && entry !== PAUSE && "item" in entry && !(entry.item.type === "meeting" && entry.item.all_day)) {
      yield { ...entry, caveat: pending };
      pending = null;
    } else {
      yield entry;
    }
  }
}

function text(component: Component, property: string): string | null {
  const value = component.getFirstPropertyValue(property);
  return typeof value === "string" && value.trim() ? value.trim() : null;
}

function participants(component: Component) {
  const organizerProperty = component.getFirstProperty("organizer");
  const organizerValue = organizerProperty?.getFirstValue();
  const organizer = organizerProperty
    ? toImportedAddress(typeof organizerValue === "string" ? organizerValue : undefined, stringParameter(organizerProperty, "cn"))
    : null;
  const attendees: Array<ImportedAddress & { response: "accepted" | "declined" }> = [];
  for (const property of component.getAllProperties("attendee")) {
    const kind = stringParameter(property, "cutype")?.toUpperCase();
    if (kind === "ROOM" || kind === "RESOURCE") continue;
    if (stringParameter(property, "role")?.toUpperCase() === "NON-PARTICIPANT") continue;
    const value = property.getFirstValue();
    const address = toImportedAddress(typeof value === "string" ? value : undefined, stringParameter(property, "cn"));
    if (!address) continue;
    const response = stringParameter(property, "partstat")?.toUpperCase() === "DECLINED" ? "declined" : "accepted";
    const existing = attendees.find((attendee) => attendee.email === address.email);
    if (existing) {
      if (response === "accepted") existing.response = "accepted";
    } else {
      attendees.push({ ...address, response });
    }
  }
  return { organizer, attendees };
}

function stringParameter(property: InstanceType<typeof ICAL.Property>, name: string): string | null {
  const value = property.getParameter(name);
  if (typeof value === "string") return value;
  if (Array.isArray(value) && typeof value[0] === "string") return value[0];
  return null;
}

function fallbackUid(component: Component, line: number): string {
  const seed = JSON.stringify([text(component, "summary"), component.getFirstProperty("dtstart")?.toICALString() ?? null, line]);
  return `rapport-${createHash("sha256").update(seed).digest("hex").slice(0, 32)}`;
}

const ALL_DAY_MARKS = ["x-microsoft-cdo-alldayevent", "x-microsoft-msncalendar-alldayevent"];

/**
 * True when Outlook marks the occurrence all-day (`X-MICROSOFT-CDO-ALLDAYEVENT:TRUE`; an exception without the mark
 * takes its series'): older Outlook and Exchange exports write such an event from midnight to midnight in a time zone
 * instead of as dates.
 */
function markedAllDay(master: Component, item: Component): boolean {
  const mark = ALL_DAY_MARKS.map((name) => text(item, name) ?? text(master, name)).find((value) => value !== null);
  return mark?.toUpperCase() === "TRUE";
}

type OccurrenceResult = { item: ImportedMeeting } | { skipped: string };

/** One occurrence (or single event) as a meeting, or why it is left out. */
function toMeeting(
  master: Component,
  item: Component,
  start: CalendarTime,
  end: CalendarTime | null,
  externalId: string,
  calendarZone: string | null,
): OccurrenceResult {
  const startsAt = toEpoch(start, tzidOf(item, "dtstart"), calendarZone);
  if (startsAt === null) return { skipped: ALL_DAY_EVENT };
  let endsAt = end ? toEpoch(end, tzidOf(item, "dtend") ?? tzidOf(item, "dtstart"), calendarZone) : null;
  if (endsAt !== null && endsAt < startsAt) endsAt = null;
  if (markedAllDay(master, item)) {
    // Passed on with its key alone: the writer removes the 24-hour meeting earlier imports stored for it, else skips it.
    const title = cutText(text(item, "summary") ?? "(no title)", MAX_MEETING_TEXT_LENGTH);
    return { item: { type: "meeting", external_id: externalId, title, starts_at: startsAt, ends_at: endsAt, status: "confirmed", location: null, organizer: null, attendees: [], all_day: true } };
  }
  let { organizer, attendees } = participants(item);
  if (item !== master && !organizer && attendees.length === 0) ({ organizer, attendees } = participants(master));
  const people = new Set([...(organizer ? [organizer.email] : []), ...attendees.map((attendee) => attendee.email)]);
  const status = (text(item, "status") ?? text(master, "status") ?? "").toUpperCase() === "CANCELLED" ? "cancelled" : "confirmed";
  // A cancellation is passed on whoever it names: Google writes a cancelled instance with its organizer alone, and
  // skipping it as one participant's left the meeting an earlier export stored confirmed.
  if (people.size < 2 && status !== "cancelled") return { skipped: "fewer than two participants" };
  const location = text(item, "location");
  return {
    item: {
      type: "meeting",
      external_id: externalId,
      title: cutText(text(item, "summary") ?? "(no title)", MAX_MEETING_TEXT_LENGTH),
      starts_at: startsAt,
      ends_at: endsAt,
      status,
      location: location === null ? null : cutText(location, MAX_MEETING_TEXT_LENGTH),
      organizer,
      attendees,
    },
  };
}

/**
 * The instants a series' EXDATEs exclude, each read in its own zone as a start is. ical.js drops an occurrence only
 * when its EXDATE shows the same time: a series in a zone no VTIMEZONE defines is unzoned to it, so an EXDATE written
 * in UTC (`EXDATE:20261022T003000Z`) never matched its occurrence, and the meeting was imported.
 */
function excludedInstants(master: Component, calendarZone: string | null): Set<number> {
  const instants = new Set<number>();
  for (const property of master.getAllProperties("exdate")) {
    const tzid = stringParameter(property, "tzid");
    for (const value of property.getValues()) {
      const instant = value instanceof ICAL.Time ? toEpoch(value, tzid, calendarZone) : null;
      if (instant !== null) instants.add(instant);
    }
  }
  return instants;
}

/**
 * Takes the series' EXDATEs of times (not of dates) off its component, so ical.js expands the occurrences they
 * exclude and the import reads them as cancelled (`excludedInstants`): an occurrence deleted from its series after an
 * earlier import (Outlook writes an EXDATE) stayed a confirmed meeting that never took place.
 */
function takeOffTimedExdates(master: Component): void {
  for (const property of master.getAllProperties("exdate")) {
    if (property.getValues().every((value) => value instanceof ICAL.Time && !value.isDate)) master.removeProperty(property);
  }
}

function* expand(uid: string, master: ParsedEvent, exceptions: Component[], options: EventOptions): Generator<Expansion> {
  const where = `event at line ${master.line} (UID ${uid})`;
  // Its own exceptions, given: without them ical.js relates every RECURRENCE-ID component of the whole calendar,
  // whatever its UID (one series' moved occurrence replaced another's at the same time), scanning all events for
  // each event (quadratic in the calendar's size).
  const { calendarZone } = options;
  const excluded = excludedInstants(master.component, calendarZone);
  takeOffTimedExdates(master.component);
  const firstStart = master.component.getFirstPropertyValue("dtstart");
  if (firstStart instanceof ICAL.Time) {
    const heldAsWallClock = !firstStart.zone?.tzid || firstStart.zone.tzid === "floating";
    const startZone = heldAsWallClock ? wallClockZone(tzidOf(master.component, "dtstart"), calendarZone) : null;
    untilAsTheStartReads(master.component, firstStart, startZone);
    if (startZone) for (const exception of exceptions) recurrenceIdAsWallClock(exception, startZone);
  }
  const event: CalendarEvent = new ICAL.Event(master.component, { exceptions });
  if (!event.isRecurring()) {
    const start = event.startDate;
    if (!start) {
      yield { position: where, problem: "no DTSTART" };
      return;
    }
    const startsAt = toEpoch(start, tzidOf(master.component, "dtstart"), calendarZone);
    if (startsAt !== null && (startsAt < options.since || startsAt > options.until)) {
      yield { position: where, skipped: "outside the window" };
      return;
    }
    const result = toMeeting(master.component, master.component, start, event.endDate ?? null, uid, calendarZone);
    yield "item" in result ? { position: where, item: result.item } : { position: where, skipped: result.skipped };
    return;
  }
  const budget: StepBudget = { left: MAX_SERIES_STEPS };
  const tooManySteps: SourceEntry = {
    position: where,
    problem: `takes more than ${MAX_SERIES_STEPS} recurrence steps from its start to the end of the window (a rule repeating every few seconds or minutes for years, or one that never matches); the rest is left out`,
  };
  const step = <Result>(call: () => Result): Result | typeof STEPS_EXCEEDED => {
    try {
      return withinStepBudget(budget, call);
    } catch (error) {
      if (error instanceof StepBudgetExceeded) return STEPS_EXCEEDED;
      throw error;
    }
  };
  const iterator = step(() => event.iterator());
  if (iterator === STEPS_EXCEEDED) {
    yield tooManySteps;
    return;
  }
  let produced = 0;
  let cancelled = 0;
  let pausedAt = MAX_SERIES_STEPS;
  // Every key the rule still yields, those before the window too (an exception may have moved one out of it).
  const keys: string[] = [];
  for (let next = step(() => iterator.next()); next; next = step(() => iterator.next())) {
    if (next === STEPS_EXCEEDED) {
      yield tooManySteps;
      return;
    }
    if (pausedAt - budget.left >= STEPS_BETWEEN_PAUSES) {
      pausedAt = budget.left;
      yield PAUSE;
    }
    const details = event.getOccurrenceDetails(next);
    const originalStart = toEpoch(details.recurrenceId, tzidOf(master.component, "dtstart"), calendarZone);
    const keyStart = toEpoch(details.recurrenceId, tzidOf(master.component, "dtstart"), null, ianaNameOnly, asIcalReadsIt);
    const movedStart = toEpoch(details.startDate, tzidOf(details.item.component, "dtstart"), calendarZone);
    const reference = movedStart ?? originalStart ?? Date.UTC(next.year, next.month - 1, next.day);
    if (reference > options.until && (originalStart ?? reference) > options.until) break;
    const key = `${uid}#${keyStart ?? Date.UTC(next.year, next.month - 1, next.day)}`;
    keys.push(key);
    if (reference < options.since) continue;
    const position = `${where}, occurrence ${new Date(reference).toISOString()}`;
    if (originalStart !== null && excluded.has(originalStart)) {
      // Cancelled: left out, and the meeting an earlier export stored for it marked cancelled.
      cancelled += 1;
      const result = toMeeting(master.component, details.item.component, details.startDate, details.endDate, key, calendarZone);
      if ("item" in result && !result.item.all_day) yield { position, item: { ...result.item, status: "cancelled" } };
      continue;
    }
    produced += 1;
    if (produced > MAX_OCCURRENCES_PER_SERIES) {
      yield { position: where, problem: `more than ${MAX_OCCURRENCES_PER_SERIES} occurrences in the window; the rest are left out` };
      return;
    }
    const result = toMeeting(master.component, details.item.component, details.startDate, details.endDate, key, calendarZone);
    yield "item" in result ? { position, item: result.item } : { position, skipped: result.skipped };
  }
  if (produced === 0 && cancelled === 0) yield { position: where, skipped: "outside the window" };
  // Expanded whole (a series cut short above yields none): its stored occurrences in the window it no longer has go.
  yield { position: where, series: { type: "series", uid, since: options.since, until: options.until, keys } };
}

/** The entries of an expansion, waiting for the event loop's next turn at each PAUSE. */
async function* pausing(expansion: Iterable<Expansion>): AsyncGenerator<SourceEntry> {
  for (const entry of expansion) {
    if (entry === PAUSE) await setImmediate();
    else yield entry;
  }
}

/**
 * The meeting occurrences of an iCalendar stream.
 *
 * @example
 * const source = readIcs(createReadStream("calendar.ics"), size, { since, until, name: "calendar.ics" });
 */
export function readIcs(stream: Readable, totalBytes: number | null, options: IcsOptions): ImportSource {
  const counter: LineCounter = { bytes: 0 };
  async function* entries(): AsyncGenerator<SourceEntry> {
    const calendar = new ICAL.Component(["vcalendar", [], []]);
    const events: ParsedEvent[] = [];
    const problems: SourceEntry[] = [];
    const blocks = readComponentBlocks(stream, counter, {
      first: "VCALENDAR",
      capture: new Map([
        ["VEVENT", 1],
        ["VTIMEZONE", 1],
      ]),
      describe: `${options.name} is not an iCalendar file`,
      name: options.name,
      properties: new Set([CALENDAR_ZONE]),
    });
    // Per calendar: a folder's files are read as one stream, each its own VCALENDAR.
    let calendarZone: string | null = null;
    for await (const block of blocks) {
      if (block.name === "VCALENDAR") calendarZone = null;
      if (block.name === CALENDAR_ZONE && "text" in block) calendarZone = ianaTimeZoneOf(block.text.trim());
      if (block.name === "VCALENDAR" || block.name === CALENDAR_ZONE) continue;
      const position = `${block.name.toLowerCase() === "vevent" ? "event" : "time zone"} at line ${block.line}`;
      if ("problem" in block) {
        problems.push({ position, problem: block.problem });
        continue;
      }
      try {
        const component = new ICAL.Component(ICAL.parse(block.text) as unknown as unknown[]);
        calendar.addSubcomponent(component);
        if (block.name === "VEVENT") events.push({ line: block.line, component, calendarZone });
      } catch (error) {
        problems.push({ position, problem: `unreadable ${block.name}: ${error instanceof Error ? error.message : String(error)}` });
      }
    }
    yield* problems;

    const masters = new Map<string, ParsedEvent>();
    const exceptions = new Map<string, ParsedEvent[]>();
    const order = new Set<string>();
    for (const event of events) {
      const uid = text(event.component, "uid") ?? fallbackUid(event.component, event.line);
      if (event.component.hasProperty("recurrence-id")) {
        exceptions.set(uid, [...(exceptions.get(uid) ?? []), event]);
      } else if (!masters.has(uid)) {
        masters.set(uid, event);
      } else {
        yield { position: `event at line ${event.line} (UID ${uid})`, skipped: "repeats an event already in the file" };
        continue;
      }
      order.add(uid);
    }
    for (const uid of order) {
      const master = masters.get(uid);
      const related = exceptions.get(uid) ?? [];
      try {
        if (master) {
          const components = related.map((exception) => exception.component);
          const eventOptions = { ...options, calendarZone: master.calendarZone };
          yield* pausing(withCaveat(expand(uid, master, components, eventOptions), unknownTimeZoneCaveat([master.component, ...components])));
        } else {
          // Exceptions whose series is not in the file stand alone, keyed like occurrences.
          for (const orphan of related) {
            yield* pausing(withCaveat(expandOrphan(uid, orphan, { ...options, calendarZone: orphan.calendarZone }), unknownTimeZoneCaveat([orphan.component])));
          }
        }
      } catch (error) {
        const line = master?.line ?? related[0]?.line ?? 0;
        yield { position: `event at line ${line} (UID ${uid})`, problem: `unreadable event: ${error instanceof Error ? error.message : String(error)}` };
      }
    }
  }
  return { entries: entries(), bytesRead: () => counter.bytes, totalBytes };
}

function* expandOrphan(uid: string, orphan: ParsedEvent, options: EventOptions): Generator<Expansion> {
  const where = `event at line ${orphan.line} (UID ${uid})`;
  const event = new ICAL.Event(orphan.component);
  const recurrenceId = event.recurrenceId;
  const original = recurrenceId ? toEpoch(recurrenceId, tzidOf(orphan.component, "recurrence-id"), null, ianaNameOnly, asIcalReadsIt) : null;
  const startsAt = event.startDate ? toEpoch(event.startDate, tzidOf(orphan.component, "dtstart"), options.calendarZone) : null;
  if (!event.startDate) {
    yield { position: where, problem: "no DTSTART" };
    return;
  }
  if (startsAt !== null && (startsAt < options.since || startsAt > options.until)) {
    yield { position: where, skipped: "outside the window" };
    return;
  }
  const result = toMeeting(orphan.component, orphan.component, event.startDate, event.endDate ?? null, `${uid}#${original ?? startsAt}`, options.calendarZone);
  yield "item" in result ? { position: where, item: result.item } : { position: where, skipped: result.skipped };
}

export { ImportFormatError };
