/** Recomputes every value of the worked example in docs/scoring.md and compares it with the page. */
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { activityStats } from "./activity-stats.js";
import { connectionScore } from "./connection-score.js";
import { derivedFields } from "./derived-fields.js";
import { hydrateGraph } from "./hydrate-graph.js";
import { pathPower } from "./path-power.js";
import { recommendedPaths } from "./recommended-paths.js";
import { relationshipQuality } from "./relationship-quality.js";
import { strengthLabel } from "./strength-label.js";
import { strongestRelationships } from "./strongest-relationships.js";
import { EXAMPLE_NOW, exampleAffiliations, exampleInteractions, exampleUsers } from "./testing/worked-example.js";
import { toIsoDate } from "./internal/dates.js";

const page = readFileSync(new URL("../../../docs/scoring.md", import.meta.url), "utf8");

function documentedValues(): Map<string, string> {
  const start = page.indexOf("<!-- worked-example:start -->");
  const end = page.indexOf("<!-- worked-example:end -->");
  const rows = page.slice(start, end).split("\n").filter((line) => line.startsWith("| ") && !line.startsWith("| Quantity"));
  return new Map(rows.map((row) => row.split("|").map((cell) => cell.trim())).map((cells) => [cells[1] ?? "", cells[2] ?? ""]));
}

describe("the worked example of docs/scoring.md", () => {
  const graph = hydrateGraph({ interactions: exampleInteractions, internalUsers: exampleUsers, affiliations: exampleAffiliations });
  const now = EXAMPLE_NOW;
  const score = (first: string, second: string): number => connectionScore(graph, first, second, { now });
  const toDana = recommendedPaths(graph, { entity: "person", uuid: "dana" }, { now });
  const toAcme = recommendedPaths(graph, { entity: "company", uuid: "acme" }, { now });
  const item = (response: typeof toDana, user: string) => response.items.find((candidate) => candidate.user_uuid === user);
  const acme = pathPower(graph, { entity: "company", uuid: "acme" }, { now });
  const dana = activityStats(graph, { entity: "person", uuid: "dana" }, { now });
  const counts = (period: string): string => {
    const found = dana.periods.find((candidate) => candidate.period === period)?.activity_counts;
    return `${found?.emails} emails, ${found?.meetings} meeting${found?.meetings === 1 ? "" : "s"}`;
  };
  const next = derivedFields(graph, { entity: "person", uuid: "dana" }, { now });

  const computed = new Map<string, string>([
    ["connection_score ada–cleo", String(score("ada", "cleo"))],
    ["rq_pretty user-ada → cleo", String(relationshipQuality(graph, "user-ada", "cleo", { now })?.rq_pretty)],
    ["strength_label ada–cleo", String(strengthLabel(score("ada", "cleo")))],
    ["rq_reason user-ada → cleo", String(relationshipQuality(graph, "user-ada", "cleo", { now })?.rq_reason)],
    ["connection_score cleo–dana", String(score("cleo", "dana"))],
    ["connection_score cleo–eve", String(score("cleo", "eve"))],
    ["connection_score ben–dana", String(score("ben", "dana"))],
    ["connection_score ada–eve", String(score("ada", "eve"))],
    ["connection_score ada–dana", String(score("ada", "dana"))],
    ["connection_score ben–cleo", String(score("ben", "cleo"))],
    ["rq_reason user-ben → dana", String(relationshipQuality(graph, "user-ben", "dana", { now })?.rq_reason)],
    ["paths to dana, ranking", toDana.items.map((entry) => entry.user_uuid).join(", ")],
    ["paths to dana, user-ben connection_score", String(item(toDana, "user-ben")?.connection_score)],
    ["paths to dana, user-ada connection_score", String(item(toDana, "user-ada")?.connection_score)],
    [
      "paths to dana, user-ada path",
      (item(toDana, "user-ada")?.paths[0] ?? []).map((hop) => `${hop.person_uuid} (${hop.connection_score})`).join(" → "),
    ],
    ["paths to dana, user-ada priority_score", String(item(toDana, "user-ada")?.priority_management[0]?.priority_score)],
    ["pathpower dana", String(pathPower(graph, { entity: "person", uuid: "dana" }, { now }).score)],
    ["pathpower eve", String(pathPower(graph, { entity: "person", uuid: "eve" }, { now }).score)],
    ["pathpower acme", String(acme.score)],
    ["pathpower acme score_display", String(acme.score_display)],
    ["pathpower acme strength_label", String(acme.strength_label)],
    ["paths to acme, ranking", toAcme.items.map((entry) => entry.user_uuid).join(", ")],
    ["paths to acme, user-ada connection_score", String(item(toAcme, "user-ada")?.connection_score)],
    ["paths to acme, user-ada path_count", String(item(toAcme, "user-ada")?.path_count)],
    ["top external contacts of acme", toAcme.top_external_contacts.map((contact) => `${contact.person_uuid} (${contact.connection_score})`).join(", ")],
    [
      "strongest_relationships acme",
      (strongestRelationships(graph, { entity: "company", uuid: "acme" }, { now }) ?? [])
        .map((row) => `${row.user_uuid} (${row.rq_pretty}, ${row.person_uuid})`)
        .join(", "),
    ],
    ["activity dana 30_days", counts("30_days")],
    ["activity dana 90_days", counts("90_days")],
    ["next meeting of dana", `${next.next_meeting_id}, ${toIsoDate(next.next_meeting_at ?? 0)}, ${next.next_meeting_title}, with ${next.next_meeting_with_user_uuid}`],
  ]);

  it("documents exactly the quantities the test computes", () => {
    expect([...documentedValues().keys()]).toEqual([...computed.keys()]);
  });

  it.each([...computed])("%s = %s", (label, value) => {
    expect(documentedValues().get(label)).toBe(value);
  });

  it("matches the hand computation of the page", () => {
    expect(score("ada", "cleo")).toBe(Math.round((4.25 / 12.25) * 1e9) / 1e9);
    expect(score("cleo", "dana")).toBe(Math.round((1 / 33) * 1e9) / 1e9);
    expect(acme.score).toBe(Math.round((7.4 / 33) * 1e9) / 1e9);
  });
});
