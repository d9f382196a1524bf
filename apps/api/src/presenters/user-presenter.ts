/** The internal user as the API shows it. */
import { ROLES, type User } from "@rapport/store";
import { z } from "zod";
import { epochMilliseconds } from "../platform/request/common-schemas.js";

export const userSchema = z
  .object({
    uuid: z.string().describe("Send this in x-service-user-id to act as the user."),
    name: z.string(),
    email: z.string(),
    role: z.enum(ROLES),
    is_active: z.boolean(),
    person_uuid: z.string().describe("The user's own person record in the relationship graph."),
    created_at: epochMilliseconds("Creation time."),
    updated_at: epochMilliseconds(
      "Last change: creation, deactivation, reactivation (which move the scores of every person the user dealt with), a new role, or the erasure of a former employee's person. GET /v1/users?updated_after= polls it.",
    ),
  })
  .describe("An internal user of the tenant.");

export function presentUser(user: User): z.input<typeof userSchema> {
  return {
    uuid: user.uuid,
    name: user.name,
    email: user.email,
    role: user.role,
    is_active: user.is_active,
    person_uuid: user.person_uuid,
    created_at: user.created_at,
    updated_at: user.updated_at,
  };
}
