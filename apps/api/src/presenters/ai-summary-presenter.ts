/** The AI summary as the API shows it (spec: "AI summary"). */
import { z } from "zod";
import { SUMMARY_ENTITY_TYPES } from "../summary/summary-provider.js";

export const aiSummarySchema = z
  .object({
    entity_type: z.enum(SUMMARY_ENTITY_TYPES),
    entity_uuid: z.string(),
    title: z.string().describe("The person's or company's name."),
    bio: z.string().nullable().describe("Persons: who they are, from their profile; null for companies and when nothing is recorded."),
    generated_at: z.string().nullable().describe("ISO 8601 date-time of generation; null when there was nothing to summarize."),
    sections: z
      .array(z.object({ heading: z.string(), content: z.string() }))
      .describe("Headed paragraphs; empty when there is no data. Every statement comes from the tenant's own records."),
  })
  .describe("A live summary of a person or company, grounded in the tenant's records.");
