/**
 * @module
 * Tells a LinkedIn connections export (`Connections.csv`) by its header row: its rows give each connection's current
 * company and title as the connection keeps them, so a newer export moves on the jobs an older one set.
 */
import type { PersonJobSource } from "@rapport/store";
import { headerKey } from "./column-mapping.js";

/** The columns every LinkedIn connections export has had (the `URL` and `Email Address` columns came and went). */
const LINKEDIN_CONNECTIONS_COLUMNS = ["firstname", "lastname", "company", "position", "connectedon"];

/**
 * `linkedin_connections` for the header row of a LinkedIn connections export, else null (any other CSV: which system
 * wrote it and when is not known).
 *
 * @example
 * jobSourceOfHeader(["First Name", "Last Name", "URL", "Email Address", "Company", "Position", "Connected On"]); // "linkedin_connections"
 */
export function jobSourceOfHeader(headers: readonly string[]): PersonJobSource | null {
  const keys = new Set(headers.map(headerKey));
  return LINKEDIN_CONNECTIONS_COLUMNS.every((column) => keys.has(column)) ? "linkedin_connections" : null;
}
