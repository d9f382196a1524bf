/**
 * @module
 * postal-mime with each text part in a charset it misreads (see mail-charsets.ts) decoded through iconv-lite,
 * part by part, before postal-mime joins the parts into one body. It hooks postal-mime's internal
 * `collectNode`, which sorts every part of the parsed tree once its bytes are decoded from their transfer
 * encoding: a text part's bytes are replaced by their UTF-8 text and its charset by `utf-8`.
 *
 * The hook sits on postal-mime's prototype, not on a subclass, because postal-mime parses a message/rfc822
 * part shown inline with a parser of its own class, so it acts on every postal-mime parse in the process once
 * this module is loaded (the mail import is postal-mime's only user). Not scoped with an AsyncLocalStorage:
 * on Node 20 that puts a hook on every promise, and postal-mime awaits once a line. The version is pinned;
 * the check below stops the import loudly should an upgrade drop the hook.
 */
import PostalMime, { type Email } from "postal-mime";
import { decodeMailText, decodesAsItself, iconvCharsetFor } from "./mail-charsets.js";

/** The part of postal-mime's MimeNode this reads and writes. */
interface MimeNodeFields {
  contentType: { multipart?: string | false | null; parsed: { value: string; params: Record<string, string | undefined> } };
  content: ArrayBuffer | null;
}
type CollectNode = (this: PostalMime, node: MimeNodeFields, alternative: unknown, related: boolean) => Promise<void>;

const postalMimeInternals = PostalMime.prototype as unknown as { collectNode?: CollectNode };
const originalCollectNode = postalMimeInternals.collectNode;
if (typeof originalCollectNode !== "function") throw new Error("postal-mime no longer has collectNode: mail charsets cannot be decoded per part");
const utf8 = new TextEncoder();

function decodeTextPartWithIconv(node: MimeNodeFields): void {
  if (node.contentType.multipart || !node.content || !node.contentType.parsed.value.startsWith("text/")) return;
  const label = node.contentType.parsed.params.charset;
  const encoding = label ? iconvCharsetFor(label) : null;
  if (encoding === null) return;
  const bytes = new Uint8Array(node.content);
  if (decodesAsItself(bytes, encoding)) return;
  const text = utf8.encode(decodeMailText(bytes, encoding));
  node.content = text.buffer.slice(text.byteOffset, text.byteOffset + text.byteLength) as ArrayBuffer;
  node.contentType.parsed.params.charset = "utf-8";
}

postalMimeInternals.collectNode = function collectNode(this: PostalMime, node: MimeNodeFields, alternative: unknown, related: boolean) {
  decodeTextPartWithIconv(node);
  return originalCollectNode.call(this, node, alternative, related);
};

/**
 * `raw` parsed by postal-mime, with text parts in charsets it misreads decoded through iconv-lite,
 * the parts of a message/rfc822 part it parses inline too.
 *
 * @example
 * const email = await parseMailWithCharsets(Buffer.from("Content-Type: text/plain; charset=cp437\r\n\r\n\x82", "latin1"));
 * email.text; // "é\n"
 */
export function parseMailWithCharsets(raw: Buffer): Promise<Email> {
  return PostalMime.parse(raw);
}
