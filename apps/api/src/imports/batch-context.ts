/** What a writer gets for one batch: the store (a transaction's, in a real run), the run's memory and the batch's counters. */
import type { Email, Meeting, Store, User } from "@rapport/store";
import type { BatchCounts } from "./import-summary.js";
import type { PersonImportTarget } from "./person-import-target.js";
import type { RunState } from "./run-state.js";

export interface BatchContext {
  store: Store;
  tenantUuid: string;
  dryRun: boolean;
  keepBodies: boolean;
  owner: User | null;
  state: RunState;
  counts: BatchCounts;
  target: PersonImportTarget;
  /**
   * Whether the import may change (update or cancel) a stored meeting: a member's import only those the member may
   * change. Asked of the meeting as the batch's transaction read it, under the write lock, so an organizer changed by
   * another process is seen.
   */
  mayChangeMeeting: (meeting: Meeting) => boolean;
  /** Whether the import may keep a body for a stored email it did not create: a member's import only on its own emails. */
  mayAddEmailBody: (email: Email) => boolean;
}

export interface PositionedItem<Item> {
  position: string;
  item: Item;
}

/**
 * Counts each address once per run: its person matched when a person already had it before the batch (`known`: address
 * to person uuid; each person once, whichever of their addresses), created otherwise.
 */
export function countAddresses(context: BatchContext, known: ReadonlyMap<string, string>, addresses: Iterable<string>): void {
  const { state, counts } = context;
  for (const address of new Set(addresses)) {
    if (state.matchedAddresses.has(address) || state.createdAddresses.has(address)) continue;
    const personUuid = known.get(address);
    if (personUuid !== undefined) {
      state.matchedAddresses.add(address);
      if (state.matchedPersons.has(personUuid)) continue;
      state.matchedPersons.add(personUuid);
      counts.persons.matched += 1;
    } else {
      state.createdAddresses.add(address);
      counts.persons.created += 1;
      counts.createdAddresses.push(address);
    }
  }
}

export function countSkip(context: BatchContext, reason: string): void {
  context.counts.skipped[reason] = (context.counts.skipped[reason] ?? 0) + 1;
}
