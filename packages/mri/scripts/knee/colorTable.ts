/** Reads a 3D Slicer colour table (`.ctbl`: lines `value name r g b a`, `#` comments) as value → name. */
export function parseColorTable(text: string): Map<number, string> {
  const names = new Map<number, string>();
  for (const line of text.split('\n')) {
    const trimmed = line.trim();
    if (trimmed === '' || trimmed.startsWith('#')) continue;
    const [value, name] = trimmed.split(/\s+/);
    if (value === undefined || name === undefined || !/^\d+$/.test(value)) {
      throw new Error(`bad colour table line: ${line}`);
    }
    names.set(Number(value), name);
  }
  return names;
}
