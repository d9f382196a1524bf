/**
 * @module
 * A SummaryProvider backed by an OpenAI-compatible chat-completions endpoint (OpenAI, Azure OpenAI,
 * vLLM, Ollama, LM Studio, ...). It sends the grounded facts and asks for the same sections reworded
 * as prose; an answer that adds a section, drops the JSON shape or times out is an error (wrap it in
 * a fallback provider to serve the deterministic summary instead).
 */
import { z } from "zod";
import { deterministicSummary } from "./deterministic-summary-provider.js";
import type { SummaryInput, SummaryProvider, SummaryText } from "./summary-provider.js";
import { summaryTimeoutProblem } from "./summary-timeout.js";

export interface OpenAiCompatibleSummaryOptions {
  /** Base URL of the API, up to and including the version segment: `https://api.openai.com/v1`. */
  baseUrl: string;
  model: string;
  /** Sent as `Authorization: Bearer <apiKey>` when given. */
  apiKey?: string;
  /** Milliseconds before the request is abandoned: a positive integer of at most 2^31 - 1; default 15 000. */
  timeoutMs?: number;
  /** Injected for tests; defaults to the global fetch. */
  fetch?: typeof fetch;
}

const SYSTEM_PROMPT = [
  "You write short, factual summaries of a person or a company for a relationship-intelligence tool.",
  "You receive JSON with the subject and, under each section heading, numbered facts taken from the user's own records.",
  "Rewrite each section's facts as fluent prose. Use only the facts given: add no names, numbers, dates, opinions or speculation.",
  "Keep exactly the section headings given, in the same order; do not add or rename sections.",
  'Answer with one JSON object only: {"bio": string or null, "sections": [{"heading": string, "content": string}]}.',
  'Set "bio" from the "Profile" facts for a person (null when there are none); for a company "bio" is null.',
].join(" ");

const completionSchema = z.object({
  choices: z.array(z.object({ message: z.object({ content: z.string() }) })).min(1),
});

const summarySchema = z.object({
  bio: z.string().min(1).nullable(),
  sections: z.array(z.object({ heading: z.string().min(1), content: z.string().min(1) })),
});

/**
 * Strips a Markdown code fence some models wrap JSON in. The closing fence is cut without a pattern: `\s*```$` tried
 * every run of white space in the answer, quadratic in a long one.
 */
function unfence(text: string): string {
  const body = text.trim().replace(/^```(?:json)?\s*/i, "");
  return body.endsWith("```") ? body.slice(0, -3).trimEnd() : body;
}

/** Checks a rewrite against the deterministic shape: the same headings in the same order, bio only where one is due. */
function checkGrounded(rewrite: SummaryText, expected: SummaryText): SummaryText {
  const expectedHeadings = expected.sections.map((section) => section.heading);
  const headings = rewrite.sections.map((section) => section.heading);
  if (JSON.stringify(headings) !== JSON.stringify(expectedHeadings)) {
    throw new Error(`summary provider changed the sections: expected [${expectedHeadings.join(", ")}], got [${headings.join(", ")}]`);
  }
  if ((expected.bio === null) !== (rewrite.bio === null)) {
    throw new Error(`summary provider ${expected.bio === null ? "invented a bio" : "dropped the bio"}`);
  }
  return rewrite;
}

/**
 * The provider for the endpoint `options` describe. Throws a RangeError when `timeoutMs` is not a positive integer of
 * at most 2^31 - 1 milliseconds, as `RAPPORT_SUMMARY_TIMEOUT_MS` is refused.
 *
 * @example
 * const provider = createOpenAiCompatibleSummaryProvider({ baseUrl: "http://127.0.0.1:11434/v1", model: "llama3.1" });
 */
export function createOpenAiCompatibleSummaryProvider(options: OpenAiCompatibleSummaryOptions): SummaryProvider {
  const { baseUrl, model, apiKey, timeoutMs = 15_000, fetch: send = fetch } = options;
  const problem = summaryTimeoutProblem(timeoutMs, "createOpenAiCompatibleSummaryProvider: timeoutMs", String(timeoutMs));
  if (problem) throw new RangeError(problem);
  const endpoint = `${baseUrl.replace(/\/+$/, "")}/chat/completions`;
  return {
    name: `openai-compatible:${model}`,
    async summarize(input: SummaryInput): Promise<SummaryText> {
      const expected = deterministicSummary(input);
      if (input.facts.length === 0) return expected;
      const sections: Record<string, string[]> = {};
      for (const fact of input.facts) (sections[fact.section] ??= []).push(fact.text);
      const headers: Record<string, string> = { "content-type": "application/json" };
      if (apiKey) headers.authorization = `Bearer ${apiKey}`;
      const response = await send(endpoint, {
        method: "POST",
        headers,
        signal: AbortSignal.timeout(timeoutMs),
        body: JSON.stringify({
          model,
          temperature: 0,
          response_format: { type: "json_object" },
          messages: [
            { role: "system", content: SYSTEM_PROMPT },
            {
              role: "user",
              content: JSON.stringify({
                subject: { type: input.entity_type, name: input.title },
                section_order: expected.sections.map((section) => section.heading),
                facts: sections,
              }),
            },
          ],
        }),
      });
      if (!response.ok) throw new Error(`summary provider answered HTTP ${response.status}`);
      const completion = completionSchema.parse(await response.json());
      const rewrite = summarySchema.parse(JSON.parse(unfence(completion.choices[0]!.message.content)));
      return checkGrounded(rewrite, expected);
    },
  };
}
