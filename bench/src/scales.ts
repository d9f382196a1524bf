/** The three benchmark scales of issue 7. */
export interface Scale {
  name: "S" | "M" | "L";
  users: number;
  persons: number;
  companies: number;
  interactions: number;
  opportunities: number;
  /** Random path targets measured per question. */
  pathTargets: number;
}

export const SCALES: Record<Scale["name"], Scale> = {
  S: { name: "S", users: 5, persons: 2_000, companies: 200, interactions: 20_000, opportunities: 1_000, pathTargets: 200 },
  M: { name: "M", users: 10, persons: 20_000, companies: 2_000, interactions: 200_000, opportunities: 10_000, pathTargets: 1_000 },
  L: { name: "L", users: 20, persons: 200_000, companies: 20_000, interactions: 2_000_000, opportunities: 100_000, pathTargets: 1_000 },
};
