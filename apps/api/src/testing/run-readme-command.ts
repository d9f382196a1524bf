/**
 * @module
 * Runs one `curl` command line of a README as a shell would read it (quotes, `$NAME`, `$(...)`, pipes into
 * `node -p`, `-F` form parts), sending its request through a test's `send` instead of the network, so a README example
 * is a test.
 */
import { spawnSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { basename, join } from "node:path";
import { shellWords } from "./shell-words.js";

/** What a README command's request became: the answer `send` gave. */
export interface ReadmeCommandAnswer {
  status: number;
  headers: Headers;
  text: string;
}

export interface ReadmeCommandOptions {
  /** The shell variables the command reads, by name (the README's key). */
  variables: Record<string, string>;
  /** Where a `-F name=@file` part's file is read from (relative to this folder). */
  folder?: string;
  /** Sends one request; a README's `http://127.0.0.1:8787/...` URL is given as written. */
  send(url: string, init: { method: string; headers: Record<string, string>; body?: string | FormData }): Response | Promise<Response>;
}

/** The index just past the `)` that closes a `$(` whose text starts at `start`, skipping quoted text. */
function closingParenthesis(line: string, start: number): number {
  let depth = 1;
  let quote: string | null = null;
  for (let index = start; index < line.length; index += 1) {
    const character = line[index]!;
    if (quote !== null) {
      if (character === quote) quote = null;
    } else if (character === "'" || character === '"') quote = character;
    else if (character === "(") depth += 1;
    else if (character === ")" && --depth === 0) return index;
  }
  throw new Error(`unclosed $( in: ${line}`);
}

/** The line's `|`-separated commands, split outside quotes. */
function pipelineStages(line: string): string[] {
  const stages: string[] = [];
  let quote: string | null = null;
  let start = 0;
  for (let index = 0; index < line.length; index += 1) {
    const character = line[index]!;
    if (quote !== null) {
      if (character === quote) quote = null;
    } else if (character === "'" || character === '"') quote = character;
    else if (character === "|") {
      stages.push(line.slice(start, index));
      start = index + 1;
    }
  }
  return [...stages, line.slice(start)];
}

/**
 * The request a `curl` command's words describe (`-s`, `-H`, `-X`, `-d`, `-F` and the URL; anything else is refused).
 * A `-F name=@file` part is the file of that name in `folder`, sent under its own name, as curl sends it.
 */
function curlRequest(words: string[], folder: string): { url: string; method: string; headers: Record<string, string>; body?: string | FormData } {
  const headers: Record<string, string> = {};
  let url: string | null = null;
  let method: string | null = null;
  let body: string | FormData | undefined;
  for (let index = 1; index < words.length; index += 1) {
    const word = words[index]!;
    if (word === "-s") continue;
    if (word === "-H") {
      const header = words[(index += 1)]!;
      const colon = header.indexOf(":");
      headers[header.slice(0, colon).trim().toLowerCase()] = header.slice(colon + 1).trim();
    } else if (word === "-X") method = words[(index += 1)]!;
    else if (word === "-d") body = words[(index += 1)]!;
    else if (word === "-F") {
      const part = words[(index += 1)]!;
      const equals = part.indexOf("=");
      const name = part.slice(0, equals);
      const value = part.slice(equals + 1);
      const form = body instanceof FormData ? body : new FormData();
      if (value.startsWith("@")) form.append(name, new Blob([readFileSync(join(folder, value.slice(1)))]), basename(value.slice(1)));
      else form.append(name, value);
      body = form;
    } else if (word.startsWith("-")) throw new Error(`curl option ${word} is not one this runner knows`);
    else url = word;
  }
  if (url === null) throw new Error(`no URL in: curl ${words.slice(1).join(" ")}`);
  return { url, method: method ?? (body === undefined ? "GET" : "POST"), headers, body };
}

/**
 * Runs a README command line: `curl ...`, optionally piped into `node -p '...'`, with its `$(...)` substitutions
 * run first the same way. Answers the curl's response, and with a pipe the text the pipeline printed.
 *
 * @example
 * const { status } = await runReadmeCommand('curl -s -H "x-api-key: $RAPPORT_KEY" http://127.0.0.1:8787/v1/users', {
 *   variables: { RAPPORT_KEY: key },
 *   send: (url, init) => app.request(url, init),
 * });
 */
export async function runReadmeCommand(line: string, options: ReadmeCommandOptions): Promise<ReadmeCommandAnswer> {
  let expanded = line;
  for (let start = expanded.indexOf("$("); start >= 0; start = expanded.indexOf("$(")) {
    const end = closingParenthesis(expanded, start + 2);
    const inner = await runReadmeCommand(expanded.slice(start + 2, end), options);
    if (inner.status >= 400) throw new Error(`$(${expanded.slice(start + 2, end)}) answered ${inner.status}: ${inner.text}`);
    expanded = expanded.slice(0, start) + inner.text.trim() + expanded.slice(end + 1);
  }
  const [first, ...rest] = pipelineStages(expanded).map((stage) => shellWords(stage, options.variables));
  if (first?.[0] !== "curl") throw new Error(`not a curl command: ${line}`);
  const { url, ...init } = curlRequest(first, options.folder ?? process.cwd());
  const response = await options.send(url, init);
  let text = await response.text();
  for (const stage of rest) {
    if (stage[0] !== "node" || stage[1] !== "-p" || stage.length !== 3) throw new Error(`only node -p '...' may follow a pipe: ${stage.join(" ")}`);
    const printed = spawnSync(process.execPath, ["-p", stage[2]!], { input: text, encoding: "utf8" });
    if (printed.status !== 0) throw new Error(`node -p failed on ${text.slice(0, 200)}: ${printed.stderr}`);
    text = printed.stdout;
  }
  return { status: response.status, headers: response.headers, text };
}
