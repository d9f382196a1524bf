/**
 * @module
 * A limit on the work of expanding one recurring event. ical.js steps through every candidate instant from the
 * series' DTSTART: a rule repeating every second since 2000 takes hundreds of millions of steps before a window in
 * 2026, and a rule that never matches (`FREQ=DAILY;BYMONTH=2;BYMONTHDAY=30`) loops inside a single `next()`
 * for ever. Either would hold the import, and a server's event loop, indefinitely. ical.js (pinned at 2.2.1) checks
 * each candidate with `RecurIterator.prototype.check_contracting_rules`; counting those calls measures the steps,
 * wherever they are taken.
 */
import ICAL from "ical.js";

/** What is left of a series' steps; shared by every `next()` of its expansion. */
export interface StepBudget {
  left: number;
}

/** Thrown by a step beyond the budget, from inside ical.js; caught by `withinStepBudget`'s caller. */
export class StepBudgetExceeded extends Error {
  override readonly name = "StepBudgetExceeded";
}

/** The budget of the expansion running now: set and cleared synchronously around each call into ical.js. */
let active: StepBudget | null = null;

const checkContractingRules = ICAL.RecurIterator.prototype.check_contracting_rules;
ICAL.RecurIterator.prototype.check_contracting_rules = function countedCheck(this: InstanceType<typeof ICAL.RecurIterator>) {
  if (active !== null && --active.left < 0) throw new StepBudgetExceeded("recurrence step budget exceeded");
  return checkContractingRules.call(this);
};

/**
 * Runs `expand` (synchronous calls into ical.js: `event.iterator()`, `iterator.next()`) counting its recurrence
 * steps against `budget`; throws StepBudgetExceeded when they exceed it.
 *
 * @example
 * const budget = { left: 50_000 };
 * const next = withinStepBudget(budget, () => iterator.next());
 */
export function withinStepBudget<Result>(budget: StepBudget, expand: () => Result): Result {
  active = budget;
  try {
    return expand();
  } finally {
    active = null;
  }
}
