/**
 * @module
 * Where to find the UUID that a person, company, user, opportunity, opportunity stage or type parameter wants, for
 * the message refusing a value that is not one: an agent (or a script) holding a name sends it where the UUID goes,
 * and "must be a UUID" alone does not say which call turns the name into one.
 */

import type { HasTool } from "../platform/errors/api-error.js";

/** The REST text and the tool text of a hint, the latter naming only the tools the calling client has. */
export interface UuidFinderHint {
  rest: string;
  tool: (hasTool: HasTool) => string;
}

/** What a client whose tools find no such record by name can do: a uuid in an earlier answer is the only other source. */
const FROM_AN_EARLIER_ANSWER = "send one from an earlier answer, or ask for it";

/** The users' and the caller's user uuids, by whichever of listUsers and getMe the client has (the instructions name the caller's too). */
function userFinder(hasTool: HasTool): string {
  const callers = hasTool("getMe") ? "getMe: the caller's" : "the server's instructions name the caller's";
  if (hasTool("listUsers")) return `the listUsers tool lists the users with their uuids (${callers})`;
  return `no tool of this client lists users (${callers}); for another user, ${FROM_AN_EARLIER_ANSWER}`;
}

/** Where an opportunity stage's uuid is: among its type's stages, the opportunity's type being in the opportunity. */
const STAGE_FINDER: UuidFinderHint = {
  rest: "GET /v1/opportunity-types/{type_uuid}/stages lists a type's stages with their uuids (an opportunity's type is its type.uuid)",
  tool: (hasTool) =>
    hasTool("listOpportunityStages")
      ? "the listOpportunityStages tool lists a type's stages with their uuids (type_uuid=: an opportunity's type.uuid)"
      : `no tool of this client lists stages: ${FROM_AN_EARLIER_ANSWER}`,
};

/** Parameter and field name endings, each with the call that finds such a UUID (by name, or among a few listed). */
const FINDERS: ReadonlyArray<readonly [suffix: string, hint: UuidFinderHint]> = [
  [
    "person_uuid",
    {
      rest: "find a person's uuid by name with GET /v1/persons?name=",
      tool: (hasTool) => (hasTool("listPersons") ? "find a person's uuid by name with the listPersons tool (name=)" : `no tool of this client finds a person by name: ${FROM_AN_EARLIER_ANSWER}`),
    },
  ],
  [
    "company_uuid",
    {
      rest: "find a company's uuid by name with GET /v1/companies?name=",
      tool: (hasTool) => (hasTool("listCompanies") ? "find a company's uuid by name with the listCompanies tool (name=)" : `no tool of this client finds a company by name: ${FROM_AN_EARLIER_ANSWER}`),
    },
  ],
  ["user_uuid", { rest: "GET /v1/users lists the users with their uuids (GET /v1/me: the caller's)", tool: userFinder }],
  // "Move the deal to Term sheet": a stage's name is what a user says, and a type's few stages are one call away.
  ["stage_uuid", STAGE_FINDER],
  ["stage_uuids", STAGE_FINDER],
  // "Add a task to the Northwind deal": a deal's name is what a user says, and the search matches its words.
  [
    "opportunity_uuid",
    {
      rest: "find an opportunity's uuid by name with GET /v1/opportunities?search=",
      tool: (hasTool) =>
        hasTool("listOpportunities")
          ? "find an opportunity's uuid by name with the listOpportunities tool (search=)"
          : `no tool of this client finds an opportunity by name: ${FROM_AN_EARLIER_ANSWER}`,
    },
  ],
  [
    "type_uuid",
    {
      rest: "GET /v1/opportunity-types lists the opportunity types with their uuids",
      tool: (hasTool) =>
        hasTool("listOpportunityTypes") ? "the listOpportunityTypes tool lists the opportunity types with their uuids" : `no tool of this client lists opportunity types: ${FROM_AN_EARLIER_ANSWER}`,
    },
  ],
];

/**
 * The hint for a parameter or field named `name` whose value is not a UUID, or null when no call finds it by name.
 *
 * @example
 * uuidFinderHint("owner_user_uuid")?.tool(() => true) // "the listUsers tool lists the users with their uuids (getMe: the caller's)"
 */
export function uuidFinderHint(name: string): UuidFinderHint | null {
  return FINDERS.find(([suffix]) => name === suffix || name.endsWith(`_${suffix}`))?.[1] ?? null;
}
