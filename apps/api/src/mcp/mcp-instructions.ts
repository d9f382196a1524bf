/**
 * @module
 * What the MCP server tells a client at initialize (`instructions`): how tools map to the API, how to read their
 * answers, and whom the calls act as, since "me" in a user's request must become a UUID argument.
 */
import type { User } from "@rapport/store";
import type { HasTool } from "../platform/errors/api-error.js";

/** Answer fields that are always a fraction from 0.0 to 1.0, named once in the instructions. */
export const UNIT_INTERVAL_FIELDS = ["rq", "path_power", "path_power_score", "connection_score"] as const;

/** Answer fields that are always 0 to 100. */
export const PERCENT_FIELDS = ["rq_pretty", "connection_score_pretty", "score_display", "priority_score", "probability", "percentage"] as const;

/** The `*_at` answer fields that are ISO 8601 text rather than epoch milliseconds (AI summaries, recommended paths). */
export const ISO_TEXT_TIME_FIELDS = ["generated_at", "last_seen_at", "last_interaction_at", "last_engaged_at"] as const;

/**
 * The tools that answer "what changed since …", with the argument each takes the time in (three names, so an agent
 * guessing one tool's from another's wastes a call).
 */
export const CHANGE_FILTERS = [
  { tool: "listActivity", argument: "since", what: "emails and meetings" },
  { tool: "listPersons", argument: "modified_since", what: "persons" },
  { tool: "listCompanies", argument: "modified_since", what: "companies" },
  { tool: "listOpportunities", argument: "updated_after", what: "opportunities" },
  { tool: "listNotes", argument: "updated_after", what: "notes" },
  { tool: "listTasks", argument: "updated_after", what: "tasks" },
  { tool: "listMeetings", argument: "updated_after", what: "meetings edited, rescheduled or cancelled, with their details" },
  { tool: "listUsers", argument: "updated_after", what: "users: a deactivation moves scores" },
  { tool: "listEntityLists", argument: "updated_after", what: "lists and their members" },
  { tool: "listUserRelationships", argument: "last_activity_after", what: "a user's relationships by their latest email or meeting" },
  { tool: "listDeletions", argument: "since", what: "deleted records" },
] as const;

/**
 * How to answer "what changed with my relationships since yesterday" in three calls rather than one per list: the server's
 * time from getMe (the session may be older than a day), the activity feed (every email and meeting recorded, rescheduled
 * or removed, with participants; by recording time, so an import's old mail is there, told apart by occurred_at), and
 * the participants' names in one listPersons call.
 */
export const FEWEST_CALLS_FOR_CHANGES =
  "Fewest calls for what changed with relationships since a time: getMe for the server's current time (what today and yesterday mean) and who 'me' is; " +
  "then listActivity since= (person_uuid= for one person's, such as the caller's own), one call for every email and meeting recorded, rescheduled or removed since " +
  "(recorded: an import brings in old mail too, so each item's occurred_at tells when it happened); " +
  "then listPersons uuids= to name its participants, up to 100 a call. Call the other change filters only for what the question names (notes, tasks, deals, meeting details)";

/**
 * Said beside the activity route where the client has listUserRelationships: whom a user dealt with since a time comes
 * named and ranked in one call (the feed needs a listPersons call for names), and who went quiet is the same list's
 * other bound, which no feed answers without reading every item of the period.
 */
export const RELATIONSHIPS_BY_LAST_ACTIVITY =
  "Whom a user emailed or met since a time, named with their RQ in one call: listUserRelationships user_uuid= last_activity_after= sort_by=last_activity; " +
  "relationships gone quiet (cold): last_activity_before= the period's start, with last_activity_after= for those active before it";

/**
 * Said where the client has listRelationships: the team's relationships gone cold, or dealt with since a time, come
 * from the ranking's time range in one call (agents read every page of the PathPower ranking and compared
 * last_activity_date themselves).
 */
export const TEAM_RELATIONSHIPS_BY_LAST_ACTIVITY =
  "Which of the team's relationships went cold this quarter: listRelationships last_activity_before= the quarter's start " +
  "(last_activity_after= for those active before it; entity=company for companies); what the team dealt with since a time: " +
  "listRelationships last_activity_after= sort_by=last_activity";

/**
 * How to answer "who did we meet from Acme this week" or "what changed at Acme since yesterday": the company's uuid by
 * name, then its activity of the period (agents read newest-first pages, upcoming meetings first, until the items
 * were older than the period).
 */
