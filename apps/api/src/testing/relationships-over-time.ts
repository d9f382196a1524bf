/**
 * @module Three relationships of a tenant's user over time, for the rankings by latest interaction: Grace (a long thread,
 * the strongest, last 5 days ago), Dan (many emails, none for 60 days) and Eve (one, yesterday).
 */
import { expect } from "vitest";
import type { apiCaller } from "./api-call.js";
import { TEST_START } from "./test-harness.js";

const DAY = 86_400_000;

/** The test clock's time `daysAgo` days before its start. */
export const daysAgo = (days: number) => TEST_START - days * DAY;

/** `time` as ISO 8601 text. */
export const iso = (time: number) => new Date(time).toISOString();

/** Creates Grace Hopper, Dan Cold and Eve Recent and ingests their mail with `userEmail` (the user the ranking is of). */
export async function seedRelationshipsOverTime(call: ReturnType<typeof apiCaller>, userEmail: string): Promise<void> {
  for (const [name, email] of [["Grace Hopper", "grace@globex.example"], ["Dan Cold", "dan@initech.example"], ["Eve Recent", "eve@hooli.example"]] as const) {
    expect((await call("/v1/persons", { method: "POST", body: { name, emails: [email] } })).status).toBe(201);
  }
  const ingested = await call("/v1/emails/batch", {
    method: "POST",
    body: {
      messages: [
        ...[30, 25, 20, 12, 5].map((days, index) => ({ message_id: `<g${index}@x>`, sent_at: iso(daysAgo(days)), from: userEmail, to: ["grace@globex.example"], subject: "Thread" })),
        ...[90, 80, 70, 60].map((days, index) => ({ message_id: `<d${index}@x>`, sent_at: iso(daysAgo(days)), from: "dan@initech.example", to: [userEmail], subject: "Old" })),
        { message_id: "<e0@x>", sent_at: iso(daysAgo(1)), from: userEmail, to: ["eve@hooli.example"], subject: "Hello" },
      ],
    },
  });
  expect(ingested.status).toBe(200);
}
