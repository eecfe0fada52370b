import { parseBuffer } from 'music-metadata';

// Reads a video's duration from its container, and refuses files cut short (a truncated upload).

interface Box {
  type: string;
  start: number;
  end: number;
}

/** The boxes of an ISO BMFF (MP4, QuickTime) region, or null when one runs past the end of the data. */
function boxesIn(data: Buffer, from: number, to: number): Box[] | null {
  const boxes: Box[] = [];
  let offset = from;
  while (offset < to) {
    if (offset + 8 > to) return null;
    let size = data.readUInt32BE(offset);
    const type = data.toString('latin1', offset + 4, offset + 8);
    let header = 8;
    if (size === 1) {
      if (offset + 16 > to) return null;
      const large = data.readBigUInt64BE(offset + 8);
      if (large > BigInt(Number.MAX_SAFE_INTEGER)) return null;
      size = Number(large);
      header = 16;
    } else if (size === 0) {
      size = to - offset; // 'to the end of the file'
    }
    if (size < header || offset + size > to) return null;
    boxes.push({ type, start: offset + header, end: offset + size });
    offset += size;
  }
  return boxes;
}

/** Seconds from the movie header (mvhd), or the fragment header (mehd) of a fragmented file. */
function isoBmffDuration(data: Buffer): number | null {
  const top = boxesIn(data, 0, data.length);
  if (!top) return null;
  const moov = top.find((b) => b.type === 'moov');
  if (!moov || !top.some((b) => b.type === 'mdat')) return null;
  const inMoov = boxesIn(data, moov.start, moov.end);
  const mvhd = inMoov?.find((b) => b.type === 'mvhd');
  if (!inMoov || !mvhd || mvhd.end - mvhd.start < 20) return null;
  const v1 = data[mvhd.start] === 1;
  if (v1 && mvhd.end - mvhd.start < 32) return null;
  const timescale = data.readUInt32BE(mvhd.start + (v1 ? 20 : 12));
  if (timescale === 0) return null;
  let units = v1 ? Number(data.readBigUInt64BE(mvhd.start + 24)) : data.readUInt32BE(mvhd.start + 16);
  const unknown = v1 ? Number.MAX_SAFE_INTEGER : 0xffffffff;
  if (units === 0 || units >= unknown) {
    const mvex = inMoov.find((b) => b.type === 'mvex');
    const mehd = mvex && boxesIn(data, mvex.start, mvex.end)?.find((b) => b.type === 'mehd');
    if (!mehd || mehd.end - mehd.start < 8) return null;
    units =
      data[mehd.start] === 1 && mehd.end - mehd.start >= 12
        ? Number(data.readBigUInt64BE(mehd.start + 4))
        : data.readUInt32BE(mehd.start + 4);
  }
  return units > 0 ? units / timescale : null;
}

/** An EBML variable-length integer at pos: its value (null when 'unknown size') and its length in bytes. */
function vint(data: Buffer, pos: number): { value: number | null; length: number } | null {
  const first = data[pos];
  if (first === undefined || first === 0) return null;
  const length = Math.clz32(first) - 23;
  if (pos + length > data.length) return null;
  let value = first & (0xff >> length);
  let allOnes = value === 0xff >> length;
  for (let i = 1; i < length; i++) {
    const byte = data[pos + i]!;
    value = value * 256 + byte;
    allOnes &&= byte === 0xff;
  }
  return { value: allOnes ? null : value, length };
}

/** WebM: the EBML header and the Segment must fit in the data (a Segment of unknown size cannot be checked). */
function webmComplete(data: Buffer): boolean {
  if (data.readUInt32BE(0) !== 0x1a45dfa3) return false;
  const headerSize = vint(data, 4);
  if (!headerSize || headerSize.value === null) return false;
  const segmentAt = 4 + headerSize.length + headerSize.value;
  if (segmentAt + 4 > data.length || data.readUInt32BE(segmentAt) !== 0x18538067) return false;
  const segmentSize = vint(data, segmentAt + 4);
  if (!segmentSize) return false;
  return segmentSize.value === null || segmentAt + 4 + segmentSize.length + segmentSize.value <= data.length;
}

async function containerDuration(data: Buffer, mime: string): Promise<number | null> {
  try {
    const { format } = await parseBuffer(
      data,
      { mimeType: mime, size: data.length },
      { duration: true, skipCovers: true },
    );
    return format.duration ?? null;
  } catch {
    return null;
  }
}

/**
 * The duration in seconds of an MP4, QuickTime or WebM file (its type already sniffed), or null when the
 * file is unreadable, cut short or carries no duration. music-metadata reads an MP4's duration only
 * from an audio track, so MP4 and QuickTime are read from their movie header first.
 */
export async function readVideoDuration(data: Buffer, mime: string): Promise<number | null> {
  if (data.length < 16) return null;
  let seconds: number | null;
  if (mime === 'video/webm') {
    seconds = webmComplete(data) ? await containerDuration(data, mime) : null;
  } else {
    if (!boxesIn(data, 0, data.length)) return null;
    seconds = isoBmffDuration(data) ?? (await containerDuration(data, mime));
  }
  return seconds !== null && Number.isFinite(seconds) && seconds > 0 ? seconds : null;
}
