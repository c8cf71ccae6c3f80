/**
 * Byte-order marks are certain, so they are acted on without a guess: a UTF-8 BOM is dropped, and
 * UTF-16 (little or big endian, as Windows tools write it) is decoded to UTF-8 on the way. Text
 * without a BOM is read as UTF-8; bytes that are not UTF-8 then show as unreadable lines, loudly.
 */
const UTF8_BOM = Buffer.from([0xef, 0xbb, 0xbf]);
const UTF16LE_BOM = Buffer.from([0xff, 0xfe]);
const UTF16BE_BOM = Buffer.from([0xfe, 0xff]);

export async function* decodeByBom(chunks: AsyncIterable<Buffer>): AsyncGenerator<Buffer> {
  let head: Buffer = Buffer.alloc(0);
  const iterator = chunks[Symbol.asyncIterator]();
  while (head.length < 3) {
    const next = await iterator.next();
    if (next.done) break;
    // the first chunk as it is: a copy would cost a megabyte per file
    head = head.length === 0 ? next.value : Buffer.concat([head, next.value]);
  }
  const rest = { [Symbol.asyncIterator]: () => iterator };
  if (head.subarray(0, 3).equals(UTF8_BOM)) {
    yield head.subarray(3);
    yield* rest;
    return;
  }
  const utf16 = head.subarray(0, 2).equals(UTF16LE_BOM) ? 'utf-16le' : head.subarray(0, 2).equals(UTF16BE_BOM) ? 'utf-16be' : undefined;
  if (!utf16) {
    if (head.length > 0) yield head;
    yield* rest;
    return;
  }
  const decoder = new TextDecoder(utf16); // drops the BOM itself, and keeps a split character for the next chunk
  yield Buffer.from(decoder.decode(head, { stream: true }), 'utf8');
  for await (const chunk of rest) yield Buffer.from(decoder.decode(chunk, { stream: true }), 'utf8');
  const last = decoder.decode();
  if (last) yield Buffer.from(last, 'utf8');
}
