import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { describeProactiveReclaim, pageCacheReads, parseVmstat, readPageCacheCounters } from "./page-cache.js";
import { renderMarkdown, type BenchReport } from "./report.js";

describe("the page cache's counters", () => {
  it("reads the refaulted file pages and the KiB read from disk out of /proc/vmstat's text", () => {
    expect(parseVmstat("nr_free_pages 12\npgpgin 2048\npgpgout 9\nworkingset_refault_file 10\n")).toEqual({ refaultedFilePages: 10, readKiB: 2048 });
    expect(parseVmstat("pgpgin 2048\n")).toBeNull();
    expect(parseVmstat("")).toBeNull();
  });

  it("gives what a stretch read, in MiB, and nothing when a reading is missing", () => {
    const before = { refaultedFilePages: 100, readKiB: 1000 };
    expect(pageCacheReads(before, { refaultedFilePages: 100 + 512, readKiB: 1000 + 5 * 1024 })).toEqual({ diskReadMiB: 5, refaultedFileMiB: 2 });
    expect(pageCacheReads(before, before)).toEqual({ diskReadMiB: 0, refaultedFileMiB: 0 });
    expect(pageCacheReads(null, before)).toBeNull();
    expect(pageCacheReads(before, null)).toBeNull();
  });

  it("is null where the file cannot be read", () => {
    expect(readPageCacheCounters(join(tmpdir(), "no-such-vmstat"))).toBeNull();
  });
});

describe("the system's proactive reclaim", () => {
  const root = mkdtempSync(join(tmpdir(), "rapport-damon-"));
  afterAll(() => rmSync(root, { recursive: true, force: true }));
  const write = (path: string, text: string) => {
    mkdirSync(dirname(join(root, path)), { recursive: true });
    writeFileSync(join(root, path), `${text}\n`);
  };
  const scheme = "kdamonds/0/contexts/0/schemes/0";
  write("kdamonds/nr_kdamonds", "1");
  write("kdamonds/0/state", "on");
  write("kdamonds/0/contexts/0/monitoring_attrs/intervals/aggr_us", "5000000");
  write(`${scheme}/action`, "pageout");
  write(`${scheme}/access_pattern/age/min`, "12");
  write(`${scheme}/quotas/bytes`, String(128 * 2 ** 20));
  write(`${scheme}/quotas/reset_interval_ms`, "1000");

  it("describes a running pageout scheme: how long a page stays idle before it goes, and the most a second", () => {
    expect(describeProactiveReclaim(join(root, "kdamonds"))).toBe("DAMON pages out memory idle 60 s or more (up to 128 MiB a second)");
    write(`${scheme}/ops_filters/0/type`, "anon");
    write(`${scheme}/ops_filters/0/matching`, "Y");
    write(`${scheme}/ops_filters/0/allow`, "N");
    expect(describeProactiveReclaim(join(root, "kdamonds"))).toBe("DAMON pages out file pages (the page cache) idle 60 s or more (up to 128 MiB a second)");
  });

  it("leaves out what a scheme's files do not tell", () => {
    const bare = "kdamonds/1/contexts/0/schemes/0";
    write("kdamonds/1/state", "on");
    write(`${bare}/action`, "pageout");
    expect(describeProactiveReclaim(join(root, "kdamonds"))).toBe(
      "DAMON pages out file pages (the page cache) idle 60 s or more (up to 128 MiB a second); DAMON pages out memory",
    );
    write("kdamonds/1/state", "off");
  });

  it("is null when no scheme pages out, when the monitor is off, and without DAMON", () => {
    write(`${scheme}/action`, "stat");
    expect(describeProactiveReclaim(join(root, "kdamonds"))).toBeNull();
    write(`${scheme}/action`, "pageout");
    write("kdamonds/0/state", "off");
    expect(describeProactiveReclaim(join(root, "kdamonds"))).toBeNull();
    write("kdamonds/0/state", "on");
    expect(describeProactiveReclaim(join(root, "missing"))).toBeNull();
  });
});

describe("the report's reads from disk", () => {
  const report: BenchReport = {
    scale: "S",
    startedAt: "now",
    durationSeconds: 1,
    machine: { cores: 2, cpuModel: "cpu", memoryGiB: 24, node: "v20", platform: "linux-x64", loadAverageAtStart: [0, 0, 0], loadAverageAtEnd: [0, 0, 0] },
    dataset: {},
    peakRssMiB: 100,
    measurements: [],
  };

  it("lists each group's reads beside the run's and the reclaim", () => {
    const markdown = renderMarkdown({
      ...report,
      pageCache: {
        proactiveReclaim: "DAMON pages out memory idle 60 s or more",
        run: { diskReadMiB: 3500, refaultedFileMiB: 3400 },
        groups: { "graph-hydration": { diskReadMiB: 3300, refaultedFileMiB: 3250 }, paths: { diskReadMiB: 0, refaultedFileMiB: 0 }, rankings: { diskReadMiB: 2.5, refaultedFileMiB: 0.4 } },
      },
    });
    expect(markdown).toContain(
      "Read from disk during the run: 3500 MiB, 3400 MiB of it file pages the page cache had held and dropped; proactive reclaim: DAMON pages out memory idle 60 s or more.",
    );
    expect(markdown).toContain("| graph-hydration | 3300 | 3250 |");
    expect(markdown).toContain("| paths | 0.0 | 0.0 |");
    expect(markdown).toContain("| rankings | 2.5 | 0.4 |");
  });

  it("says when the system does not tell, and leaves the section out of reports made before it", () => {
    const markdown = renderMarkdown({ ...report, pageCache: { proactiveReclaim: null, run: null, groups: {} } });
    expect(markdown).toContain("The system does not tell its reads from disk (no /proc/vmstat); no proactive reclaim of idle pages found.");
    expect(renderMarkdown(report)).not.toContain("## Reads from disk");
  });
});
