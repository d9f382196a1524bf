/** Normalization of match keys shared by every write and lookup. */

/** Lower-cases and trims an email address, dropping a leading `mailto:`. */
export function normalizeEmail(address: string): string {
  return address.trim().replace(/^mailto:/i, "").trim().toLowerCase();
}
