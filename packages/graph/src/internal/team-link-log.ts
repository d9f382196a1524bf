/** @module The persons whose links changed, in order, so a copy of the links can catch up. */

/** Entries kept before the log starts over; a copy further behind than that is made afresh. */
const MAXIMUM_ENTRIES = 65_536;

/** An entry meaning the team itself changed (a user marked, unmarked or merged): copies must be made afresh. */
const TEAM_CHANGED = -1;

/**
 * Person indices whose team links (`PersonRecord.internalLinks`, or their edges' first interactions)
 * changed, at absolute positions: a reader remembers the position it has read up to, and finds the
 * entries after it in `since`. The state keeps a second log of the persons whose neighbours changed.
 *
 * @example
 * const log = new TeamLinkLog();
 * const position = log.end;
 * log.changed(7);
 * log.since(position); // [7]
 */
export class TeamLinkLog {
  private base = 0;
  private entries: number[] = [];

  /** The position after the last entry. */
  get end(): number {
    return this.base + this.entries.length;
  }

  /** Person `index`'s team links changed. */
  changed(index: number): void {
    this.push(index);
  }

  /** The team changed: which persons are users, so every person's links and slots. */
  teamChanged(): void {
    this.push(TEAM_CHANGED);
  }

  /**
   * The person indices changed from `position` on, or null when they cannot be told: the log started
   * over after it, or the team changed.
   */
  since(position: number): readonly number[] | null {
    if (position < this.base) return null;
    const entries = this.entries.slice(position - this.base);
    return entries.includes(TEAM_CHANGED) ? null : entries;
  }

  private push(entry: number): void {
    if (this.entries.length >= MAXIMUM_ENTRIES) {
      this.base += this.entries.length;
      this.entries = [];
    }
    this.entries.push(entry);
  }
}
