/** @module The two ways one Message-ID is written: as the header writes it, in angle brackets, and bare. */

/**
 * The forms that name the same message as `messageId` (already trimmed): itself first, then the same id with its
 * enclosing angle brackets taken off, or put on. RFC 5322 writes `<id@host>`; mail parsers (and so `rapport
 * import`) keep the brackets, while some mail APIs (JMAP's `messageId`) hand out the id without them, and one
 * email synced both ways must not count twice.
 * @example messageIdForms("<m1@x>"); // ["<m1@x>", "m1@x"]
 * @example messageIdForms("m1@x"); // ["m1@x", "<m1@x>"]
 */
export function messageIdForms(messageId: string): string[] {
  if (messageId.startsWith("<") && messageId.endsWith(">")) {
    const bare = messageId.slice(1, -1).trim();
    return bare === "" || bare.includes("<") || bare.includes(">") ? [messageId] : [messageId, bare];
  }
  if (messageId === "" || messageId.includes("<") || messageId.includes(">")) return [messageId];
  return [messageId, `<${messageId}>`];
}

/**
 * One key for every form of a Message-ID: the bare id where it has one (`<m1@x>` and `m1@x` both give `m1@x`),
 * else the id itself; for sets and maps that must not hold one message twice.
 * @example canonicalMessageId("<m1@x>"); // "m1@x"
 */
export function canonicalMessageId(messageId: string): string {
  const forms = messageIdForms(messageId);
  return forms.find((form) => !form.startsWith("<")) ?? messageId;
}
