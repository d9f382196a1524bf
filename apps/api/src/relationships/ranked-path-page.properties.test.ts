/**
 * Property-based test (fast-check): a cursor scan of a recommended-paths ranking, in pages of any size, reads the
 * graph's ranking exactly (every item once, in order) whatever the sort, the order, tied scores and names that
 * differ only in case or are missing: the keyset's comparison must be the ranking's own.
 */
import { hydrateGraph, recommendedPaths, type Interaction, type PathSortField, type SortOrder } from "@rapport/graph";
import type { PageRequest } from "@rapport/store";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { rankedPathPage } from "./ranked-path-page.js";

const DAY = 86_400_000;
const NOW = Date.UTC(2026, 10, 21);
// Person uuids in the reverse order of the user uuids: the ranking breaks ties by user uuid, and so must the keyset.
const USERS = ["u0", "u1", "u2", "u3", "u4"].map((userUuid, index) => ({ userUuid, personUuid: `p-user-${4 - index}` }));
const EXTERNALS = ["p-bridge-0", "p-bridge-1", "p-target"];
const PERSONS = [...USERS.map((user) => user.personUuid), ...EXTERNALS];

/** Emails and meetings among the cast: few enough kinds that scores and path counts tie often. */
const interactions = fc
  .array(
    fc.record({
      days: fc.constantFrom(1, 10, 40),
      meeting: fc.boolean(),
      participants: fc.uniqueArray(fc.constantFrom(...PERSONS), { minLength: 2, maxLength: 3 }),
    }),
    { maxLength: 25 },
  )
  .map((drafts) =>
    drafts.map(({ days, meeting, participants }, index): Interaction =>
      meeting
        ? { kind: "meeting", id: `i${index}`, occurredAt: NOW - days * DAY, attendeeUuids: participants }
        : { kind: "email", id: `i${index}`, occurredAt: NOW - days * DAY, senderUuid: participants[0]!, recipientUuids: participants.slice(1) },
    ),
  );

/**
 * Each user's name: equal ones, ones equal but for case, accented ones (which sort among A–Z, not after "z"), one
 * composed and decomposed (equal to the collation, apart by code point), and missing ones.
 */
const names = fc.array(fc.constantFrom("Ann", "ann", "Bob", "bob", "Çağlar", "Émile", "José", "Jose\u0301", null), {
  minLength: USERS.length,
  maxLength: USERS.length,
});

describe("rankedPathPage properties", () => {
  it("walks the whole ranking by cursor, each item once and in order, for any page size, sort and order", () => {
    fc.assert(
      fc.property(
        interactions,
        names,
        fc.constantFrom<PathSortField>("score", "name"),
        fc.constantFrom<SortOrder>("asc", "desc"),
        fc.integer({ min: 1, max: 3 }),
        (list, userNames, sortBy, order, limit) => {
          const graph = hydrateGraph({ interactions: list, internalUsers: USERS });
          const nameOfUser = (userUuid: string) => userNames[USERS.findIndex((user) => user.userUuid === userUuid)] ?? null;
          const { items } = recommendedPaths(graph, { entity: "person", uuid: "p-target" }, { now: NOW, sortBy, order, nameOf: (_person, user) => nameOfUser(user) });
          const ranking = { sortBy, order, nameOf: nameOfUser };

          const walked: string[] = [];
          let request: PageRequest = { position: { kind: "offset", offset: 0 }, limit };
          for (let pages = 0; pages <= items.length; pages += 1) {
            const page = rankedPathPage(items, request, NOW, ranking);
            walked.push(...page.rows.map((item) => item.user_uuid));
            if (!page.hasMore) break;
            request = { position: { kind: "after", key: page.lastKey! }, limit };
          }
          expect(walked).toEqual(items.map((item) => item.user_uuid));
        },
      ),
      { numRuns: 300 },
    );
  });
});
