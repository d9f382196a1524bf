/**
 * @module
 * Builds the AI summary of a person or company: gathers facts with every collector, hands them to
 * the configured SummaryProvider, and shapes the response.
 */
import type { Company, Person } from "@rapport/store";
import type { z } from "zod";
import type { aiSummarySchema } from "../presenters/ai-summary-presenter.js";
import type { AppServices } from "../services.js";
import { companyFactCollectors, personFactCollectors } from "./facts/fact-collectors.js";
import type { FactContext } from "./facts/fact-context.js";
import { personNameInWords } from "./facts/person-name-in-words.js";
import type { SummaryInput } from "./summary-provider.js";

export type AiSummaryResponse = z.input<typeof aiSummarySchema>;

async function summarize(services: AppServices, input: SummaryInput): Promise<AiSummaryResponse> {
  const base = { entity_type: input.entity_type, entity_uuid: input.entity_uuid, title: input.title };
  if (input.facts.length === 0) return { ...base, bio: null, generated_at: null, sections: [] };
  const text = await services.summaryProvider.summarize(input);
  return {
    ...base,
    bio: input.entity_type === "PERSON" ? text.bio : null,
    generated_at: new Date(services.clock.now()).toISOString(),
    sections: text.sections,
  };
}

export async function summarizePerson(services: AppServices, tenantUuid: string, person: Person): Promise<AiSummaryResponse> {
  const context: FactContext = { services, tenantUuid, now: services.clock.now() };
  // Every collector's sentences name the subject by `name`: a person known by a LinkedIn profile alone has "".
  const named = { ...person, name: personNameInWords(person) };
  const facts = (await Promise.all(personFactCollectors.map((collect) => collect(context, named)))).flat();
  return summarize(services, { entity_type: "PERSON", entity_uuid: person.uuid, title: named.name, facts });
}

export async function summarizeCompany(services: AppServices, tenantUuid: string, company: Company): Promise<AiSummaryResponse> {
  const context: FactContext = { services, tenantUuid, now: services.clock.now() };
  const facts = (await Promise.all(companyFactCollectors.map((collect) => collect(context, company)))).flat();
  return summarize(services, { entity_type: "COMPANY", entity_uuid: company.uuid, title: company.company_name, facts });
}
