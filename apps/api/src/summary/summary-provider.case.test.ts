/**
 * The SummaryProvider contract, run against every implementation: no facts give an empty summary;
 * the sections are the facts' headings in display order; a person's Profile facts become the bio;
 * a company has no bio.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { chatCompletion, startFakeChatServer, type FakeChatServer } from "../testing/fake-chat-server.js";
import { createDeterministicSummaryProvider } from "./deterministic-summary-provider.js";
import { createOpenAiCompatibleSummaryProvider } from "./openai-compatible-summary-provider.js";
import type { SummaryFact, SummaryInput, SummaryProvider } from "./summary-provider.js";

let server: FakeChatServer;
beforeAll(async () => {
  server = await startFakeChatServer();
  // A model that follows the instructions: the given sections, reworded.
  server.answer((request) => {
    const payload = JSON.parse(request.body.messages[1].content) as { subject: { type: string }; section_order: string[]; facts: Record<string, string[]> };
    const profile = payload.facts.Profile;
    return {
      status: 200,
      body: chatCompletion({
        bio: payload.subject.type === "PERSON" && profile ? `In short: ${profile.join(" ")}` : null,
        sections: payload.section_order.map((heading) => ({ heading, content: `In short: ${payload.facts[heading]!.join(" ")}` })),
      }),
    };
  });
});
afterAll(() => server.close());

const fact = (section: string, text: string): SummaryFact => ({ section, text, sources: [{ kind: "person", uuid: null }] });
const person = (facts: SummaryFact[]): SummaryInput => ({ entity_type: "PERSON", entity_uuid: "p", title: "Jane Doe", facts });

const implementations: Array<[string, () => SummaryProvider]> = [
  ["deterministic", () => createDeterministicSummaryProvider()],
  ["openai-compatible", () => createOpenAiCompatibleSummaryProvider({ baseUrl: server.url, model: "test-model" })],
];

describe.each(implementations)("SummaryProvider contract: %s", (_name, build) => {
  it("gives an empty summary for no facts", async () => {
    expect(await build().summarize(person([]))).toEqual({ bio: null, sections: [] });
  });

  it("puts sections in display order under the facts' headings, and Profile into a person's bio", async () => {
    const summary = await build().summarize(
      person([fact("Recent changes", "It was updated."), fact("Profile", "Jane Doe is CTO at Globex."), fact("Career", "Jane Doe was Engineer at Initech."), fact("Profile", "Jane Doe is based in Boston.")]),
    );
    expect(summary.bio).toContain("Jane Doe is CTO at Globex. Jane Doe is based in Boston.");
    expect(summary.sections.map((section) => section.heading)).toEqual(["Career", "Recent changes"]);
    expect(summary.sections[0]!.content).toContain("Jane Doe was Engineer at Initech.");
  });

  it("gives a person without Profile facts no bio, and a company never a bio", async () => {
    expect((await build().summarize(person([fact("Career", "Jane Doe was Engineer at Initech.")]))).bio).toBeNull();
    const company = await build().summarize({ entity_type: "COMPANY", entity_uuid: "c", title: "Globex", facts: [fact("Profile", "Globex is in Healthcare.")] });
    expect(company.bio).toBeNull();
    expect(company.sections).toEqual([{ heading: "Profile", content: expect.stringContaining("Globex is in Healthcare.") }]);
  });
});
