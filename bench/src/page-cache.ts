/**
 * @module
 * What the system's page cache did during a run: how much was read from disk, how much of it had been in
 * the cache before and was dropped, and whether the system drops idle pages on its own (DAMON's proactive
 * reclaim, as some virtual machines run it). A figure that read its database's pages back from disk is
 * slower for a reason outside Rapport; the report shows it beside each measurement group.
 */
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";

/** Counters of `/proc/vmstat`, system-wide, since boot. */
export interface PageCacheCounters {
  /** File pages read again after the cache had dropped them (`workingset_refault_file`). */
  refaultedFilePages: number;
  /** KiB read from block devices (`pgpgin`). */
  readKiB: number;
}

/** What a stretch of the run read, in MiB. */
export interface PageCacheReads {
  /** Read from disk, whatever the reason. */
  diskReadMiB: number;
  /** Of the file pages read, those the cache had held and dropped (4 KiB pages). */
  refaultedFileMiB: number;
}

const PAGE_KIB = 4;

/**
 * The counters in the text of `/proc/vmstat`; null when either is missing.
 * @example parseVmstat("pgpgin 2048\nworkingset_refault_file 10\n"); // { refaultedFilePages: 10, readKiB: 2048 }
 */
export function parseVmstat(text: string): PageCacheCounters | null {
  const values = new Map<string, number>();
  for (const line of text.split("\n")) {
    const [name, value] = line.trim().split(/\s+/);
    if (name !== undefined && value !== undefined && /^\d+$/.test(value)) values.set(name, Number(value));
  }
  const refaulted = values.get("workingset_refault_file");
  const read = values.get("pgpgin");
  return refaulted === undefined || read === undefined ? null : { refaultedFilePages: refaulted, readKiB: read };
}

/** The system's counters now; null where `/proc/vmstat` cannot be read (not Linux) or lacks them. */
export function readPageCacheCounters(path = "/proc/vmstat"): PageCacheCounters | null {
  try {
    return parseVmstat(readFileSync(path, "utf8"));
  } catch {
    return null;
  }
}

/**
 * What was read between two readings of the counters; null when either is missing.
 * @example pageCacheReads({ refaultedFilePages: 0, readKiB: 0 }, { refaultedFilePages: 256, readKiB: 2048 }); // { diskReadMiB: 2, refaultedFileMiB: 1 }
 */
export function pageCacheReads(before: PageCacheCounters | null, after: PageCacheCounters | null): PageCacheReads | null {
  if (before === null || after === null) return null;
  const mebibytes = (kib: number) => Math.round((Math.max(0, kib) / 1024) * 10) / 10;
  return {
    diskReadMiB: mebibytes(after.readKiB - before.readKiB),
    refaultedFileMiB: mebibytes((after.refaultedFilePages - before.refaultedFilePages) * PAGE_KIB),
  };
}

const readText = (path: string): string | null => {
  try {
    return readFileSync(path, "utf8").trim();
  } catch {
    return null;
  }
};

/** The number a sysfs file holds; NaN when the file is missing or holds something else. */
const readNumber = (path: string): number => {
  const text = readText(path);
  return text === null || text === "" ? Number.NaN : Number(text);
};

const entries = (path: string): string[] => {
  try {
    return readdirSync(path).filter((name) => /^\d+$/.test(name));
  } catch {
    return [];
  }
};

/** Whether one of a scheme's filters keeps anonymous memory out of it (a `type anon`, `matching Y`, `allow N` filter). */
function excludesAnonymousMemory(scheme: string): boolean {
  for (const folder of ["filters", "ops_filters", "core_filters"]) {
    for (const filter of entries(join(scheme, folder))) {
      const path = join(scheme, folder, filter);
      if (readText(join(path, "type")) === "anon" && readText(join(path, "matching")) === "Y" && readText(join(path, "allow")) === "N") return true;
    }
  }
  return false;
}

/**
 * The system's proactive reclaim of idle pages, when it runs one: each running DAMON scheme whose action is
 * `pageout`, described with the idle time after which a page goes and the most it pages out a second (its
 * quota). Null when none runs or the system has no DAMON sysfs interface.
 * @example describeProactiveReclaim(); // "DAMON pages out file pages (the page cache) idle 60 s or more (up to 128 MiB a second)"
 */
export function describeProactiveReclaim(root = "/sys/kernel/mm/damon/admin/kdamonds"): string | null {
  const schemes: string[] = [];
  for (const kdamond of entries(root)) {
    if (readText(join(root, kdamond, "state")) !== "on") continue;
    const contexts = join(root, kdamond, "contexts");
    for (const context of entries(contexts)) {
      const aggregationMicroseconds = readNumber(join(contexts, context, "monitoring_attrs", "intervals", "aggr_us"));
      const schemesPath = join(contexts, context, "schemes");
      for (const scheme of entries(schemesPath)) {
        const path = join(schemesPath, scheme);
        if (readText(join(path, "action")) !== "pageout") continue;
        const minimumAge = readNumber(join(path, "access_pattern", "age", "min"));
        const idleSeconds = (minimumAge * aggregationMicroseconds) / 1e6;
        const quotaBytes = readNumber(join(path, "quotas", "bytes"));
        const quotaMilliseconds = readNumber(join(path, "quotas", "reset_interval_ms"));
        const idle = Number.isFinite(idleSeconds) ? ` idle ${Math.round(idleSeconds)} s or more` : "";
        const what = excludesAnonymousMemory(path) ? "file pages (the page cache)" : "memory";
        const quota =
          quotaBytes > 0 && quotaMilliseconds > 0 ? ` (up to ${Math.round(quotaBytes / 2 ** 20 / (quotaMilliseconds / 1000))} MiB a second)` : "";
        schemes.push(`DAMON pages out ${what}${idle}${quota}`);
      }
    }
  }
  return schemes.length === 0 ? null : [...new Set(schemes)].join("; ");
}
