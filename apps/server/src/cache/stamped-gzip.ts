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
  // Before deflating: Node 20.20's crc32 of an empty buffer that deflateRawSync has read answers 0.
  const crc = zlib.crc32(restBytes, head.crc);
  // Stored, not compressed: a few dozen bytes, and a level-0 stream costs a tenth of a compressing one to start.
  const last = zlib.deflateRawSync(restBytes, { level: 0 });
  const trailer = Buffer.allocUnsafe(8);
  trailer.writeUInt32LE(crc >>> 0, 0);
  trailer.writeUInt32LE((head.bytes + restBytes.length) >>> 0, 4);
  return Buffer.concat([GZIP_HEADER, head.deflated, last, trailer]);
}
