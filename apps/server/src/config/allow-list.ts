/** Parses `LINK_PREVIEW_ALLOW`: exact host:port pairs, separated by commas or spaces; null for a bad entry. */
export function parseAllowList(value: string | undefined): Set<string> | null {
  const entries = (value ?? '').split(/[\s,]+/).filter(Boolean);
  const allowed = new Set<string>();
  for (const entry of entries) {
    const match = /^(.+):(\d{1,5})$/.exec(entry);
    if (!match || !URL.canParse(`http://${match[1]}`)) return null;
    const port = Number(match[2]);
    if (port < 1 || port > 65535) return null;
    allowed.add(`${new URL(`http://${match[1]}`).hostname}:${port}`);
  }
  return allowed;
}
