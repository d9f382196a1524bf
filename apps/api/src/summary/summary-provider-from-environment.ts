/**
 * @module
 * Chooses the summary provider from environment variables: without `RAPPORT_SUMMARY_API_URL` the
 * deterministic one; with it, an OpenAI-compatible endpoint that falls back to the deterministic
 * summary on any failure.
 */
import type { Logger } from "pino";
import { ConfigurationError } from "../platform/environment/configuration-error.js";
import { createDeterministicSummaryProvider } from "./deterministic-summary-provider.js";
import { createFallbackSummaryProvider } from "./fallback-summary-provider.js";
import { createOpenAiCompatibleSummaryProvider } from "./openai-compatible-summary-provider.js";
import type { SummaryProvider } from "./summary-provider.js";
import { summaryTimeoutProblem } from "./summary-timeout.js";

function parsedUrl(text: string): URL | null {
  try {
    return new URL(text);
  } catch {
    return null;
  }
}

/**
 * The summary provider `RAPPORT_SUMMARY_API_URL`, `RAPPORT_SUMMARY_MODEL`, `RAPPORT_SUMMARY_API_KEY` and
 * `RAPPORT_SUMMARY_TIMEOUT_MS` describe: an OpenAI-compatible endpoint falling back to the deterministic summaries
 * (each failure logged as a warning), or the deterministic summaries alone without a URL. A URL without a model, one
 * that is not http(s) or holds a user name or password, or a timeout (URL or not) that is not a positive integer of at
 * most 2^31 - 1 milliseconds, throws a `ConfigurationError`.
 */
export function summaryProviderFromEnvironment(environment: Record<string, string | undefined>, logger?: Logger): SummaryProvider {
  const deterministic = createDeterministicSummaryProvider();
  // Checked with or without a URL, as every number setting is: a typo shows at this start, not at the one that sets the URL.
  const timeoutText = environment.RAPPORT_SUMMARY_TIMEOUT_MS?.trim();
  const timeoutMs = timeoutText ? Number(timeoutText) : undefined;
  if (timeoutMs !== undefined) {
    // Digits alone, as every other number setting (`1e3` and `0x10` are typos here), then the provider's own check.
    const problem = summaryTimeoutProblem(/^\d+$/.test(timeoutText!) ? timeoutMs : Number.NaN, "RAPPORT_SUMMARY_TIMEOUT_MS", `'${timeoutText}'`);
    if (problem) throw new ConfigurationError(problem);
  }
  const baseUrl = environment.RAPPORT_SUMMARY_API_URL?.trim();
  if (!baseUrl) return deterministic;
  const model = environment.RAPPORT_SUMMARY_MODEL?.trim();
  if (!model) throw new ConfigurationError("RAPPORT_SUMMARY_MODEL must be set when RAPPORT_SUMMARY_API_URL is set");
  const url = parsedUrl(baseUrl);
  // fetch refuses a URL holding credentials, and its error quotes the URL: every summary would log the password.
  if (url && (url.username || url.password)) {
    throw new ConfigurationError("RAPPORT_SUMMARY_API_URL must not hold a user name or password (user:password@); send the endpoint's key in RAPPORT_SUMMARY_API_KEY");
  }
  // Else every summary would fail over to the deterministic one, with a warning per request instead of one at start.
  if (url?.protocol !== "http:" && url?.protocol !== "https:") {
    throw new ConfigurationError(`RAPPORT_SUMMARY_API_URL must be an http(s) URL such as https://api.openai.com/v1, got '${baseUrl}'`);
  }
  const apiKey = environment.RAPPORT_SUMMARY_API_KEY?.trim() || undefined;
  const llm = createOpenAiCompatibleSummaryProvider({ baseUrl, model, ...(apiKey ? { apiKey } : {}), ...(timeoutMs ? { timeoutMs } : {}) });
  return createFallbackSummaryProvider(llm, deterministic, (error, provider) =>
    logger?.warn({ err: error, provider: provider.name }, "summary provider failed; serving the deterministic summary"),
  );
}