export const COMPANY_ACTIVITY =
  "Whom the team emailed or met at a company lately, or what happened there since a time: its uuid from listCompanies name=, " +
  "then listCompanyActivity company_uuid= occurred_after= the period's start (occurred_before= its end; both inclusive, total counts only them), " +
  "newest first, upcoming meetings too; kind tells emails from meetings, person_uuids who took part";

/**
 * How to list the people at a company ("everyone at Northwind we have not talked to in six months"): the company's uuid
 * by name, then the person list's company filter, paged, with each person's last contact.
 */
export const PEOPLE_AT_COMPANY =
  "Everyone at a company: its uuid from listCompanies name=, then listPersons company_uuid= " +
  "(persons currently there, paged; last_contact_at on each)";

/** How to list the people in a place ("who do we know in Munich"): the person list's filters of their own place. */
export const PEOPLE_IN_PLACE = "People in a place: listPersons city= country= state= (their own place, not their company's)";

/**
 * How to page a list that takes no cursor (the spec: "Not every list endpoint supports it"): its answers carry
 * `has_more: true` with `next_cursor: null`, which an agent read as the end of the list.
 */
export const PAGE_WITHOUT_CURSOR = "Where has_more is true but next_cursor null, the list takes no cursor: ask for the next page with page=";

/**
 * What a note is not: an interaction. An agent asked to "log that I met Priya today" by a client without createMeeting
 * (the README's 40-tool selection has no Meetings area) wrote a note and reported the meeting logged; the scores stayed.
 */
export const NOTE_IS_NO_INTERACTION = "A note counts as no interaction: relationship scores move with emails and meetings only";

/**
 * Said where the client has createNote but not createMeeting, so an agent tells the user rather than logging a meeting
 * as a note; the tool is not named, as the instructions name only tools the client may call.
 */
export const NO_MEETING_TOOL = "this client's tools cannot log a meeting (area Meetings), so a meeting logged here as a note will not count";

/**
 * Said to a client with change filters but no activity feed (the README's 40-tool selection, `?areas=persons`): the
 * filters it has do not see new emails and meetings, so "what changed with my relationships since yesterday" listed
 * the persons a demo seeded that morning and no interaction. The latest interaction's day is on each relationship.
 */
export const NO_ACTIVITY_TOOL = "this client's tools cannot list emails and meetings (area Activity)";

/** Where such a client finds what happened with a user's relationships (the caller's: "my"), by the tools it has. */
export const LATEST_INTERACTIONS_BY_USER =
  "for what happened with a user's relationships since a time, listUserRelationships user_uuid= with last_activity_after= and sort_by=last_activity " +
  "lists the persons they emailed or met since, latest first, each with last_activity_at and last_activity_date";
export const LATEST_INTERACTIONS_BY_PERSON = "each person's last_contact_at (listPersons) is the time of their latest email or meeting with the team";

/** Whether the client may call a tool: its /mcp URL or its credential may select fewer than every tool. */
export type { HasTool };

const everyTool: HasTool = () => true;

/** Where a client without the activity feed reads its latest interactions, or nothing when none of its tools shows them. */
function latestInteractions(has: HasTool): string {
  if (has("listUserRelationships")) return `: ${LATEST_INTERACTIONS_BY_USER}`;
  return has("listPersons") ? `: ${LATEST_INTERACTIONS_BY_PERSON}` : "";
}

/**
 * What every client is told, whoever calls, naming only the tools it has: a route through a tool its URL left out
 * (the README's 40-tool selection has no listActivity) sent an agent to a call that is refused.
 */
