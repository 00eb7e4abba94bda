/**
 * A name (diner's, restaurant's: hostile text) made safe to print inside a sentence as far as direction goes: a
 * right-to-left override or isolate typed into it ends with it, and never turns the words after it around (a mail
 * subject's time, an SMS's link). The site has its own (src/lib/text/bidi-isolate.ts); this is the server's and the shared one.
 */

const FSI = '\u2068';
const PDI = '\u2069';
const PDF = '\u202C';
/** LRE, RLE, LRO, RLO: closed by PDF. */
const EMBEDDINGS = new Set(['\u202A', '\u202B', '\u202D', '\u202E']);
/** LRI, RLI, FSI: closed by PDI. */
const ISOLATES = new Set(['\u2066', '\u2067', '\u2068']);
/** Bidi controls and marks, and letters of right-to-left scripts: a name holding none is printed as it is. */
const DIRECTIONAL = /[\u200E\u200F\u061C\u202A-\u202E\u2066-\u2069\u0590-\u08FF\uFB1D-\uFDFF\uFE70-\uFEFF]|\uD802[\uDC00-\uDFFF]|\uD83A[\uDC00-\uDFFF]/;

/**
 * `name` between FSI and PDI when it holds anything directional (else unchanged: a Latin name stays GSM-7 in an SMS),
 * its own controls balanced: a PDF or PDI closing nothing is dropped (it would close the wrapper early), and each isolate
 * it leaves open is closed before the wrapper's PDI (whose end also ends any embedding or override left open).
 */
export function isolatedName(name: string): string {
  if (!DIRECTIONAL.test(name)) return name;
  const open: Array<'embedding' | 'isolate'> = [];
  let out = '';
  for (const char of name) {
    if (EMBEDDINGS.has(char)) open.push('embedding');
    else if (ISOLATES.has(char)) open.push('isolate');
    else if (char === PDF) {
      if (open.at(-1) !== 'embedding') continue;
      open.pop();
    } else if (char === PDI) {
      const isolate = open.lastIndexOf('isolate');
      if (isolate < 0) continue;
      open.length = isolate;
    }
    out += char;
  }
  const unclosed = open.filter((kind) => kind === 'isolate').length;
  return `${FSI}${out}${PDI.repeat(unclosed)}${PDI}`;
}
