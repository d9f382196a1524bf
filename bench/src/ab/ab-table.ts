/** @module The records of an A/B of the batch endpoints (`ab-batches.ts`) and their table. */
import { pairedDifferences, type Pair } from "./paired-differences.js";

/** The two builds compared: A, the one read against, and B. */
export type Side = "a" | "b";

/** One batch's figures on one server. */
export interface Asking {
  wallMs: number;
  cpuMs: number;
  userTicks: number;
  systemTicks: number;
  minorFaults: number;
  bytes: number;
  sha1: string;
}

/** One batch sent to both servers, moments apart; `firstSent` the server asked first. */
export interface PairRecord {
  phase: "first" | "again";
  resource: "persons" | "companies";
  index: number;
  firstSent: Side;
  a: Asking;
  b: Asking;
}

/** The table of a run: per phase and resource, processor time and wall time as paired differences (b − a). */
export function abTable(records: readonly PairRecord[]): string {
  const lines = ["| batches | pairs | cpu ms a | cpu ms b | b − a, median (quartiles) | b lower in | wall ms a | wall ms b | wall b − a | system share a / b | same bytes |", "|---|---|---|---|---|---|---|---|---|---|---|"];
  const cell = (value: number) => value.toFixed(1);
  for (const phase of ["first", "again"] as const) {
    for (const resource of ["persons", "companies"] as const) {
      const group = records.filter((record) => record.phase === phase && record.resource === resource);
      if (group.length === 0) continue;
      const cpu = pairedDifferences(group.map((record): Pair => ({ a: record.a.cpuMs, b: record.b.cpuMs })));
      const wall = pairedDifferences(group.map((record): Pair => ({ a: record.a.wallMs, b: record.b.wallMs })));
      const share = (side: Side) => {
        const system = group.reduce((sum, record) => sum + record[side].systemTicks, 0);
        const all = group.reduce((sum, record) => sum + record[side].userTicks + record[side].systemTicks, 0);
        return all === 0 ? "-" : `${Math.round((100 * system) / all)}%`;
      };
      const same = group.filter((record) => record.a.sha1 === record.b.sha1).length;
      lines.push(
        `| ${resource} ${phase === "first" ? "first asking" : "asked again"} | ${cpu.pairs} | ${cell(cpu.medianA)} | ${cell(cpu.medianB)} | ${cell(cpu.medianDifference)} (${cell(cpu.lowerQuartile)} to ${cell(cpu.upperQuartile)}) | ${cpu.bLower} | ${cell(wall.medianA)} | ${cell(wall.medianB)} | ${cell(wall.medianDifference)} | ${share("a")} / ${share("b")} | ${same} |`,
      );
    }
  }
  return `${lines.join("\n")}\n`;
}

