import { spawn } from "node:child_process";
import { mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { processFolderName, processIsRunning, removeAbandonedUploadFolders } from "./process-upload-folders.js";

let folder: string;
beforeEach(() => {
  folder = mkdtempSync(join(tmpdir(), "rapport-process-uploads-"));
});
afterEach(() => rmSync(folder, { recursive: true, force: true }));

/** A node process that waits until it is killed, and the promise of its exit. */
function startWaitingProcess() {
  const child = spawn(process.execPath, ["-e", "setInterval(() => {}, 1000)"], { stdio: "ignore" });
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  return { pid: child.pid!, stop: () => child.kill("SIGKILL"), exited };
}

/** An upload folder named `name` holding one saved upload. */
function uploadFolder(name: string): void {
  mkdirSync(join(folder, name, "3f0c2a6e-upload"), { recursive: true });
  writeFileSync(join(folder, name, "3f0c2a6e-upload", "inbox.mbox"), "From x\n");
}

describe("removeAbandonedUploadFolders", () => {
  it("removes the folders of this host's processes that are gone, and leaves a running server's, another host's and the rest", async () => {
    const running = startWaitingProcess();
    const killed = startWaitingProcess();
    try {
      killed.stop();
      await killed.exited;
      expect([processIsRunning(running.pid), processIsRunning(killed.pid)]).toEqual([true, false]);
      uploadFolder(processFolderName(running.pid));
      uploadFolder(processFolderName(killed.pid));
      // Another machine or container sharing the folder: its process ids are not this host's.
      uploadFolder(processFolderName(killed.pid, "another-host"));
      // An earlier release's upload folder, whose owner cannot be told.
      uploadFolder("0b9e6d0c-7d1e-4b1a-9a57-2f4a7c3e9e11");
      const removed = await removeAbandonedUploadFolders(folder);
      expect(removed).toEqual([processFolderName(killed.pid)]);
      expect(readdirSync(folder).sort()).toEqual([processFolderName(running.pid), processFolderName(killed.pid, "another-host"), "0b9e6d0c-7d1e-4b1a-9a57-2f4a7c3e9e11"].sort());
    } finally {
      running.stop();
      await running.exited;
    }
  });

  it("removes a folder named after the process starting: an earlier process of the same id left it (a container's pid 1)", async () => {
    uploadFolder(processFolderName(process.pid));
    expect(await removeAbandonedUploadFolders(folder)).toEqual([processFolderName(process.pid)]);
    expect(readdirSync(folder)).toEqual([]);
  });

  it("does nothing when no upload was ever saved", async () => {
    expect(await removeAbandonedUploadFolders(join(folder, "missing"))).toEqual([]);
  });
});
