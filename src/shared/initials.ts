// Words too common in restaurant names to stand for the name in a monogram.
const FILLERS = new Set(['le', 'la', 'les', "l'", 'chez', 'au', 'aux', 'du', 'de', 'des', 'the', 'el', 'il', 'lo', 'da', 'di', 'et', '&', 'and']);

/** One or two capital letters standing for a name in a placeholder logo ("Le Petit Zinc" gives "PZ"). */
export function initials(name: string): string {
  const words = name
    .split(/\s+/)
    .map((word) => word.replace(/^[^\p{L}\p{N}]+/u, ''))
    .filter((word) => word.length > 0);
  const meaningful = words.filter((word) => !FILLERS.has(word.toLowerCase()));
  const chosen = meaningful.length > 0 ? meaningful : words;
  const letters = chosen.slice(0, 2).map((word) => [...word][0] ?? '');
  return letters.join('').toLocaleUpperCase('fr') || '?';
}
