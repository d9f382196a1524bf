/** What a fact collector reads from: the services, the tenant, and the instant of the summary. */
import type { Company, Person } from "@rapport/store";
import type { AppServices } from "../../services.js";
import type { SummaryFact } from "../summary-provider.js";

export interface FactContext {
  services: AppServices;
  tenantUuid: string;
  /** Epoch ms of the summary. */
  now: number;
}

/** Gathers facts of one kind about a person. */
export type PersonFactCollector = (context: FactContext, person: Person) => Promise<SummaryFact[]>;

/** Gathers facts of one kind about a company. */
export type CompanyFactCollector = (context: FactContext, company: Company) => Promise<SummaryFact[]>;
