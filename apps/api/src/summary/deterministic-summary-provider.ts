/**
 * @module
 * The default SummaryProvider: arranges the facts under their headings, in a fixed order, word for
 * word. Every sentence it returns is one of the facts, so every sentence is traceable to a record.
 */
import { PROFILE_SECTION, SUMMARY_SECTIONS, type SummaryFact, type SummaryInput, type SummaryProvider, type SummaryText } from "./summary-provider.js";

function sectionRank(heading: string): number {
  const index = (SUMMARY_SECTIONS as readonly string[]).indexOf(heading);
  return index === -1 ? SUMMARY_SECTIONS.length : index;
}

/** Facts grouped by heading, headings in display order (unknown ones after, by first appearance). */
export function groupFacts(facts: readonly SummaryFact[]): Array<{ heading: string; facts: SummaryFact[] }> {
  const groups = new Map<string, SummaryFact[]>();
  for (const fact of facts) {
    const group = groups.get(fact.section) ?? [];
    group.push(fact);
    groups.set(fact.section, group);
  }
  return [...groups.entries()]
    .map(([heading, grouped], order) => ({ heading, facts: grouped, order }))
    .sort((left, right) => sectionRank(left.heading) - sectionRank(right.heading) || left.order - right.order)
    .map(({ heading, facts: grouped }) => ({ heading, facts: grouped }));
}

/** The summary a deterministic provider gives for `input`; also the shape an LLM rewrite must keep. */
export function deterministicSummary(input: SummaryInput): SummaryText {
  const groups = groupFacts(input.facts);
  const join = (facts: readonly SummaryFact[]) => facts.map((fact) => fact.text).join(" ");
  if (input.entity_type === "PERSON") {
    const profile = groups.find((group) => group.heading === PROFILE_SECTION);
    return {
      bio: profile ? join(profile.facts) : null,
      sections: groups.filter((group) => group !== profile).map((group) => ({ heading: group.heading, content: join(group.facts) })),
    };
  }
  return { bio: null, sections: groups.map((group) => ({ heading: group.heading, content: join(group.facts) })) };
}

/**
 * @example
 * const summary = await createDeterministicSummaryProvider().summarize({ entity_type: "PERSON", entity_uuid, title: "Jane Doe", facts });
 */
export function createDeterministicSummaryProvider(): SummaryProvider {
  return {
    name: "deterministic",
    summarize: async (input) => deterministicSummary(input),
  };
}
