import { describe, expect, it } from "vitest";
import { connectionScore } from "./connection-score.js";
import { RelationshipGraph } from "./relationship-graph.js";
import { buildGraph, daysAgo, NOW, withEmail, withMeeting } from "./testing/builders.js";

const score = (graph: RelationshipGraph, first = "ada", second = "cleo", now = NOW): number => connectionScore(graph, first, second, { now });
/** raw / (raw + 8), rounded like the package rounds. */
const saturated = (raw: number): number => Math.round((raw / (raw + 8)) * 1e9) / 1e9;

describe("connectionScore", () => {
  it("gives a fresh one-way email half an email's weight", () => {
    expect(score(buildGraph(withEmail("ada", "cleo")))).toBe(saturated(0.5));
  });

  it("counts emails in full once they have gone both ways", () => {
    expect(score(buildGraph(withEmail("ada", "cleo"), withEmail("cleo", "ada")))).toBe(saturated(2));
  });

  it("weighs a two-person meeting three emails", () => {
    expect(score(buildGraph(withMeeting(["ada", "cleo"])))).toBe(saturated(3));
  });

  it("halves an interaction's weight every 90 days", () => {
    expect(score(buildGraph(withMeeting(["ada", "cleo"], daysAgo(90))))).toBe(saturated(1.5));
    expect(score(buildGraph(withMeeting(["ada", "cleo"], daysAgo(180))))).toBe(saturated(0.75));
  });

  it("divides a broadcast among its audience", () => {
    const graph = buildGraph(withEmail("ada", ["cleo", "dana", "eve", "finn"]));
    expect(score(graph)).toBe(saturated(0.5 * 0.5));
    expect(score(graph, "cleo", "dana")).toBe(0);
    const meeting = buildGraph(withMeeting(["ada", "cleo", "dana", "eve", "finn"]));
    expect(score(meeting, "dana", "finn")).toBe(saturated(3 / 2));
  });

  it("connects nobody through a meeting above maximumMeetingAttendees", () => {
    const graph = buildGraph({ parameters: { maximumMeetingAttendees: 3 } }, withMeeting(["ada", "cleo", "dana", "eve"]));
    expect(score(graph)).toBe(0);
    expect(graph.edgeCount).toBe(0);
  });

  it("counts a cancelled meeting as nothing", () => {
    expect(score(buildGraph(withMeeting(["ada", "cleo"], NOW, { status: "cancelled" })))).toBe(0);
  });

  it("ignores interactions after now until now reaches them", () => {
    const graph = buildGraph(withEmail("ada", "cleo", daysAgo(-10)), withEmail("ada", "cleo", daysAgo(0)));
    expect(score(graph)).toBe(saturated(0.5));
    expect(score(graph, "ada", "cleo", daysAgo(-10))).toBe(saturated(0.5 + 0.5 * 2 ** (-10 / 90)));
    expect(score(graph, "ada", "cleo", daysAgo(1))).toBe(0);
  });

  it("is symmetric and 0 for unknown or identical persons", () => {
    const graph = buildGraph(withEmail("ada", "cleo"), withMeeting(["ada", "cleo"], daysAgo(30)));
    expect(score(graph, "cleo", "ada")).toBe(score(graph));
    expect(score(graph, "ada", "nobody")).toBe(0);
    expect(score(graph, "ada", "ada")).toBe(0);
  });

  it("applies per-call overrides exactly as a graph built with them", () => {
    const steps = [withEmail("ada", "cleo", daysAgo(20)), withEmail("cleo", "ada", daysAgo(50)), withMeeting(["ada", "cleo", "dana"], daysAgo(70))];
    const parameters = { halfLifeDays: 30, audienceExponent: 1, meetingWeight: 5, oneWayFactor: 0.2, saturation: 2 };
    const overridden = connectionScore(buildGraph(...steps), "ada", "cleo", { now: NOW, parameters });
    expect(overridden).toBe(score(buildGraph({ parameters }, ...steps)));
    expect(overridden).not.toBe(score(buildGraph(...steps)));
  });

  it("refuses to override the structural maximumMeetingAttendees per call", () => {
    expect(() => connectionScore(buildGraph(), "ada", "cleo", { now: NOW, parameters: { maximumMeetingAttendees: 10 } })).toThrow(
      'connectionScore: "maximumMeetingAttendees" is fixed when the graph is built (50) and cannot be overridden per call (got "10").',
    );
  });

  it("refuses a weight so large that the score would overflow to NaN, for a call or for the graph", () => {
    const steps = [withEmail("ada", "cleo", daysAgo(1)), withEmail("cleo", "ada", daysAgo(2))];
    expect(() => connectionScore(buildGraph(...steps), "ada", "cleo", { now: NOW, parameters: { emailWeight: 1e308 } })).toThrow(
      'connectionScore: expecting "parameters.emailWeight" to be a number from 0 to 1000000000 but got "1e+308".',
    );
    expect(() => buildGraph({ parameters: { emailWeight: 1e308 } }, ...steps)).toThrow(/^RelationshipGraph: expecting "parameters.emailWeight"/);
  });

  it("rejects a bad now, a bad uuid or something that is not a graph", () => {
    const graph = buildGraph();
    expect(() => connectionScore(graph, "ada", "cleo", { now: "today" as never })).toThrow(
      `connectionScore: expecting "now" to be a finite number of epoch milliseconds within ±8.64e15 (a Date's range) but got "today".`,
    );
    // A Date where epoch milliseconds are expected is named a Date, not quoted as though its ISO string were given.
    expect(() => connectionScore(graph, "ada", "cleo", { now: new Date(NOW) as never })).toThrow(
      `connectionScore: expecting "now" to be a finite number of epoch milliseconds within ±8.64e15 (a Date's range) but got "Date(${new Date(NOW).toISOString()})".`,
    );
    expect(() => connectionScore(graph, "", "cleo", { now: NOW })).toThrow('connectionScore: expecting "personA" to be a non-empty string but got "".');
    expect(() => connectionScore({} as never, "ada", "cleo", { now: NOW })).toThrow('connectionScore: expecting "graph" to be a RelationshipGraph but got "{}".');
    // A graph another installed copy of the package made (a second version beside the one @rapport/store depends on): its class
    // is another class of the same name, whose graphs this copy holds no state for.
    class RelationshipGraph {}
    const ofAnotherCopy = new RelationshipGraph();
    expect(() => connectionScore(ofAnotherCopy as never, "ada", "cleo", { now: NOW })).toThrow(
      'connectionScore: expecting "graph" to be a RelationshipGraph of this copy of @rapport/graph but got one another copy made ' +
        "(two versions are installed, as `npm ls @rapport/graph` shows: install the one @rapport/store depends on).",
    );
  });
});