export function generalInstructions(has: HasTool = everyTool): string {
  const changeFilters = CHANGE_FILTERS.filter(({ tool }) => has(tool));
  return (
    "Rapport relationship intelligence: persons, companies, users and the team's relationships. " +
    "Each tool is one REST operation of the Rapport API (its description ends with the HTTP method and path); " +
    "path and query parameters are flat arguments, a JSON request body goes in `body`. " +
    `Times named *_at are Unix epoch milliseconds, except ${ISO_TEXT_TIME_FIELDS.join(", ")} in AI summaries and recommended paths, ` +
    "which are ISO 8601 text (as the specification types them); date filters take ISO 8601. " +
    // Output schemas carry structure only (structural-schema.ts): the scales a field's number needs are said here, once.
    `In answers, RQ and PathPower numbers (${UNIT_INTERVAL_FIELDS.join(", ")}, and a PathPower answer's score) run from 0.0 to 1.0; ` +
    `${PERCENT_FIELDS.join(", ")} from 0 to 100; a company's score is its data source's; *_date fields are ISO 8601. ` +
    "Every field is described in the OpenAPI document at /v1/openapi.json. " +
    `${PAGE_WITHOUT_CURSOR}.` +
    (changeFilters.length > 0
      ? ` What changed since a time: ${changeFilters.map(({ tool, argument, what }) => `${tool} ${argument}= (${what})`).join(", ")}; ` +
        "new emails and meetings do not count as a change of a person or company" +
        (has("listActivity") ? "" : `; ${NO_ACTIVITY_TOOL}${latestInteractions(has)}`) +
        "."
      : "") +
    (["getMe", "listActivity", "listPersons"].every(has) ? ` ${FEWEST_CALLS_FOR_CHANGES}.` : "") +
    (has("listUserRelationships") ? ` ${RELATIONSHIPS_BY_LAST_ACTIVITY}.` : "") +
    (has("listRelationships") ? ` ${TEAM_RELATIONSHIPS_BY_LAST_ACTIVITY}.` : "") +
    (["listCompanies", "listCompanyActivity"].every(has) ? ` ${COMPANY_ACTIVITY}.` : "") +
    (["listCompanies", "listPersons"].every(has) ? ` ${PEOPLE_AT_COMPANY}.` : "") +
    (has("listPersons") ? ` ${PEOPLE_IN_PLACE}.` : "") +
    (has("createNote") ? ` ${NOTE_IS_NO_INTERACTION}${has("createMeeting") ? "" : `; ${NO_MEETING_TOOL}`}.` : "")
  );
}

/** What a client that may call every tool is told, whoever calls. */
export const INSTRUCTIONS = generalInstructions();

/**
 * How to log a meeting the caller had ("log my meeting with Jordan and Sam"): createMeeting does not add the caller,
 * and a meeting counts as an interaction between its attendees only.
 */
export const MY_MEETING =
  "A meeting I had counts for my relationships only with me among its attendees: createMeeting does not add the caller, " +
  "so list my person_uuid in its attendees beside the others'";

/** The part of a user the instructions name. */
export type ActingUser = Pick<User, "uuid" | "person_uuid" | "name">;

/**
 * The instructions for a client whose calls act as `user` (null: tenant-wide, as no user) and that may call the tools
 * `has` admits. No tool says who the caller is, so without this an agent asked to "assign it to me" or for "my
 * relationships" has no UUID to send.
 *
 * @example
 * instructionsFor({ uuid: "c55a…", person_uuid: "84aa…", name: "Avery Stone" }) // INSTRUCTIONS + " Calls act as the user \"Avery Stone\" ..."
 */
export function instructionsFor(user: ActingUser | null, has: HasTool = everyTool): string {
  const userArguments = ["assignee_user_uuid", ...(has("listUserRelationships") ? ["listUserRelationships' user_uuid"] : []), "owner_user_uuid"];
  const caller = user
    ? `Calls act as the user ${JSON.stringify(user.name)} (user_uuid ${user.uuid}, person_uuid ${user.person_uuid}): ` +
      `when the request says me or my, send that user_uuid where an argument takes a user (${userArguments.join(", ")}) ` +
      `and that person_uuid where it takes a person${has("listActivity") ? " (listActivity person_uuid= for my activity)" : ""}.` +
      (has("createMeeting") ? ` ${MY_MEETING}.` : "")
    : tenantWideCaller(has);
  return `${generalInstructions(has)} ${caller}`;
}

/** The tools that create a record another user could own (a note, a task, a deal, a list, a meeting, a file). */
const OWNED_CREATIONS = ["createNote", "createTask", "createOpportunity", "createEntityList", "createMeeting", "uploadFile"];

/**
 * What a tenant-wide client is told of whom its calls act as, saying what that means for creating records only to a
 * client that may create them: a read-only key was told to create WORKSPACE tasks, a call it is refused.
 */
function tenantWideCaller(has: HasTool): string {
  const consequences = [
    ...(OWNED_CREATIONS.some(has) ? ["what they create has no owner"] : []),
    ...(has("createTask") ? ["PERSONAL tasks are refused (create WORKSPACE ones)"] : []),
  ];
  return (
    `Calls act tenant-wide, as no user${consequences.length > 0 ? `: ${consequences.join(", and ")}` : ""}` +
    (has("listUsers") ? "; listUsers names the tenant's users." : ".")
  );
}
