/** The OpenAI-compatible provider against a local fake server: the request it sends, and every way it refuses an answer. */
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { chatCompletion, startFakeChatServer, type FakeChatServer } from "../testing/fake-chat-server.js";
import { createDeterministicSummaryProvider, deterministicSummary } from "./deterministic-summary-provider.js";
import { createFallbackSummaryProvider } from "./fallback-summary-provider.js";
import { createOpenAiCompatibleSummaryProvider } from "./openai-compatible-summary-provider.js";
import type { SummaryInput } from "./summary-provider.js";
import { summaryProviderFromEnvironment } from "./summary-provider-from-environment.js";

let server: FakeChatServer;
beforeAll(async () => {
  server = await startFakeChatServer();
});
beforeEach(() => {
  server.requests.length = 0;
});
afterAll(() => server.close());

const input: SummaryInput = {
  entity_type: "PERSON",
  entity_uuid: "p1",
  title: "Jane Doe",
  facts: [
    { section: "Profile", text: "Jane Doe is CTO at Globex.", sources: [{ kind: "person", uuid: "p1" }] },
    { section: "Career", text: "Jane Doe was Engineer at Initech from 2015-01-01 to 2019-12-31.", sources: [{ kind: "affiliation", uuid: "a1" }] },
  ],
};
const rewrite = { bio: "Jane Doe leads technology at Globex.", sections: [{ heading: "Career", content: "Before that she was an engineer at Initech (2015 to 2019)." }] };
const provider = (timeoutMs = 2_000) => createOpenAiCompatibleSummaryProvider({ baseUrl: `${server.url}/`, model: "test-model", apiKey: "sk-test", timeoutMs });

describe("createOpenAiCompatibleSummaryProvider", () => {
  it("posts the grounded facts to /chat/completions and returns the reworded sections", async () => {
    server.answer(() => ({ status: 200, body: chatCompletion(rewrite) }));
    expect(await provider().summarize(input)).toEqual(rewrite);
    const [request] = server.requests;
    expect(request).toMatchObject({ method: "POST", path: "/v1/chat/completions", headers: { authorization: "Bearer sk-test" } });
    expect(request!.body).toMatchObject({ model: "test-model", temperature: 0, response_format: { type: "json_object" } });
    expect(request!.body.messages[0]).toMatchObject({ role: "system", content: expect.stringContaining("Use only the facts given") });
    expect(JSON.parse(request!.body.messages[1].content)).toEqual({
      subject: { type: "PERSON", name: "Jane Doe" },
      section_order: ["Career"],
      facts: { Profile: ["Jane Doe is CTO at Globex."], Career: ["Jane Doe was Engineer at Initech from 2015-01-01 to 2019-12-31."] },
    });
  });

  it("accepts JSON wrapped in a Markdown code fence", async () => {
    server.answer(() => ({ status: 200, body: chatCompletion(`\`\`\`json\n${JSON.stringify(rewrite)}\n\`\`\``) }));
    expect(await provider().summarize(input)).toEqual(rewrite);
  });

  it("reads an answer with long runs of white space in one pass", async () => {
    const spaced = { ...rewrite, bio: `Jane Doe${" ".repeat(200_000)}leads technology at Globex.` };
    server.answer(() => ({ status: 200, body: chatCompletion(`\`\`\`json\n${JSON.stringify(spaced)}\n\`\`\``) }));
    expect(await provider().summarize(input)).toEqual(spaced);
  });

  it("does not call the endpoint when there are no facts", async () => {
    expect(await provider().summarize({ ...input, facts: [] })).toEqual({ bio: null, sections: [] });
    expect(server.requests).toHaveLength(0);
  });

  it.each([
    ["an HTTP error", () => ({ status: 503, body: { error: "overloaded" } }), /HTTP 503/],
    ["a body that is not a completion", () => ({ status: 200, body: { result: "hi" } }), /choices/],
    ["content that is not JSON", () => ({ status: 200, body: chatCompletion("Jane is great.") }), /JSON/],
    ["an added section", () => ({ status: 200, body: chatCompletion({ ...rewrite, sections: [...rewrite.sections, { heading: "Hobbies", content: "Sailing." }] }) }), /changed the sections/],
    ["a renamed section", () => ({ status: 200, body: chatCompletion({ ...rewrite, sections: [{ heading: "Jobs", content: "x" }] }) }), /changed the sections/],
    ["a dropped bio", () => ({ status: 200, body: chatCompletion({ ...rewrite, bio: null }) }), /dropped the bio/],
  ] as const)("refuses %s", async (_name, answer, message) => {
    server.answer(answer);
    await expect(provider().summarize(input)).rejects.toThrow(message);
  });

  it("refuses a bio invented for a company", async () => {
    server.answer(() => ({ status: 200, body: chatCompletion({ bio: "Globex is great.", sections: [{ heading: "Profile", content: "Globex is in Healthcare." }] }) }));
    const company: SummaryInput = { entity_type: "COMPANY", entity_uuid: "c1", title: "Globex", facts: [{ section: "Profile", text: "Globex is in Healthcare.", sources: [] }] };
    await expect(provider().summarize(company)).rejects.toThrow(/invented a bio/);
  });

  it("gives up after the timeout", async () => {
    server.answer(() => "hang");
    await expect(provider(150).summarize(input)).rejects.toThrow(/abort|timeout/i);
  });
});

