/**
 * @module
 * A stand-in for an OpenAI-compatible chat-completions endpoint on 127.0.0.1, for testing the LLM
 * summary provider without a network: it records each request and answers as the test says.
 */
import { createServer, type IncomingHttpHeaders } from "node:http";
import type { AddressInfo } from "node:net";

export interface FakeChatRequest {
  method: string;
  path: string;
  headers: IncomingHttpHeaders;
  body: any;
}

/** What to answer: a status and JSON body, or `"hang"` to never answer. */
export type FakeChatReply = { status: number; body: unknown } | "hang";

export interface FakeChatServer {
  /** Base URL to configure, ending in /v1. */
  url: string;
  requests: FakeChatRequest[];
  /** Replaces how the server answers. */
  answer(reply: (request: FakeChatRequest) => FakeChatReply): void;
  close(): Promise<void>;
}

/** A chat-completions answer whose message content is `content` (a string, or JSON-encoded). */
export const chatCompletion = (content: unknown) => ({
  id: "chatcmpl-test",
  object: "chat.completion",
  choices: [{ index: 0, finish_reason: "stop", message: { role: "assistant", content: typeof content === "string" ? content : JSON.stringify(content) } }],
});

export async function startFakeChatServer(): Promise<FakeChatServer> {
  const requests: FakeChatRequest[] = [];
  let reply: (request: FakeChatRequest) => FakeChatReply = () => ({ status: 500, body: { error: "no answer configured" } });
  const server = createServer((incoming, outgoing) => {
    const chunks: Buffer[] = [];
    incoming.on("data", (chunk: Buffer) => chunks.push(chunk));
    incoming.on("end", () => {
      const text = Buffer.concat(chunks).toString("utf8");
      const request: FakeChatRequest = { method: incoming.method ?? "", path: incoming.url ?? "", headers: incoming.headers, body: text ? JSON.parse(text) : null };
      requests.push(request);
      const answer = reply(request);
      if (answer === "hang") return;
      outgoing.writeHead(answer.status, { "content-type": "application/json" });
      outgoing.end(JSON.stringify(answer.body));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/v1`,
    requests,
    answer(next) {
      reply = next;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
