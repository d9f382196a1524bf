/** A named pipe whose reader starts late, as a busy log collector does: for tests of log lines written out whole. */
import { execFileSync, spawn } from "node:child_process";
import { constants, openSync, readFileSync } from "node:fs";
import { join } from "node:path";

/**
 * Makes a FIFO in `folder` and a reader that starts reading it 0.3 s later, copying what it reads until the writer
 * closes. `fd` is opened read-write, so opening does not wait for the reader; the pipe holds far less than a 2 MiB line.
 * `linesRead()` resolves, once the writer has closed, to the JSON lines the reader got.
 *
 * @example
 * const pipe = latePipeReader(folder);
 * const logger = createLogger({ level: "info" }, pipe.fd);
 */
export function latePipeReader(folder: string): { fd: number; linesRead: <Line>() => Promise<Line[]> } {
  const fifo = join(folder, "log.fifo");
  const copy = join(folder, "log.txt");
  execFileSync("mkfifo", [fifo]);
  const reader = spawn("sh", ["-c", `sleep 0.3; cat "${fifo}" > "${copy}"`]);
  const readerDone = new Promise((resolve) => reader.once("close", resolve));
  const fd = openSync(fifo, constants.O_RDWR);
  return {
    fd,
    async linesRead<Line>() {
      await readerDone;
      return readFileSync(copy, "utf8").trimEnd().split("\n").map((line) => JSON.parse(line) as Line);
    },
  };
}
