/**
 * The mbox import's memory check (issue 8): a synthetic mbox written to disk, imported into a fresh
 * database by `measureMboxImport` in a process of its own, with its peak resident memory. The
 * baseline is reading the same file line by line (node:readline), counting its messages: the floor
 * of any import.
 */
import { createReadStream } from "node:fs";
import { join } from "node:path";
import { createInterface } from "node:readline";
import { writeLargeMbox } from "@rapport/api";
import { runChildMeasurement } from "../child-process.js";
import type { MeasurementResult } from "../measurement.js";
import { summarize } from "../statistics.js";

interface ImportFigures {
  ms: number;
  messages: number;
  emailsNew: number;
  baselineRssBytes: number;
  peakRssBytes: number;
  maxRssBytes: number;
  problems: number;
}

const MiB = 2 ** 20;

async function readMessages(path: string): Promise<number> {
  let messages = 0;
  for await (const line of createInterface({ input: createReadStream(path), crlfDelay: Infinity })) if (line.startsWith("From ")) messages++;
  return messages;
}

export async function measureMboxImportMemory(folder: string, messages: number): Promise<MeasurementResult> {
  const mboxPath = join(folder, `import-${messages}.mbox`);
  const bytes = await writeLargeMbox(mboxPath, { messages });
  const readStarted = performance.now();
  const read = await readMessages(mboxPath);
  const readMs = performance.now() - readStarted;
  const figures = await runChildMeasurement<ImportFigures>(["import-mbox", mboxPath, join(folder, `import-${messages}.db`)]);
  const perMessage = (totalMs: number) => summarize(Array.from({ length: messages }, () => totalMs / messages));
  const subject = perMessage(figures.ms);
  const baseline = perMessage(readMs);
  return {
    id: "mbox-import",
    title: `mbox import, ${messages.toLocaleString("en-US")} messages`,
    subject: { label: "measureMboxImport in a fresh process (parse, resolve, store, graph)", summary: subject },
    baseline: { label: "reading the same file line by line (node:readline)", summary: baseline },
    speedRatio: subject.opsPerSecond / baseline.opsPerSecond,
    targets: [],
    figures: {
      mboxMiB: bytes / MiB,
      messagesRead: figures.messages,
      messagesInFile: read,
      emailsNew: figures.emailsNew,
      importRssBeforeMiB: figures.baselineRssBytes / MiB,
      importPeakRssMiB: figures.peakRssBytes / MiB,
      importMaxRssMiB: figures.maxRssBytes / MiB,
      problems: figures.problems,
    },
    notes: ["peak RSS sampled every 50 ms through the import; max RSS as the OS reports it for the whole process"],
  };
}
