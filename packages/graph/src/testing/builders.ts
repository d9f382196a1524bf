/** @module Small named builders for hand-made graphs in tests: buildGraph(withUser(...), withEmail(...), ...). */
import { RelationshipGraph, type RelationshipGraphOptions } from "../relationship-graph.js";
import type { EmailInteraction, Interaction, MeetingInteraction } from "../types.js";

/** The fixed present of every hand-built test graph: 2026-12-01T00:00:00Z. */
export const NOW = Date.UTC(2026, 11, 1);
export const DAY = 86_400_000;

/**
 * `days` days before {@link NOW} (negative: after it).
 * @example daysAgo(1); // 2026-11-30T00:00Z in epoch ms
 */
export function daysAgo(days: number): number {
  return NOW - days * DAY;
}

export type GraphStep = (graph: RelationshipGraph, nextId: () => string) => void;

/**
 * Builds a graph by applying steps in order; interactions without an id get `i1`, `i2`, ...
 * An options object among the steps configures the graph.
 * @example buildGraph({ parameters: { saturation: 4 } }, withUser("ada"), withEmail("ada", "cleo"));
 */
export function buildGraph(...steps: (GraphStep | RelationshipGraphOptions)[]): RelationshipGraph {
  const options = steps.find((step): step is RelationshipGraphOptions => typeof step !== "function") ?? {};
  const graph = new RelationshipGraph(options);
  let counter = 0;
  const nextId = (): string => {
    counter += 1;
    return `i${counter}`;
  };
  for (const step of steps) if (typeof step === "function") step(graph, nextId);
  return graph;
}

/**
 * Marks `person` as the person node of `user` (default: "user-" + person).
 * @example buildGraph(withUser("ada")).personOfUser("user-ada"); // "ada"
 */
export function withUser(person: string, user = `user-${person}`): GraphStep {
  return (graph) => graph.markInternal(person, user);
}

/**
 * Affiliates a person with a company.
 * @example buildGraph(withAffiliation("dana", "acme")).affiliatedPersons("acme"); // ["dana"]
 */
export function withAffiliation(person: string, company: string): GraphStep {
  return (graph) => graph.setAffiliation(person, company);
}

/**
 * An email interaction.
 * @example email("ada", ["cleo", "dana"], NOW, "e1");
 */
export function email(sender: string, recipients: string | string[], occurredAt: number, id: string): EmailInteraction {
  return { id, kind: "email", occurredAt, senderUuid: sender, recipientUuids: typeof recipients === "string" ? [recipients] : recipients };
}

/**
 * A meeting interaction.
 * @example meeting(["ada", "cleo"], NOW, "m1", { organizerUuid: "ada", title: "Intro" });
 */
export function meeting(
  attendees: string[],
  occurredAt: number,
  id: string,
  extra: Partial<Pick<MeetingInteraction, "organizerUuid" | "status" | "title">> = {},
): MeetingInteraction {
  return { id, kind: "meeting", occurredAt, attendeeUuids: attendees, ...extra };
}

/**
 * Adds an email (default: sent at {@link NOW}).
 * @example buildGraph(withEmail("ada", "cleo", daysAgo(3)));
 */
export function withEmail(sender: string, recipients: string | string[], occurredAt = NOW, id?: string): GraphStep {
  return (graph, nextId) => graph.addInteraction(email(sender, recipients, occurredAt, id ?? nextId()));
}

/**
 * Adds a meeting (default: at {@link NOW}); `extra` sets id, organizer, status or title.
 * @example buildGraph(withMeeting(["ada", "cleo"], daysAgo(-2), { status: "cancelled" }));
 */
export function withMeeting(
  attendees: string[],
  occurredAt = NOW,
  extra: Partial<Pick<MeetingInteraction, "organizerUuid" | "status" | "title" | "id">> = {},
): GraphStep {
  return (graph, nextId) => {
    const { id, ...rest } = extra;
    graph.addInteraction(meeting(attendees, occurredAt, id ?? nextId(), rest));
  };
}

/**
 * Adds any interaction as given.
 * @example buildGraph(withInteraction(email("ada", "cleo", NOW, "e1")));
 */
export function withInteraction(interaction: Interaction): GraphStep {
  return (graph) => graph.addInteraction(interaction);
}
