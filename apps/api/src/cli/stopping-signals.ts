/**
 * The signals on which a long-running command stops cleanly rather than dying where it stands: Ctrl-C, a service
 * manager's stop, and a hangup (a closed terminal or ssh session, a process manager's HUP). Rapport has no
 * configuration to reload in place, so a hangup means stop, as for most Node servers. Node resets a SIGHUP that
 * `nohup` ignored at start, so without this a hangup ends even a `nohup rapport ...` at once.
 */
export const STOPPING_SIGNALS = ["SIGINT", "SIGTERM", "SIGHUP"] as const;
