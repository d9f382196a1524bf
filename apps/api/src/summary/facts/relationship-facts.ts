/**
 * Facts from the relationship graph: who on the team knows the subject best, and the team's recent
 * activity with it against the period before (its trend).
 */
import { activityStats, relationshipQuality, strongestRelationships, type EntityReference } from "@rapport/graph";
import type { Company, Person, TenureSpan } from "@rapport/store";
import { counted } from "../../platform/text/counted.js";
import type { SummaryFact } from "../summary-provider.js";
import type { CompanyFactCollector, FactContext, PersonFactCollector } from "./fact-context.js";
import { listInWords, midSentence } from "./fact-wording.js";
import { personNameInWords } from "./person-name-in-words.js";


async function relationshipFacts(context: FactContext, entity: EntityReference, name: string, spans?: readonly TenureSpan[]): Promise<SummaryFact[]> {
  const { services, tenantUuid, now } = context;
  const graph = await services.store.graphs.forTenant(tenantUuid);
  const facts: SummaryFact[] = [];
  const strongest = strongestRelationships(graph, entity, { now, limit: 2 }) ?? [];
  if (strongest.length > 0) {
    const users = await Promise.all(strongest.map((row) => services.store.users.get(tenantUuid, row.user_uuid)));
    // A company's row is a user's best RQ with one of its people: named, or the reason's meetings read as the company's.
    const people = entity.entity === "company" ? await services.store.persons.displayCards(tenantUuid, strongest.map((row) => row.person_uuid)) : null;
    const phrases = strongest.map((row, index) => {
      const quality = relationshipQuality(graph, row.user_uuid, row.person_uuid, { now });
      const person = people?.get(row.person_uuid);
      const withName = person ? personNameInWords(person) : undefined;
      return `${users[index]?.name ?? "a team member"} (RQ ${row.rq_pretty}${withName ? ` with ${withName}` : ""}${quality ? `: ${midSentence(quality.rq_reason)}` : ""})`;
    });
    facts.push({
      section: "Relationships",
      text: `On the team, ${name} is best known to ${listInWords(phrases)}.`,
      sources: strongest.map((row) => ({ kind: "user", uuid: row.user_uuid })),
    });
  }
  // all_time for the date of the latest activity when none is in the last 180 days. teamOnly: what the subject did
  // with outsiders alone (a mail to a list, a BCC'd thread) is not "the team had". A company's spans: its people
  // while they were at it, as its activity timeline lists them.
  const stats = activityStats(graph, entity, { now, periods: ["90_days", "180_days", "all_time"], teamOnly: true, spans });
  const recent = stats.periods.find((period) => period.period === "90_days");
  const half = stats.periods.find((period) => period.period === "180_days");
  const ever = stats.periods.find((period) => period.period === "all_time");
  if (recent && half && ever) {
    const { emails, meetings, total } = recent.activity_counts;
    const before = half.activity_counts.total - total;
    const trend = total > before ? "up from" : total < before ? "down from" : "as many as";
    facts.push({
      section: "Activity",
      text:
        total > 0
          ? `In the last 90 days the team had ${counted(emails, "email")} and ${counted(meetings, "meeting")} with ${name}, ${trend} ${before} in the 90 days before; the latest on ${recent.last_activity_date}.`
          : `The team has had no email or meeting with ${name} in the last 90 days (${before} in the 90 days before); the latest on ${ever.last_activity_date}.`,
      sources: [{ kind: entity.entity, uuid: entity.uuid }],
    });
  }
  return facts;
}

export const personRelationshipFacts: PersonFactCollector = (context, person: Person) =>
  relationshipFacts(context, { entity: "person", uuid: person.uuid }, person.name);

export const companyRelationshipFacts: CompanyFactCollector = async (context, company: Company) =>
  relationshipFacts(context, { entity: "company", uuid: company.uuid }, company.company_name, await context.services.store.affiliations.tenureSpans(context.tenantUuid, company.uuid));
