import zlib from 'node:zlib';

/**
 * A kept page compressed once, though every answer ends differently (the time its data was read goes near its end,
 * decision 046): the part before that is deflated once, ending in a full flush (byte-aligned, nothing after it refers
 * back into it), and each answer adds its own last bytes as a stored block and the gzip frame (RFC 1952). Compressing
 * the whole page per answer cost more than the rest of sending it from the store.
 */
export interface DeflatedHead {
  /** Raw deflate of the head, ending in a full flush (no final block). */
  deflated: Buffer;
  /** CRC-32 of the head's bytes. */
  crc: number;
  /** The head's length in bytes. */
  bytes: number;
}

export function deflateHead(head: string): DeflatedHead {
  const bytes = Buffer.from(head);
  return {
    deflated: zlib.deflateRawSync(bytes, { level: 6, finishFlush: zlib.constants.Z_FULL_FLUSH }),
    crc: zlib.crc32(bytes),
    bytes: bytes.length,
  };
}

// A gzip member's header: deflate, no name or time, from a Unix system.
const GZIP_HEADER = Buffer.from([0x1f, 0x8b, 0x08, 0x00, 0, 0, 0, 0, 0x00, 0x03]);

/** The whole page, gzip-compressed: `head` as deflated once, then `rest`. */
export function gzipWithRest(head: DeflatedHead, rest: string): Buffer {
  const restBytes = Buffer.from(rest);
  if (restBytes.length > 0xffff) throw new RangeError('A page ends in at most 65,535 bytes after its head');
  const out = Buffer.allocUnsafe(GZIP_HEADER.length + head.deflated.length + 5 + restBytes.length + 8);
  let at = GZIP_HEADER.copy(out, 0);
  at += head.deflated.copy(out, at);
  // The last block stored as it is (RFC 1951 3.2.4): the head ended in a full flush, so it starts on a byte. Its
  // first byte: last block, stored; then its length and that length's ones' complement. (A zlib stream made for a few
  // dozen bytes cost more than the rest of the answer.)
  out[at++] = 0x01;
  at = out.writeUInt16LE(restBytes.length, at);
  at = out.writeUInt16LE(~restBytes.length & 0xffff, at);
  at += restBytes.copy(out, at);
  at = out.writeUInt32LE(zlib.crc32(restBytes, head.crc) >>> 0, at);
  out.writeUInt32LE((head.bytes + restBytes.length) >>> 0, at);
  return out;
}
