/** Lists the settings edit as one line of text: "24, 2" for reminder hours, "a@x.fr, b@x.fr" for addresses. */

/** The items of a comma-, semicolon- or space-separated line, trimmed, empty ones dropped. */
export function splitList(line: string): string[] {
  return line
    .split(/[\s,;]+/)
    .map((item) => item.trim())
    .filter(Boolean);
}

/** A line of hours as numbers (an item that is not a number stays NaN, so the field shows it wrong). */
export function hoursOf(line: string): number[] {
  return splitList(line).map((item) => (/^\d+$/.test(item) ? Number(item) : Number.NaN));
}

/** The notifications' email as the definition takes it: none, one address, or several. */
export function emailsValue(line: string): string | string[] | undefined {
  const emails = splitList(line);
  return emails.length === 0 ? undefined : emails.length === 1 ? emails[0] : emails;
}

/** The notifications' email (one or several) as one line. */
export function emailsLine(value: string | string[] | undefined): string {
  return Array.isArray(value) ? value.join(', ') : (value ?? '');
}
