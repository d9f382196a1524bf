/**
 * Reads a new password for `rapport users set-password`: from a terminal, asked twice without
 * echo; from a pipe, the first line of standard input. Never from the command line, where other
 * users of the machine could read it in the process list.
 */
import { createInterface } from "node:readline";
import { Writable } from "node:stream";
import { CliError } from "./cli-output.js";
import { commandStreams } from "./command-streams.js";

async function readPipe(): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of commandStreams().stdin) chunks.push(Buffer.from(chunk as Buffer));
  return Buffer.concat(chunks).toString("utf8").split(/\r?\n/)[0] ?? "";
}

function askHidden(question: string): Promise<string> {
  const streams = commandStreams();
  let muted = false;
  const output = new Writable({
    write(chunk, _encoding, done) {
      if (!muted) streams.stderr.write(chunk);
      done();
    },
  });
  const reader = createInterface({ input: streams.stdin, output, terminal: true });
  return new Promise((resolve) => {
    reader.question(question, (answer) => {
      reader.close();
      streams.stderr.write("\n");
      resolve(answer);
    });
    muted = true;
  });
}

export async function readNewPassword(): Promise<string> {
  if (!commandStreams().stdin.isTTY) return readPipe();
  const first = await askHidden("New password: ");
  const second = await askHidden("Repeat it: ");
  if (first !== second) throw new CliError("the two passwords differ; nothing changed");
  return first;
}
