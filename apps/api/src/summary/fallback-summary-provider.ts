/** A SummaryProvider that answers with `fallback` whenever `primary` fails, reporting the failure. */
import type { SummaryProvider } from "./summary-provider.js";

/** Answers with `primary`, or with `fallback` when `primary` fails, after telling `onFailure`. */
export function createFallbackSummaryProvider(
  primary: SummaryProvider,
  fallback: SummaryProvider,
  onFailure: (error: unknown, provider: SummaryProvider) => void = () => {},
): SummaryProvider {
  return {
    name: `${primary.name}, else ${fallback.name}`,
    async summarize(input) {
      try {
        return await primary.summarize(input);
      } catch (error) {
        onFailure(error, primary);
        return fallback.summarize(input);
      }
    },
  };
}
