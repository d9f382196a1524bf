/** GET /v1/me: whom the calls act as, with what credential, in which tenant, and the server's current time. */
import { ROLES } from "@rapport/store";
import { z } from "zod";
import { defineOperation } from "../../operations/operation.js";
import { OAUTH_KEY_PREFIX } from "../../mcp/mcp-scopes.js";

const callerSchema = z
  .object({
    tenant: z.object({ uuid: z.string().describe("The tenant's UUID."), name: z.string().describe("The tenant's name.") }).describe("The tenant every call reads and writes."),
    user: z
      .object({
        uuid: z.string().describe("The user's UUID: what an argument taking a user (assignee_user_uuid, owner_user_uuid, user_uuid) takes for 'me'."),
        person_uuid: z.string().describe("The user's own person record: what an argument taking a person takes for 'me'."),
        name: z.string(),
        email: z.string(),
        role: z.enum(ROLES).describe("administrator: may change any record; member: changes the records it owns."),
      })
      .nullable()
      .describe("The user the calls act as; null when they act tenant-wide, as no user (then nothing created has an owner, and PERSONAL tasks are refused)."),
    is_administrator: z.boolean().describe("Whether the calls may change any record: an administrator, or a tenant-wide call; false for a member."),
    credential: z
      .object({
        kind: z.enum(["api_key", "oauth"]).describe("An API key, or an OAuth access token (MCP clients)."),
        scope: z.enum(["user", "tenant"]).describe("user: bound to one user; tenant: a tenant-wide key, acting as no user unless a user context is given."),
        read_only: z.boolean().describe("Whether only operations that change nothing may be called."),
      })
      .describe("The credential the calls are made with."),
    server_time: z
      .string()
      .describe("The server's current time, ISO 8601 in UTC with milliseconds: the reference for 'today', 'since yesterday' or 'last week' in a date filter. Not a sync's watermark: a write stamped just before it may commit after it; take the newest updated_at of the list instead (sort_by=updated_at&order=desc&per_page=1)."),
  })
  .describe("Who the calls act as, and the server's time.");

export const getMe = defineOperation({
  operationId: "getMe",
  method: "get",
  path: "/v1/me",
  area: "Users",
  summary: "Get the caller and the server time",
  description:
    "The user the calls act as (null: tenant-wide), their role and credential, the tenant, and the server's current time: " +
    "it turns 'me' into a user_uuid or person_uuid and 'since yesterday' into an ISO 8601 instant.",
  response: callerSchema,
  async handler({ auth, services }) {
    const { tenant, key, user, isAdministrator } = auth;
    return {
      tenant: { uuid: tenant.uuid, name: tenant.name },
      user: user ? { uuid: user.uuid, person_uuid: user.person_uuid, name: user.name, email: user.email, role: user.role } : null,
      is_administrator: isAdministrator,
      credential: {
        kind: key.key_prefix === OAUTH_KEY_PREFIX ? ("oauth" as const) : ("api_key" as const),
        scope: key.user_uuid === null ? ("tenant" as const) : ("user" as const),
        read_only: key.read_only,
      },
      server_time: new Date(services.clock.now()).toISOString(),
    };
  },
});
