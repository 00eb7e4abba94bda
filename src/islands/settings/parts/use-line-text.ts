/** The text of a list typed as one line ("24, 2"), kept as typed while it means the draft's value, and following the draft when it changes from elsewhere (a reload). */
import { useState } from 'react';

/** [text, setText]: line is the draft's value written as a line; normalise writes any typed text the same way. */
export function useLineText(line: string, normalise: (text: string) => string): [string, (text: string) => void] {
  const [text, setText] = useState(line);
  const [seen, setSeen] = useState(line);
  if (line !== seen) {
    // The draft changed: unless it is what was typed (written another way), show the draft's.
    setSeen(line);
    if (normalise(text) !== line) setText(line);
  }
  return [text, setText];
}
