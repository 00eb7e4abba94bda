/** A small RFC 5545 reader for tests (no iCalendar parser is installed): unfolds lines, then reads properties by component. */

/** One content line: its name, parameters and value (escapes undone for TEXT values). */
export interface IcsProperty {
  name: string;
  params: Record<string, string>;
  value: string;
}

/** One component (VCALENDAR, VEVENT, ...) with its properties and children. */
export interface IcsComponent {
  type: string;
  properties: IcsProperty[];
  children: IcsComponent[];
  /** The first value of a property, if any. */
  get(name: string): string | undefined;
}

/** Parses an .ics text; throws on a line that is not a content line or on unbalanced BEGIN/END. */
export function parseIcs(text: string): IcsComponent {
  if (!text.includes('\r\n')) throw new Error('content lines must end with CRLF');
  const lines = text
    .replace(/\r\n[ \t]/g, '')
    .split('\r\n')
    .filter((line) => line !== '');
  const stack: IcsComponent[] = [];
  let root: IcsComponent | undefined;
  for (const line of lines) {
    const match = /^([A-Za-z0-9-]+)((?:;[A-Za-z0-9-]+=(?:"[^"]*"|[^";:,]*)(?:,(?:"[^"]*"|[^";:,]*))*)*):(.*)$/.exec(line);
    if (!match) throw new Error(`not a content line: ${line}`);
    const [, rawName, rawParams, rawValue] = match as unknown as [string, string, string, string];
    const name = rawName.toUpperCase();
    const params: Record<string, string> = {};
    for (const param of rawParams.match(/;[^;=]+=(?:"[^"]*"|[^;]*)/g) ?? []) {
      const [key, ...value] = param.slice(1).split('=');
      params[key!.toUpperCase()] = value.join('=').replace(/^"|"$/g, '');
    }
    if (name === 'BEGIN') {
      const component = newComponent(rawValue.toUpperCase());
      (stack.at(-1)?.children ?? []).push(component);
      if (!root) root = component;
      stack.push(component);
    } else if (name === 'END') {
      if (stack.pop()?.type !== rawValue.toUpperCase()) throw new Error(`unbalanced END:${rawValue}`);
    } else {
      const value = rawValue.replace(/\\([\\;,nN])/g, (_, char: string) => (char.toLowerCase() === 'n' ? '\n' : char));
      stack.at(-1)?.properties.push({ name, params, value });
    }
  }
  if (!root || stack.length > 0) throw new Error('unbalanced BEGIN');
  return root;
}

function newComponent(type: string): IcsComponent {
  const component: IcsComponent = {
    type,
    properties: [],
    children: [],
    get: (name) => component.properties.find((property) => property.name === name.toUpperCase())?.value,
  };
  return component;
}
