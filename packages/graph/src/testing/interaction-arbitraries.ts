/** fast-check arbitraries of interactions among a fixed cast, for the property tests. */
import fc from "fast-check";
import type { Interaction } from "../types.js";
import { DAY, NOW } from "./builders.js";

/** Days before NOW, up to `maximum`; negative values are in the future (upcoming meetings, mail dated ahead). */
export function ageInDays(maximum: number): fc.Arbitrary<number> {
  return fc.integer({ min: -60, max: maximum });
}

/**
 * Lists of `length` emails (1 to 3 recipients) and meetings (2 to `maximumAttendees` attendees) among
 * `persons`, dated `age` days before NOW, with ids i0, i1, ... A sender may also be a recipient, and a
 * person may be named twice: the graph must cope.
 */
export function interactionLists(
  persons: readonly string[],
  options: { age: fc.Arbitrary<number>; length: { minLength: number; maxLength: number }; maximumAttendees: number },
): fc.Arbitrary<Interaction[]> {
  const person = fc.constantFrom(...persons);
  const { age } = options;
  const draft = fc.oneof(
    fc.record({ kind: fc.constant("email" as const), days: age, senderUuid: person, recipientUuids: fc.array(person, { minLength: 1, maxLength: 3 }) }),
    fc.record({ kind: fc.constant("meeting" as const), days: age, attendeeUuids: fc.array(person, { minLength: 2, maxLength: options.maximumAttendees }) }),
  );
  return fc
    .array(draft, options.length)
    .map((drafts) => drafts.map(({ days, ...rest }, index): Interaction => ({ ...rest, id: `i${index}`, occurredAt: NOW - days * DAY }) as Interaction));
}

/**
 * One interaction without its id and time, with all the noise real mailboxes have: self-addressed mail, duplicates,
 * empty lists, unknown senders (null or blank), organizers, cancellations. `days` is drawn from `age`.
 */
export function noisyInteractionDraft(person: fc.Arbitrary<string>, age: fc.Arbitrary<number>) {
  return fc.oneof(
    fc.record({
      kind: fc.constant("email" as const),
      days: age,
      senderUuid: fc.oneof({ weight: 8, arbitrary: person }, { weight: 1, arbitrary: fc.constantFrom(null, "") }),
      recipientUuids: fc.array(person, { maxLength: 5 }),
    }),
    fc.record({
      kind: fc.constant("meeting" as const),
      days: age,
      attendeeUuids: fc.array(person, { maxLength: 6 }),
      organizerUuid: fc.option(person, { nil: undefined }),
      status: fc.constantFrom("confirmed" as const, "confirmed" as const, "cancelled" as const),
    }),
  );
}
