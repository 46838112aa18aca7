// A reproducible hash of a string, the triage's only source of chance (audit draws, which half of
// the answers grows the flagged partitions): FNV-1a with murmur3's final avalanche (fmix32), since
// FNV alone orders ids that differ in their last character alike.
export function mixedHash(s: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < s.length; i++) h = Math.imul(h ^ s.charCodeAt(i), 0x01000193);
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  h ^= h >>> 16;
  return h >>> 0;
}
