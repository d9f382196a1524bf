/** POST /v1/persons/lookup/batch: resolves up to MAX_LOOKUP_CRITERIA match criteria (email, LinkedIn URL, domain) at once. */
import { isPlausibleEmail, normalizeDomain, normalizeEmail, normalizeLinkedinUrl, type Person } from "@rapport/store";
import { z } from "zod";
import { defineOperation } from "../../operations/operation.js";
import { MAX_DOMAIN_LENGTH, MAX_EMAIL_ADDRESS_LENGTH, MAX_WEB_ADDRESS_LENGTH } from "../../platform/request/field-limits.js";
import { lookupText } from "../../platform/request/field-schemas.js";
import { personMatchSchema, presentPersonMatch } from "../../presenters/person-match-presenter.js";

export const MAX_LOOKUP_CRITERIA = 100;
/** Matches listed per criterion; `match_count` tells the whole number (a domain may match many). */
export const MAX_MATCHES_PER_CRITERION = 25;

/** MATCHED: at least one person; NOT_FOUND: none; ERROR: a value that cannot be matched. */
export const LOOKUP_STATUSES = ["MATCHED", "NOT_FOUND", "ERROR"] as const;
export type LookupStatus = (typeof LOOKUP_STATUSES)[number];

const criterionSchema = z
  .strictObject({
    email: lookupText(MAX_EMAIL_ADDRESS_LENGTH).optional().describe("An email address; case, whitespace and mailto: do not matter."),
    linkedin_url: lookupText(MAX_WEB_ADDRESS_LENGTH)
      .optional()
      .describe("A LinkedIn URL in any form: with or without scheme or www, trailing slash or query string."),
    domain: lookupText(MAX_DOMAIN_LENGTH)
      .optional()
      .describe("A domain (acme.com; a URL works too): persons with an email address at it or currently at a company with that domain."),
  })
  .refine(
    (criterion) => [criterion.email, criterion.linkedin_url, criterion.domain].filter((value) => value !== undefined).length === 1,
    "each criterion names exactly one of email, linkedin_url, domain",
  )
  .describe("One match criterion.");

const resultSchema = z.object({
  criterion: z.object({ email: z.string().optional(), linkedin_url: z.string().optional(), domain: z.string().optional() }).describe("The criterion as sent."),
  status: z.enum(LOOKUP_STATUSES).describe("MATCHED: at least one person; NOT_FOUND: none; ERROR: the value cannot be matched (see error)."),
  error: z.string().nullable().describe("Why the value cannot be matched; null unless status is ERROR."),
  match_count: z.number().int().describe("How many persons match."),
  matches: z.array(personMatchSchema).describe(`Matching persons, at most ${MAX_MATCHES_PER_CRITERION} (by name for a domain; oldest first otherwise).`),
});

type Criterion = z.output<typeof criterionSchema>;
type Resolution = { error: string } | { uuids: string[]; total: number };

export const lookupPersonsBatch = defineOperation({
  operationId: "lookupPersonsBatch",
  method: "post",
  readOnly: true,
  path: "/v1/persons/lookup/batch",
  area: "Person",
  summary: "Look up persons by email, LinkedIn URL or domain",
  description:
    `Resolves up to ${MAX_LOOKUP_CRITERIA} match criteria in one call; results are in input order. Matching is normalized: emails ignore case, whitespace and mailto:; LinkedIn URLs name the profile, ignoring scheme, www and country subdomains, pages under /in/<slug>, trailing slashes, query strings, escapes and case; domains ignore scheme, www and paths. The first step of a bulk import: send the unmatched remainder to POST /v1/persons/batch.`,
  body: z.strictObject({
    criteria: z
      .array(criterionSchema)
      .min(1, "send at least one criterion")
      .max(MAX_LOOKUP_CRITERIA, `at most ${MAX_LOOKUP_CRITERIA} criteria per call`)
      .describe(`Match criteria, at most ${MAX_LOOKUP_CRITERIA}.`),
  }),
  response: z.object({ results: z.array(resultSchema).describe("One result per criterion, in input order.") }),
  idempotent: true,
  example: { body: { criteria: [{ email: "jordan@northwind-robotics.example" }, { linkedin_url: "linkedin.com/in/priya-nair" }, { domain: "globex-health.example" }] } },
  async handler({ body, auth, services }) {
    const tenantUuid = auth.tenant.uuid;
    const { persons } = services.store;
    const criteria: Criterion[] = body.criteria;
    const emails = criteria.flatMap((criterion) => (criterion.email === undefined ? [] : [normalizeEmail(criterion.email)]));
    const linkedinUrls = criteria.flatMap((criterion) => (criterion.linkedin_url === undefined ? [] : [criterion.linkedin_url]));
    const [byEmail, byLinkedin] = await Promise.all([persons.findByEmails(tenantUuid, emails), persons.findByLinkedinUrls(tenantUuid, linkedinUrls)]);

    const resolutions: Resolution[] = [];
    const byDomain = new Map<string, { uuids: string[]; total: number }>();
    for (const criterion of criteria) {
      if (criterion.email !== undefined) {
        const address = normalizeEmail(criterion.email);
        if (!isPlausibleEmail(address)) {
          resolutions.push({ error: `'${criterion.email.slice(0, 80)}' is not an email address` });
          continue;
        }
        const uuid = byEmail.get(address);
        resolutions.push({ uuids: uuid ? [uuid] : [], total: uuid ? 1 : 0 });
      } else if (criterion.linkedin_url !== undefined) {
        const key = normalizeLinkedinUrl(criterion.linkedin_url);
        if (!key) {
          resolutions.push({ error: "not a LinkedIn URL (expected something like linkedin.com/in/jane-doe)" });
          continue;
        }
        const uuids = byLinkedin.get(key) ?? [];
        resolutions.push({ uuids: uuids.slice(0, MAX_MATCHES_PER_CRITERION), total: uuids.length });
      } else {
        const domain = normalizeDomain(criterion.domain!);
        if (!domain) {
          resolutions.push({ error: `'${criterion.domain!.slice(0, 80)}' is not a domain such as acme.com` });
          continue;
        }
        let found = byDomain.get(domain);
        if (!found) {
          found = await persons.findByDomain(tenantUuid, domain, MAX_MATCHES_PER_CRITERION);
          byDomain.set(domain, found);
        }
        resolutions.push(found);
      }
    }

    const matchedUuids = resolutions.flatMap((resolution) => ("uuids" in resolution ? resolution.uuids : []));
    const found = await persons.getMany(tenantUuid, matchedUuids);
    const companies = await services.store.companies.getMany(
      tenantUuid,
      [...found.values()].flatMap((person) => (person.primary_company_uuid ? [person.primary_company_uuid] : [])),
    );
    return {
      results: criteria.map((criterion, index) => {
        const resolution = resolutions[index]!;
        if ("error" in resolution) return { criterion, status: "ERROR" as const, error: resolution.error, match_count: 0, matches: [] };
        const matches = resolution.uuids.flatMap((uuid) => {
          const person: Person | undefined = found.get(uuid);
          return person ? [presentPersonMatch(person, companies)] : [];
        });
        return {
          criterion,
          status: resolution.total > 0 ? ("MATCHED" as const) : ("NOT_FOUND" as const),
          error: null,
          match_count: resolution.total,
          matches,
        };
      }),
    };
  },
});
