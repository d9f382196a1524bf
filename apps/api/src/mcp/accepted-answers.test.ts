import { describe, expect, it } from "vitest";
import { acceptedAnswers, withBothAnswersAccepted } from "./accepted-answers.js";

describe("acceptedAnswers", () => {
  it("gives an event stream only to a client that names it, JSON to one that takes any type", () => {
    expect(acceptedAnswers("application/json, text/event-stream")).toEqual({ json: true, eventStream: true });
    expect(acceptedAnswers("*/*")).toEqual({ json: true, eventStream: false });
    expect(acceptedAnswers(undefined)).toEqual({ json: true, eventStream: false });
    expect(acceptedAnswers("Application/JSON")).toEqual({ json: true, eventStream: false });
    expect(acceptedAnswers("application/*;q=0.5, text/*")).toEqual({ json: true, eventStream: true });
    expect(acceptedAnswers("text/event-stream")).toEqual({ json: false, eventStream: true });
  });

  it("takes the most specific range's weight: a type refused by name stays refused under */*", () => {
    expect(acceptedAnswers("application/json;q=0, */*")).toEqual({ json: false, eventStream: false });
    expect(acceptedAnswers("application/json, text/event-stream;q=0")).toEqual({ json: true, eventStream: false });
    expect(acceptedAnswers("text/html, image/png")).toEqual({ json: false, eventStream: false });
  });
});

describe("withBothAnswersAccepted", () => {
  it("names both answers for the SDK's transport, and leaves a request that does as it is", () => {
    const request = new Request("http://localhost/mcp", { method: "POST", headers: { accept: "*/*", "x-api-key": "pk_x" } });
    const passed = withBothAnswersAccepted(request);
    expect(passed.headers.get("accept")).toBe("application/json, text/event-stream");
    expect(passed.headers.get("x-api-key")).toBe("pk_x");
    const both = new Request("http://localhost/mcp", { method: "POST", headers: { accept: "application/json, text/event-stream" } });
    expect(withBothAnswersAccepted(both)).toBe(both);
  });
});
