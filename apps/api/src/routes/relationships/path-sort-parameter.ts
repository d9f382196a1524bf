/** The `sort_by` of every recommended-paths endpoint, single-target and batch alike. */
import { PATH_SORT_FIELDS } from "@rapport/graph";
import { z } from "zod";

export const pathSortParameter = z.enum(PATH_SORT_FIELDS).default("score").describe("Path strength (default) or the user's name.");
