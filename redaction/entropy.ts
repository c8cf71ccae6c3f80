/** Shannon entropy in bits per character: a filter after a pattern, never a detector on its own. */
const asciiCounts = new Uint32Array(128);

export function shannonEntropy(text: string): number {
  if (text.length === 0) return 0;
  // ASCII in a reused table (candidates are short and many); anything else in a map
  let other: Map<number, number> | null = null;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code < 128) asciiCounts[code]! += 1;
    else (other ??= new Map()).set(code, (other.get(code) ?? 0) + 1);
  }
  let bits = 0;
  const add = (count: number) => {
    const p = count / text.length;
    bits -= p * Math.log2(p);
  };
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code < 128 && asciiCounts[code]! > 0) {
      add(asciiCounts[code]!);
      asciiCounts[code] = 0;
    }
  }
  if (other) for (const count of other.values()) add(count);
  return bits;
}
