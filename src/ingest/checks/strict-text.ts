/**
 * Text from upstream is decoded strictly: bytes that are not UTF-8 (a file re-encoded as Latin-1)
 * or U+FFFD replacement characters (text already damaged by a lossy decode) are an error that
 * quarantines the release, never labels served with the damage in them.
 */
export class TextEncodingError extends Error {
  override name = 'TextEncodingError';
}

const REPLACEMENT = '\uFFFD';

/** The bytes as UTF-8 text (a byte-order mark dropped); throws TextEncodingError naming where it fails. */
export function decodeUtf8Strict(bytes: Uint8Array, what: string): string {
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true, ignoreBOM: false }).decode(bytes);
  } catch {
    throw new TextEncodingError(
      `${what}: not valid UTF-8 at byte ${firstInvalidUtf8(bytes)} (a file saved in another encoding?)`,
    );
  }
  rejectReplacementCharacters(text, what);
  return text;
}

/** Throws TextEncodingError when the text holds U+FFFD, naming the line it is on. */
export function rejectReplacementCharacters(text: string, what: string): void {
  const at = text.indexOf(REPLACEMENT);
  if (at < 0) return;
  const line = text.slice(0, at).split('\n').length;
  const context = text.slice(Math.max(0, at - 30), at + 30).replace(/\s+/g, ' ');
  throw new TextEncodingError(
    `${what}: a U+FFFD replacement character on line ${line} ("${context}"): the text was damaged by a lossy conversion`,
  );
}

/** Offset of the first byte where UTF-8 decoding fails (for the message). */
function firstInvalidUtf8(bytes: Uint8Array): number {
  let i = 0;
  while (i < bytes.length) {
    const b = bytes[i]!;
    const length = b < 0x80 ? 1 : b >= 0xc2 && b < 0xe0 ? 2 : b >= 0xe0 && b < 0xf0 ? 3 : b >= 0xf0 && b < 0xf5 ? 4 : 0;
    if (length === 0 || i + length > bytes.length) return i;
    for (let k = 1; k < length; k++) if ((bytes[i + k]! & 0xc0) !== 0x80) return i;
    i += length;
  }
  return i;
}
