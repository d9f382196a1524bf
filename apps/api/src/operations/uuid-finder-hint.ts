/**
 * @module
 * Where to find the UUID that a person, company or user parameter wants, for the message refusing a value that is not
 * one: an agent (or a script) holding a name sends it where the UUID goes, and "must be a UUID" alone does not say
 * which call turns the name into one.
 */

/** The REST text and the tool text of a hint. */
export interface UuidFinderHint {
  rest: string;
  tool: string;
}

/** Parameter and field name endings, each with the call that finds such a UUID. */
const FINDERS: ReadonlyArray<readonly [suffix: string, hint: UuidFinderHint]> = [
  ["person_uuid", { rest: "find a person's uuid by name with GET /v1/persons?name=", tool: "find a person's uuid by name with the listPersons tool (name=)" }],
  ["company_uuid", { rest: "find a company's uuid by name with GET /v1/companies?name=", tool: "find a company's uuid by name with the listCompanies tool (name=)" }],
  ["user_uuid", { rest: "GET /v1/users lists the users with their uuids (GET /v1/me: the caller's)", tool: "the listUsers tool lists the users with their uuids (getMe: the caller's)" }],
];

/**
 * The hint for a parameter or field named `name` whose value is not a UUID, or null when no call finds it by name.
 *
 * @example
 * uuidFinderHint("owner_user_uuid")?.tool // "the listUsers tool lists the users with their uuids (getMe: the caller's)"
 */
export function uuidFinderHint(name: string): UuidFinderHint | null {
  return FINDERS.find(([suffix]) => name === suffix || name.endsWith(`_${suffix}`))?.[1] ?? null;
}
