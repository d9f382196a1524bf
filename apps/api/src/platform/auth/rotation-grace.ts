/** How long a key replaced by a rotation keeps working: loaded without the store, for the command's help. */

/** The grace period unless told: a day, to deploy the new key everywhere the old one is. */
export const DEFAULT_ROTATION_GRACE_HOURS = 24;

/** The longest grace period: a replaced key that works for months is not replaced. */
export const MAXIMUM_ROTATION_GRACE_HOURS = 720;
