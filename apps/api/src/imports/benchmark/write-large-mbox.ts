/**
 * @module
 * Writes a synthetic mbox of any size straight to disk (never held in memory): threads among a
 * fixed crowd of correspondents, replies, copies, multi-line bodies. The benchmark's input for the
 * flat-memory import check.
 */
import { createWriteStream } from "node:fs";
import { once } from "node:events";
import { mailMessage, mboxFile } from "../testing/archive-builders.js";

export interface LargeMboxOptions {
  messages: number;
  /** Distinct correspondents besides the mailbox owner (default 2,000). */
  correspondents?: number;
  /** The mailbox owner's address, on one side of every message (default owner@acme.example). */
  owner?: string;
  /** Body lines per message (default 20, about 1.5 KB a message). */
  bodyLines?: number;
}

const START = Date.UTC(2024, 0, 1);

function message(index: number, options: Required<LargeMboxOptions>): string {
  const contact = (offset: number) => {
    const number = (index * 7 + offset) % options.correspondents;
    return `Contact ${number} <contact${number}@corp${number % 97}.example>`;
  };
  const inbound = index % 3 !== 0;
  const date = new Date(START + index * 600_000).toUTCString().replace("GMT", "+0000");
  const body = Array.from({ length: options.bodyLines }, (_unused, line) => `Line ${line} of message ${index}: the quarterly numbers look fine, see the attached notes.`).join("\n");
  return mailMessage({
    messageId: `<bench-${index}@mail.example>`,
    from: inbound ? contact(0) : `Owner <${options.owner}>`,
    to: inbound ? [options.owner] : [contact(0), contact(1)],
    cc: index % 5 === 0 ? [contact(2), contact(3)] : [],
    date,
    subject: `${index % 4 === 0 ? "" : "Re: "}Deal ${Math.floor(index / 4)} follow-up`,
    ...(index % 4 === 0 ? {} : { inReplyTo: `<bench-${index - 1}@mail.example>` }),
    body,
  });
}

/**
 * Writes the mbox and returns its size in bytes.
 *
 * @example
 * const bytes = await writeLargeMbox("/tmp/bench.mbox", { messages: 100_000 });
 */
export async function writeLargeMbox(path: string, options: LargeMboxOptions): Promise<number> {
  const settings: Required<LargeMboxOptions> = { correspondents: 2_000, owner: "owner@acme.example", bodyLines: 20, ...options };
  const output = createWriteStream(path);
  let bytes = 0;
  for (let index = 0; index < settings.messages; index += 1) {
    const text = mboxFile([message(index, settings)]);
    bytes += Buffer.byteLength(text);
    if (!output.write(text)) await once(output, "drain");
  }
  output.end();
  await once(output, "finish");
  return bytes;
}
