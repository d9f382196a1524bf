/** Facts from the deal workspace: the subject's opportunities and the latest notes about it. */
import type { Company, Opportunity, Person } from "@rapport/store";
import type { SummaryFact } from "../summary-provider.js";
import type { CompanyFactCollector, FactContext, PersonFactCollector } from "./fact-context.js";
import { dateInWords, quoted } from "./fact-wording.js";

const TENANT_WIDE = { user_uuid: null };
const LATEST_NOTES = 2;
/**
 * Opportunities named one by one, the most recently updated first; the rest are counted. A busy contact
 * is linked to thousands: naming each took 38 s at benchmark scale L and made thousands of facts.
 */
const NAMED_OPPORTUNITIES = 5;

async function dealFacts(context: FactContext, entityType: "PERSON" | "COMPANY", uuid: string, name: string): Promise<SummaryFact[]> {
  const { services, tenantUuid } = context;
  const facts: SummaryFact[] = [];
  const links = (await services.store.associations.recentOpportunitiesOf(tenantUuid, entityType, [uuid], NAMED_OPPORTUNITIES)).get(uuid);
  const recent = links?.recent ?? [];
  // Read together: one statement and one hydration, not one of each an opportunity.
  const found = recent.length === 0 ? new Map<string, Opportunity>() : await services.store.opportunities.getMany(tenantUuid, recent, TENANT_WIDE);
  const opportunities = recent.flatMap((opportunityUuid) => {
    const opportunity = found.get(opportunityUuid);
    return opportunity === undefined ? [] : [opportunity];
  });
  for (const opportunity of opportunities) {
    const value = opportunity.value === null ? "" : `, valued at ${opportunity.value.toLocaleString("en-US")}`;
    facts.push({
      section: "Opportunities",
      text: `${name} is linked to the opportunity ${opportunity.name}, at stage ${opportunity.stage.name}${value}.`,
      sources: [{ kind: "opportunity", uuid: opportunity.uuid }],
    });
  }
  const unnamed = (links?.total ?? 0) - opportunities.length;
  if (unnamed > 0) {
    facts.push({
      section: "Opportunities",
      text: `${name} is linked to ${unnamed.toLocaleString("en-US")} more ${unnamed === 1 ? "opportunity" : "opportunities"}, ${links!.total.toLocaleString("en-US")} in all.`,
      sources: [{ kind: entityType === "PERSON" ? "person" : "company", uuid }],
    });
  }
  const notes = await services.store.notes.list(tenantUuid, {
    entity: { type: entityType, uuid },
    order: "desc",
    viewer: TENANT_WIDE,
    position: { kind: "offset", offset: 0 },
    limit: LATEST_NOTES,
  });
  for (const note of notes.rows) {
    facts.push({ section: "Notes", text: `A note of ${dateInWords(note.created_at)} says: ${quoted(note.content, 160)}`, sources: [{ kind: "note", uuid: note.uuid }] });
  }
  return facts;
}

export const personDealFacts: PersonFactCollector = (context, person: Person) => dealFacts(context, "PERSON", person.uuid, person.name);

export const companyDealFacts: CompanyFactCollector = (context, company: Company) => dealFacts(context, "COMPANY", company.uuid, company.company_name);
