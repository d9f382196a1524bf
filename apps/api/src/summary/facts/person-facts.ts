/** Facts about a person from this tenant's records: profile, career, lists and tags, recent changes. */
import type { Person } from "@rapport/store";
import type { SummaryFact } from "../summary-provider.js";
import type { FactContext, PersonFactCollector } from "./fact-context.js";
import { dateInWords, listInWords, placeInWords } from "./fact-wording.js";

const self = (person: Person) => ({ kind: "person", uuid: person.uuid });

export const personProfileFacts: PersonFactCollector = async ({ services, tenantUuid }, person) => {
  const facts: SummaryFact[] = [];
  const company = person.primary_company_uuid ? await services.store.companies.get(tenantUuid, person.primary_company_uuid) : null;
  const sources = [self(person), ...(company ? [{ kind: "company", uuid: company.uuid }] : [])];
  if (person.job_title && company) facts.push({ section: "Profile", text: `${person.name} is ${person.job_title} at ${company.company_name}.`, sources });
  else if (company) facts.push({ section: "Profile", text: `${person.name} works at ${company.company_name}.`, sources });
  else if (person.job_title) facts.push({ section: "Profile", text: `${person.name} is ${person.job_title}.`, sources });
  const place = placeInWords([person.city, person.state, person.country]);
  if (place) facts.push({ section: "Profile", text: `${person.name} is based in ${place}.`, sources: [self(person)] });
  if (person.is_internal) facts.push({ section: "Profile", text: `${person.name} is a member of the team.`, sources: [self(person)] });
  return facts;
};

export const personCareerFacts: PersonFactCollector = async ({ services, tenantUuid }, person) => {
  const others = person.affiliations.filter(
    (affiliation) => !(affiliation.is_current && affiliation.company_uuid === person.primary_company_uuid),
  );
  if (others.length === 0) return [];
  const companies = await services.store.companies.getMany(
    tenantUuid,
    others.map((affiliation) => affiliation.company_uuid),
  );
  return others.flatMap((affiliation): SummaryFact[] => {
    const company = companies.get(affiliation.company_uuid);
    if (!company) return [];
    const role = affiliation.title ? `${affiliation.title} at ${company.company_name}` : `at ${company.company_name}`;
    let period = "";
    if (affiliation.started_on && affiliation.ended_on) period = ` from ${affiliation.started_on} to ${affiliation.ended_on}`;
    else if (affiliation.started_on) period = ` since ${affiliation.started_on}`;
    else if (affiliation.ended_on) period = ` until ${affiliation.ended_on}`;
    const text = affiliation.is_current
      ? `${person.name} is also ${affiliation.title ? "" : "working "}${role}${period}.`
      : `${person.name} was ${affiliation.title ? "" : "previously "}${role}${period}.`;
    return [{ section: "Career", text, sources: [{ kind: "affiliation", uuid: affiliation.uuid }, { kind: "company", uuid: company.uuid }] }];
  });
};

export const personListAndTagFacts: PersonFactCollector = async ({ services, tenantUuid }, person) => {
  const facts: SummaryFact[] = [];
  if (person.tags.length > 0) {
    facts.push({ section: "Lists and tags", text: `${person.name} is tagged ${listInWords(person.tags)}.`, sources: [self(person)] });
  }
  const lists = await services.store.entityLists.listsContaining(tenantUuid, person.uuid);
  if (lists.length > 0) {
    facts.push({
      section: "Lists and tags",
      text: `${person.name} is on the ${lists.length === 1 ? "list" : "lists"} ${listInWords(lists.map((list) => list.name))}.`,
      sources: lists.map((list) => ({ kind: "entity_list", uuid: list.uuid })),
    });
  }
  return facts;
};

/** Only changes since creation (updates, merged duplicates): a record never touched has none. */
export const personRecentChangeFacts: PersonFactCollector = async ({ services, tenantUuid }: FactContext, person) => {
  const facts: SummaryFact[] = [];
  if (dateInWords(person.service_updated_at) !== dateInWords(person.created_at)) {
    facts.push({
      section: "Recent changes",
      text: `The record, created on ${dateInWords(person.created_at)}, was last updated on ${dateInWords(person.service_updated_at)}.`,
      sources: [self(person)],
    });
  }
  const merges = await services.store.personMerges.listInto(tenantUuid, person.uuid);
  if (merges.length > 0) {
    const what = merges.length === 1 ? "A duplicate record was" : `${merges.length} duplicate records were`;
    facts.push({
      section: "Recent changes",
      text: `${what} merged into it, most recently on ${dateInWords(merges[0]!.merged_at)}.`,
      sources: merges.map((merge) => ({ kind: "person_merge", uuid: merge.superseded_uuid })),
    });
  }
  return facts;
};
