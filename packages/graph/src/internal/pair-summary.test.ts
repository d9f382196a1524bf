import { describe, expect, it } from "vitest";
import { buildGraph, daysAgo, NOW, withEmail, withMeeting, withUser } from "../testing/builders.js";
import { stateOf } from "../relationship-graph.js";
import { createEvaluationContext } from "./evaluation-context.js";
import { summarizeCounterparts, summarizePair } from "./pair-summary.js";

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

  it("summarises every accepted counterpart of a subject in one pass", () => {
    const summaries = summarizeCounterparts(state, record("dana"), context, (counterpart) => counterpart.userUuid !== null);
    expect([...summaries].map(([counterpart, summary]) => [counterpart.uuid, summary.emails, summary.meetings]).sort()).toEqual([
      ["ada", 2, 0],
      ["ben", 0, 1],
    ]);
  });
});
