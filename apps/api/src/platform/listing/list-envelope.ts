/** The list envelope every list response shares: items, page, per_page, total, has_more, next_cursor. */
import { z } from "zod";

export function listEnvelopeSchema<Item extends z.ZodType>(item: Item) {
  return z.object({
    items: z.array(item),
    page: z.number().int().describe("The page served, 1-indexed."),
    per_page: z.number().int().describe("Items per page after clamping to 1-50."),
    total: z
      .number()
      .int()
      .nullable()
      .describe("Size of the whole filtered set; null on the cursor path (use has_more)."),
    has_more: z.boolean().describe("Whether a further page exists."),
    next_cursor: z
      .string()
      .nullable()
      .describe("Pass as cursor to get the next page; null on the last page or where cursors are not supported."),
  });
}

export interface ListEnvelope<Item> {
  items: Item[];
  page: number;
  per_page: number;
  total: number | null;
  has_more: boolean;
  next_cursor: string | null;
}
