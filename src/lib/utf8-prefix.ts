/**
 * The text of the first `maxBytes` bytes of UTF-8 `bytes`, without a character cut in two: a cut inside a character
 * ends before it.
 */
export function utf8Prefix(bytes: Uint8Array, maxBytes: number): string {
  let end = Math.min(bytes.byteLength, maxBytes);
  if (end < bytes.byteLength) while (end > 0 && (bytes[end]! & 0xc0) === 0x80) end -= 1;
  return Buffer.from(bytes.buffer, bytes.byteOffset, end).toString('utf8');
}

/** `text` cut to at most `maxBytes` bytes of UTF-8 (whole characters); `text` itself when it fits. */
export function cutToUtf8Bytes(text: string, maxBytes: number): string {
  // A UTF-16 code unit takes at most 3 bytes in UTF-8 (a surrogate pair: 4 for 2).
  if (text.length * 3 <= maxBytes) return text;
  return Buffer.byteLength(text, 'utf8') <= maxBytes ? text : utf8Prefix(Buffer.from(text, 'utf8'), maxBytes);
}
