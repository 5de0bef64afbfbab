/** UTF-8 size of a value's JSON, as it travels in the request. */
export function jsonBytes(value: unknown): number {
  const json = JSON.stringify(value);
  let bytes = json.length;
  for (let i = 0; i < json.length; i++) {
    const code = json.charCodeAt(i);
    if (code < 0x80) continue;
    // 2 bytes below U+0800; each half of a surrogate pair 2 (4 together); other BMP 3.
    bytes += code < 0x800 || (code >= 0xd800 && code <= 0xdfff) ? 1 : 2;
  }
  return bytes;
}
