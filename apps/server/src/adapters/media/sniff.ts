import { fileTypeFromBuffer } from 'file-type';

export interface SniffedType {
  mime: string;
  ext: string;
}

/** What a file really is, from its magic bytes (never from its name or the browser's claim); null when unknown. */
export async function sniffType(data: Buffer): Promise<SniffedType | null> {
  if (data.length === 0) return null;
  const found = await fileTypeFromBuffer(data);
  return found ? { mime: found.mime, ext: found.ext } : null;
}
