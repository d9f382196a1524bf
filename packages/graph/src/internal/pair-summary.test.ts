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

  it("gives each user the summary of the pair, for any interactions, and remembers it only while it holds", () => {
    const persons = ["p0", "p1", "p2", "p3", "p4"];
    const person = fc.constantFrom(...persons);
    const interaction = fc.oneof(
      fc.record({ kind: fc.constant("email"), sender: person, recipients: fc.array(person, { maxLength: 4 }), days: fc.integer({ min: -30, max: 400 }) }),
      fc.record({ kind: fc.constant("meeting"), attendees: fc.array(person, { maxLength: 5 }), days: fc.integer({ min: -30, max: 400 }), cancelled: fc.boolean() }),
    );
    const users = [{ userUuid: "u0", personUuid: "p0" }, { userUuid: "u1", personUuid: "p1" }];
    fc.assert(
      fc.property(fc.array(interaction, { maxLength: 16 }), fc.array(fc.integer({ min: 0, max: 120 }), { minLength: 1, maxLength: 3 }), fc.boolean(), (drafts, laterDays, inTimeOrder) => {
        const drafted = drafts.map((draft, index) =>
          draft.kind === "email"
            ? email(draft.sender, draft.recipients, NOW - draft.days * DAY, `i${index}`)
            : { ...meeting(draft.attendees, NOW - draft.days * DAY, `i${index}`), status: draft.cancelled ? ("cancelled" as const) : ("confirmed" as const) },
        );
        // In time order, every person's slots are too, and the summaries read only the window and what is ahead.
        const interactions = inTimeOrder ? [...drafted].sort((left, right) => left.occurredAt - right.occurredAt) : drafted;
        const hydrated = () => stateOf("test", hydrateGraph({ interactions, internalUsers: users }));
        // One graph asked again and again (remembering), each answer checked against a fresh graph.
        const world = hydrated();
        if (inTimeOrder) expect(world.records.every((record) => record === undefined || record.interactionsByTime)).toBe(true);
        let at = NOW;
        for (const days of [0, ...laterDays]) {
          at += days * DAY;
          const fresh = hydrated();
          for (const subjectUuid of persons) {
            const subject = world.person(subjectUuid);
            if (subject === undefined) continue;
            const summaries = summarizeTeamCounterparts(world, subject, createEvaluationContext("test", world, { now: at }));
            for (const { personUuid } of users) {
              const user = world.person(personUuid);
              if (user === undefined || user === subject) continue;
              const pair = summarizePair(fresh, fresh.person(personUuid)!, fresh.person(subjectUuid)!, createEvaluationContext("test", fresh, { now: at }));
              expect(summaries.get(user.index) ?? null).toEqual(pair.lastAt === null ? null : pair);
              expect(summarizePair(world, user, subject, createEvaluationContext("test", world, { now: at }))).toEqual(pair);
            }
          }
        }
      }),
      { numRuns: 300 },
    );
  });
});
