import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { hydrateGraph } from "../hydrate-graph.js";
import { buildGraph, DAY, daysAgo, email, meeting, NOW, withEmail, withMeeting, withUser } from "../testing/builders.js";
import { stateOf } from "../relationship-graph.js";
import { createEvaluationContext } from "./evaluation-context.js";
import { summarizePair, summarizeTeamCounterparts } from "./pair-summary.js";

describe("pair summaries", () => {
  const graph = buildGraph(
    withUser("ada"),
    withUser("ben"),
    withEmail("ada", ["dana", "ben"], daysAgo(1)),
    withEmail("dana", "ada", daysAgo(100)),
    withMeeting(["ben", "dana", "cleo"], daysAgo(90)),
    withMeeting(["ada", "dana"], daysAgo(-1)),
  );
  const state = stateOf("test", graph);
  const context = createEvaluationContext("test", state, { now: NOW });
  const record = (uuid: string) => state.person(uuid) ?? state.ensurePerson(uuid);

  it("summarises one pair by the interactions that pair them", () => {
    expect(summarizePair(state, record("ada"), record("dana"), context)).toEqual({ emails: 2, meetings: 0, windowEmails: 1, windowMeetings: 0, lastAt: daysAgo(1) });
    expect(summarizePair(state, record("ben"), record("dana"), context)).toMatchObject({ meetings: 1, windowMeetings: 1 });
    expect(summarizePair(state, record("ada"), record("ada"), context).lastAt).toBeNull();
  });

  it("summarises the subject's pairs with the team in one pass", () => {
    const summaries = summarizeTeamCounterparts(state, record("dana"), context);
    expect([...summaries].map(([index, summary]) => [state.record(index).uuid, summary.emails, summary.meetings]).sort()).toEqual([
      ["ada", 2, 0],
      ["ben", 0, 1],
    ]);
    expect(summarizeTeamCounterparts(state, record("cleo"), context).get(record("ben").index)).toMatchObject({ meetings: 1 });
  });

  const persons = ["p0", "p1", "p2", "p3", "p4"];
  const person = fc.constantFrom(...persons);
  const draftedInteraction = fc.oneof(
    fc.record({ kind: fc.constant("email"), sender: person, recipients: fc.array(person, { maxLength: 4 }), days: fc.integer({ min: -30, max: 400 }) }),
    fc.record({ kind: fc.constant("meeting"), attendees: fc.array(person, { maxLength: 5 }), days: fc.integer({ min: -30, max: 400 }), cancelled: fc.boolean() }),
  );
  type Draft = typeof draftedInteraction extends fc.Arbitrary<infer T> ? T : never;
  const fromDraft = (draft: Draft, id: string) =>
    draft.kind === "email"
      ? email(draft.sender, draft.recipients, NOW - draft.days * DAY, id)
      : { ...meeting(draft.attendees, NOW - draft.days * DAY, id), status: draft.cancelled ? ("cancelled" as const) : ("confirmed" as const) };
  const users = [{ userUuid: "u0", personUuid: "p0" }, { userUuid: "u1", personUuid: "p1" }];

  it("gives each user the summary of the pair, for any interactions added in any order or removed, and remembers it only while it holds", () => {
    fc.assert(
      fc.property(
        fc.array(draftedInteraction, { maxLength: 16 }),
        fc.array(draftedInteraction, { maxLength: 6 }),
        fc.array(fc.nat(), { maxLength: 3 }),
        fc.array(fc.integer({ min: 0, max: 120 }), { minLength: 1, maxLength: 3 }),
        fc.boolean(),
        (drafts, laterDrafts, removals, laterDays, inTimeOrder) => {
          const drafted = drafts.map((draft, index) => fromDraft(draft, `i${index}`));
          // In time order, every person's slots are too, and the summaries read only the window and what is ahead.
          const interactions = inTimeOrder ? [...drafted].sort((left, right) => left.occurredAt - right.occurredAt) : drafted;
          const graph = hydrateGraph({ interactions, internalUsers: users });
          const world = stateOf("test", graph);
          if (inTimeOrder) expect(world.records.every((record) => record === undefined || record.interactionsByTime)).toBe(true);
          const summarizeEveryone = (at: number) => {
            const context = createEvaluationContext("test", world, { now: at });
            return new Map(persons.flatMap((uuid) => (world.person(uuid) ? [[uuid, summarizeTeamCounterparts(world, world.person(uuid)!, context)] as const] : [])));
          };
          // Asked before the changes: the persons' copies in time order are made, then must follow the changes.
          summarizeEveryone(NOW);
          // Later interactions at any time (a backfill brings older ones), and some removed.
          const added = laterDrafts.map((draft, index) => fromDraft(draft, `a${index}`));
          for (const interaction of added) graph.addInteraction(interaction);
          const current = [...interactions, ...added];
          for (const pick of removals) {
            if (current.length === 0) break;
            const [removed] = current.splice(pick % current.length, 1);
            graph.removeInteraction(removed!.id);
          }
          // One graph asked again and again (remembering), each answer checked against a fresh graph.
          let at = NOW;
          for (const days of [0, ...laterDays]) {
            at += days * DAY;
            const fresh = stateOf("test", hydrateGraph({ interactions: current, internalUsers: users }));
            for (const [subjectUuid, summaries] of summarizeEveryone(at)) {
              const subject = world.person(subjectUuid)!;
              for (const { personUuid } of users) {
                const user = world.person(personUuid);
                if (user === undefined || user === subject) continue;
                const freshUser = fresh.person(personUuid);
                const freshSubject = fresh.person(subjectUuid);
                const pair =
                  freshUser === undefined || freshSubject === undefined
                    ? { emails: 0, meetings: 0, windowEmails: 0, windowMeetings: 0, lastAt: null }
                    : summarizePair(fresh, freshUser, freshSubject, createEvaluationContext("test", fresh, { now: at }));
                expect(summaries.get(user.index) ?? null).toEqual(pair.lastAt === null ? null : pair);
                expect(summarizePair(world, user, subject, createEvaluationContext("test", world, { now: at }))).toEqual(pair);
              }
            }
          }
        },
      ),
      { numRuns: 300 },
    );
  });
});
