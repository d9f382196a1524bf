/** @module The worked example of docs/scoring.md, as data, shared by its test and the README. */
import type { Interaction, InternalUser, Affiliation } from "../types.js";

/** 2026-12-01T00:00:00Z */
export const EXAMPLE_NOW = Date.UTC(2026, 11, 1);

export const exampleUsers: InternalUser[] = [
  { userUuid: "user-ada", personUuid: "ada" },
  { userUuid: "user-ben", personUuid: "ben" },
];

export const exampleAffiliations: Affiliation[] = [
  { personUuid: "dana", companyUuid: "acme" },
  { personUuid: "eve", companyUuid: "acme" },
];

export const exampleInteractions: Interaction[] = [
  { id: "e1", kind: "email", occurredAt: Date.UTC(2026, 11, 1), senderUuid: "ada", recipientUuids: ["cleo"] },
  { id: "e2", kind: "email", occurredAt: Date.UTC(2026, 8, 2), senderUuid: "cleo", recipientUuids: ["ada"] },
  { id: "m1", kind: "meeting", occurredAt: Date.UTC(2026, 11, 1), attendeeUuids: ["ada", "cleo"], organizerUuid: "ada" },
  { id: "e3", kind: "email", occurredAt: Date.UTC(2026, 11, 1), senderUuid: "cleo", recipientUuids: ["dana", "eve", "finn", "gus"] },
  { id: "m2", kind: "meeting", occurredAt: Date.UTC(2026, 8, 2), attendeeUuids: ["ben", "dana"], organizerUuid: "ben" },
  { id: "e4", kind: "email", occurredAt: Date.UTC(2026, 11, 1), senderUuid: "ben", recipientUuids: ["dana"] },
  { id: "e5", kind: "email", occurredAt: Date.UTC(2026, 8, 2), senderUuid: "eve", recipientUuids: ["ada"] },
  { id: "m3", kind: "meeting", occurredAt: Date.UTC(2026, 11, 10), attendeeUuids: ["ada", "dana"], organizerUuid: "ada", title: "Acme intro" },
  { id: "m4", kind: "meeting", occurredAt: Date.UTC(2026, 10, 1), attendeeUuids: ["ben", "cleo"], status: "cancelled" },
];
