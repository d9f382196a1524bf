/** Facts about a company from this tenant's records: profile, people, investors, lists and tags, recent changes. */
import type { Company } from "@rapport/store";
import type { SummaryFact } from "../summary-provider.js";
import type { CompanyFactCollector, FactContext } from "./fact-context.js";
import { dateInWords, listInWords, placeInWords, quoted } from "./fact-wording.js";
import { personNameInWords } from "./person-name-in-words.js";

const self = (company: Company) => ({ kind: "company", uuid: company.uuid });
/** How many current colleagues are named; the rest are counted. */
const NAMED_PEOPLE = 5;

export const companyProfileFacts: CompanyFactCollector = async (_context, company) => {
  const name = company.company_name;
  const sources = [self(company)];
  const facts: SummaryFact[] = [];
  const add = (text: string) => facts.push({ section: "Profile", text, sources });
  if (company.sector) add(`${name} is in the ${company.sector} sector.`);
  if (company.description) add(`Its record describes it as ${quoted(company.description)}.`);
  const place = placeInWords([company.city, company.state, company.country]);
  if (place) add(`${name} is based in ${place}.`);
  if (company.year_founded) add(`It was founded in ${company.year_founded}.`);
  if (company.employee_count) add(`It has ${company.employee_count} employees.`);
  const statuses = [
    company.operating_status ? `operating status is ${company.operating_status}` : null,
    company.ipo_status ? `IPO status is ${company.ipo_status}` : null,
    company.acquisition_status ? `acquisition status is ${company.acquisition_status}` : null,
  ].filter((status): status is string => status !== null);
  if (statuses.length > 0) add(`Its ${listInWords(statuses)}.`);
  if (company.domain) add(`Its web domain is ${company.domain}.`);
  return facts;
};

export const companyPeopleFacts: CompanyFactCollector = async ({ services, tenantUuid }, company) => {
  // The members' uuids, then their display cards (name and uuid are all the ordering needs; no emails), then
  // the affiliations of the few named: the largest company at benchmark scale L has 18,902 people, whose full
  // records took 1.5 s to read cold, and whose affiliation records 70 ms warm.
  const members = await services.store.affiliations.currentMemberUuids(tenantUuid, company.uuid);
  if (members.length === 0) return [];
  const persons = await services.store.persons.displayCards(tenantUuid, members);
  const named = members
    .flatMap((uuid) => {
      const person = persons.get(uuid);
      return person ? [{ ...person, name: personNameInWords(person) }] : [];
    })
    .sort((left, right) => left.name.localeCompare(right.name) || left.uuid.localeCompare(right.uuid));
  const shownPersons = named.slice(0, NAMED_PEOPLE);
  const titles = await currentTitlesAt(services, tenantUuid, company.uuid, shownPersons.map((person) => person.uuid));
  const shown = shownPersons.map((person) => {
    const title = titles.get(person.uuid);
    return title ? `${person.name} (${title})` : person.name;
  });
  const rest = named.length - shown.length;
  const who = rest > 0 ? `${shown.join(", ")} and ${rest} more` : listInWords(shown);
  const count = named.length === 1 ? "1 person in your records works" : `${named.length} people in your records work`;
  return [
    {
      section: "People",
      text: `${count} at ${company.company_name}: ${who}.`,
      sources: named.map((person) => ({ kind: "person", uuid: person.uuid })),
    },
  ];
};

/** Each person's title in their current affiliation with the company, when it has one. */
async function currentTitlesAt(services: FactContext["services"], tenantUuid: string, companyUuid: string, personUuids: readonly string[]) {
  const titles = new Map<string, string>();
  for (const personUuid of personUuids) {
    const affiliations = await services.store.affiliations.listCurrent(tenantUuid, { company_uuid: companyUuid, person_uuid: personUuid });
    const title = affiliations.find((affiliation) => affiliation.title)?.title;
    if (title) titles.set(personUuid, title);
  }
  return titles;
}

export const companyInvestorFacts: CompanyFactCollector = async (_context, company) => {
  const sources = [self(company)];
  const facts: SummaryFact[] = [];
  if (company.investor_types.length > 0) {
    facts.push({ section: "Investors", text: `Its investor types are ${listInWords(company.investor_types)}.`, sources });
  }
  if (company.last_investment_type || company.last_investment_date) {
    const what = company.last_investment_type ? `a ${company.last_investment_type} round` : "an investment";
    const when = company.last_investment_date ? ` on ${company.last_investment_date}` : "";
    facts.push({ section: "Investors", text: `Its latest recorded investment is ${what}${when}.`, sources });
  }
  if (company.npi_types.length > 0 || company.npi_date) {
    const types = company.npi_types.length > 0 ? ` of type ${listInWords(company.npi_types)}` : "";
    const when = company.npi_date ? ` dated ${company.npi_date}` : "";
    facts.push({ section: "Investors", text: `It has an NPI record${types}${when}.`, sources });
  }
  return facts;
};

export const companyListAndTagFacts: CompanyFactCollector = async ({ services, tenantUuid }, company) => {
  const facts: SummaryFact[] = [];
  if (company.service_industry_tags.length > 0) {
    facts.push({
      section: "Lists and tags",
      text: `${company.company_name} is tagged ${listInWords(company.service_industry_tags)}.`,
      sources: [self(company)],
    });
  }
  const lists = await services.store.entityLists.listsContaining(tenantUuid, company.uuid);
  if (lists.length > 0) {
    facts.push({
      section: "Lists and tags",
      text: `${company.company_name} is on the ${lists.length === 1 ? "list" : "lists"} ${listInWords(lists.map((list) => list.name))}.`,
      sources: lists.map((list) => ({ kind: "entity_list", uuid: list.uuid })),
    });
  }
  return facts;
};

/** Only changes since creation: a record that was never touched has no recent changes. */
export const companyRecentChangeFacts: CompanyFactCollector = async (_context, company) => {
  if (dateInWords(company.service_updated_at) === dateInWords(company.created_at)) return [];
  return [
    {
      section: "Recent changes",
      text: `The record, created on ${dateInWords(company.created_at)}, was last updated on ${dateInWords(company.service_updated_at)}.`,
      sources: [self(company)],
    },
  ];
};
