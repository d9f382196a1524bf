/**
 * @module
 * The RateLimitCounter port: a count per (subject, window). The in-process implementation serves a
 * single node; a shared one (Redis, the store) serves many nodes behind a load balancer.
 */
export interface RateLimitCounter {
  /**
   * Adds one to the subject's count in the window and returns the count after it. From `exactFrom` on (a limit's last
   * units), a counter shared by several nodes counts where all of them see it at once, so no two take the last unit.
   */
  increment(subject: string, window: string, expiresAt: number, exactFrom?: number): Promise<number>;
  /** The subject's count in the window, without changing it. */
  current(subject: string, window: string): Promise<number>;
}
