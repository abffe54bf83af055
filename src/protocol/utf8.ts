/**
 * UTF-8 byte counting without `TextEncoder` allocations: the unit of the
 * course's byte figures (a catalog's size is the UTF-8 length of its JSON).
 * Messages on the wire are UTF-8 (https://modelcontextprotocol.io/specification/2026-07-28/basic/transports/stdio).
 */

/** UTF-8 length of a string in bytes, without allocating (lone surrogates count 3, as the encoder writes U+FFFD). */
export function utf8Length(text: string): number {
  let n = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c < 0x80) n += 1;
    else if (c < 0x800) n += 2;
    else if (c >= 0xd800 && c <= 0xdbff && i + 1 < text.length) {
      const d = text.charCodeAt(i + 1);
      if (d >= 0xdc00 && d <= 0xdfff) {
        n += 4;
        i++;
      } else n += 3;
    } else n += 3;
  }
  return n;
}