describe("createFallbackSummaryProvider", () => {
  it("serves the deterministic summary when the LLM fails, and reports the failure", async () => {
    server.answer(() => ({ status: 500, body: {} }));
    const onFailure = vi.fn();
    const summary = await createFallbackSummaryProvider(provider(), createDeterministicSummaryProvider(), onFailure).summarize(input);
    expect(summary).toEqual(deterministicSummary(input));
    expect(onFailure).toHaveBeenCalledOnce();
    expect(String(onFailure.mock.calls[0]![0])).toMatch(/HTTP 500/);
  });
});

describe("createOpenAiCompatibleSummaryProvider's timeoutMs", () => {
  it("is refused, as RAPPORT_SUMMARY_TIMEOUT_MS is, unless a positive integer of milliseconds within a timer's range", () => {
    for (const timeoutMs of [0, -1, 1.5, 2_147_483_648, Number.NaN, Number.POSITIVE_INFINITY]) {
      expect(() => provider(timeoutMs), String(timeoutMs)).toThrow(
        new RangeError(`createOpenAiCompatibleSummaryProvider: timeoutMs must be a positive integer of milliseconds, at most 2147483647 (about 24 days), got ${timeoutMs}`),
      );
    }
    expect(provider(2_147_483_647).name).toBe("openai-compatible:test-model");
    expect(provider(1).name).toBe("openai-compatible:test-model");
  });
});

describe("summaryProviderFromEnvironment", () => {
  it("is deterministic without RAPPORT_SUMMARY_API_URL and an LLM with fallback with it", () => {
    expect(summaryProviderFromEnvironment({}).name).toBe("deterministic");
    expect(summaryProviderFromEnvironment({ RAPPORT_SUMMARY_API_URL: server.url, RAPPORT_SUMMARY_MODEL: "m" }).name).toBe("openai-compatible:m, else deterministic");
  });

  it("names what is missing or malformed", () => {
    expect(() => summaryProviderFromEnvironment({ RAPPORT_SUMMARY_API_URL: server.url })).toThrow(/RAPPORT_SUMMARY_MODEL must be set/);
    expect(() => summaryProviderFromEnvironment({ RAPPORT_SUMMARY_API_URL: server.url, RAPPORT_SUMMARY_MODEL: "m", RAPPORT_SUMMARY_TIMEOUT_MS: "soon" })).toThrow(
      /RAPPORT_SUMMARY_TIMEOUT_MS must be a positive integer/,
    );
    // Beyond a timer's range Node would abort every request at once; a number that is not digits alone is a typo.
    for (const timeout of ["2147483648", "99999999999", "1e3", "0x10", "0"]) {
      expect(() => summaryProviderFromEnvironment({ RAPPORT_SUMMARY_API_URL: server.url, RAPPORT_SUMMARY_MODEL: "m", RAPPORT_SUMMARY_TIMEOUT_MS: timeout }), timeout).toThrow(
        `RAPPORT_SUMMARY_TIMEOUT_MS must be a positive integer of milliseconds, at most 2147483647 (about 24 days), got '${timeout}'`,
      );
    }
    expect(summaryProviderFromEnvironment({ RAPPORT_SUMMARY_API_URL: server.url, RAPPORT_SUMMARY_MODEL: "m", RAPPORT_SUMMARY_TIMEOUT_MS: "2147483647" }).name).toBe(
      "openai-compatible:m, else deterministic",
    );
    for (const url of ["api.openai.com/v1", "ftp://llm.example/v1"]) {
      expect(() => summaryProviderFromEnvironment({ RAPPORT_SUMMARY_API_URL: url, RAPPORT_SUMMARY_MODEL: "m" })).toThrow(
        `RAPPORT_SUMMARY_API_URL must be an http(s) URL such as https://api.openai.com/v1, got '${url}'`,
      );
    }
  });

  it("refuses a timeout that is not one without a URL too, as the documentation says of every start", () => {
    expect(() => summaryProviderFromEnvironment({ RAPPORT_SUMMARY_TIMEOUT_MS: "0" })).toThrow(/RAPPORT_SUMMARY_TIMEOUT_MS must be a positive integer/);
  });

  it("refuses a URL holding a user name or password without quoting it (fetch would refuse it, quoting it in every warning)", () => {
    for (const url of ["https://ops:s3cret@llm.example/v1", "ftp://ops:s3cret@llm.example/v1"]) {
      let message = "";
      try {
        summaryProviderFromEnvironment({ RAPPORT_SUMMARY_API_URL: url, RAPPORT_SUMMARY_MODEL: "m" });
      } catch (error) {
        message = (error as Error).message;
      }
      expect(message, url).toMatch(/RAPPORT_SUMMARY_API_URL must not hold a user name or password/);
      expect(message, url).not.toContain("s3cret");
    }
  });
});
