/** What the rows of a CSV import are: persons or companies. Its own module so the command line's options load no more. */
export const CSV_ENTITIES = ["persons", "companies"] as const;
export type CsvEntity = (typeof CSV_ENTITIES)[number];
