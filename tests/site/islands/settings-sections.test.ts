import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, test } from 'vitest';
import ChangeEntry from '../../../src/islands/settings/parts/ChangeEntry.tsx';
import { lockedReason, newMemberProblem } from '../../../src/islands/settings/parts/team-edits.ts';
import { addTable, addZone, removeTable, renameTable } from '../../../src/islands/settings/parts/zone-edits.ts';
import type { DefinitionDraft } from '../../../src/islands/settings/definition-draft.ts';
import type { SectionProps } from '../../../src/islands/settings/section-props.ts';
import RulesSection from '../../../src/islands/settings/sections/RulesSection.tsx';
import TeamSection from '../../../src/islands/settings/sections/TeamSection.tsx';
import ZonesSection from '../../../src/islands/settings/sections/ZonesSection.tsx';
import { switchLang } from '../../../src/i18n/i18n.ts';

await switchLang('en');

const draft = (more: Partial<DefinitionDraft> = {}): DefinitionDraft => ({
  slug: 'chez-manon',
  name: 'Chez Manon',
  timezone: 'Europe/Paris',
  address: { address: '1 rue', zip: '75002', city: 'Paris' },
  phone: '+33100000000',
  theme: { primary: '#000', background: '#fff' },
  settings: {
    minClientsPerBookings: 1,
    maxClientsPerBookings: 8,
    keepTableDuration: 15,
    bookingDurationMinutes: 90,
    slotIntervalMinutes: 15,
    minLeadMinutes: 60,
    maxCoversPerSlot: 40,
    autoConfirm: false,
    showZone: true,
    bookingHorizonDays: 90,
    reminderHours: [24, 2],
  },
  shifts: [],
  zones: [{ name: 'Salle', tables: [{ name: 'T1', minSeats: 1, maxSeats: 4 }] }],
  staff: [
    { email: 'owner@x.example', role: 'owner' },
    { email: 'host@x.example', role: 'host' },
  ],
  ...more,
});

function render(section: (props: SectionProps) => unknown, props: Partial<SectionProps> = {}): string {
  return renderToStaticMarkup(
    createElement(section as (props: SectionProps) => null, {
      slug: 'chez-manon',
      draft: draft(),
      errorAt: () => undefined,
      change: () => {},
      role: 'owner',
      ...props,
    }),
  );
}

/** The HTML of the field whose input has this id, up to its closing div. */
function field(html: string, id: string): string {
  const start = html.lastIndexOf('<div class="sp-field">', html.indexOf(`id="${id}"`));
  return html.slice(start, html.indexOf('</div>', html.indexOf(`id="${id}"`)) + 6);
}

describe('the booking rules', () => {
  test('show each number with its unit and the import’s bounds, the horizon and the reminders among them', () => {
    const html = render(RulesSection);
    expect(field(html, 'rules-minLeadMinutes')).toMatch(/Booking closes before the time by.*min="0" max="10080".*value="60".*minutes/);
    expect(field(html, 'rules-bookingHorizonDays')).toMatch(/min="1" max="730".*value="90".*days ahead/);
    expect(field(html, 'rules-maxCoversPerSlot')).toMatch(/value="40".*guests/);
    expect(html).toMatch(/id="rules-reminderHours"[^>]*value="24, 2"/);
    expect(html).toMatch(/id="rules-autoConfirm" type="checkbox"/);
  });

  test('say beside a field what the import would refuse, and the server’s own message first', () => {
    const local = render(RulesSection, { draft: draft({ settings: { ...draft().settings, slotIntervalMinutes: 2, minClientsPerBookings: 9 } }) });
    expect(field(local, 'rules-slotIntervalMinutes')).toContain('<p class="sp-error" id="rules-slotIntervalMinutes-error">A whole number from 5 to 240</p>');
    expect(field(local, 'rules-minClientsPerBookings')).toContain('No more than the most guests per booking');
    const server = render(RulesSection, { errorAt: (path) => (path === 'settings.minLeadMinutes' ? 'at most 10080' : undefined) });
    expect(field(server, 'rules-minLeadMinutes')).toContain('aria-invalid="true"');
    expect(field(server, 'rules-minLeadMinutes')).toContain('>at most 10080</p>');
  });
});

describe('the zones and tables', () => {
  test('list each table with its seats; a zone’s only table cannot be removed; a duplicate name is flagged', () => {
    const zones = [
      { name: 'Salle', tables: [{ name: 'T1', minSeats: 1, maxSeats: 4 }] },
      { name: 'salle', tables: [{ name: 'A', minSeats: 2, maxSeats: 2 }] },
    ];
    const html = render(ZonesSection, { draft: draft({ zones }) });
    expect(html).toMatch(/id="zone-0-table-0-maxSeats"[^>]*value="4"/);
    // A table's removal shows its × and is named for screen readers.
    expect(html).toMatch(
      /<button type="button" class="[^"]*\bsp-remove\b[^"]*" disabled=""><span aria-hidden="true">×<\/span><span class="visually-hidden">Remove table T1<\/span><\/button>/,
    );
    expect(html).toContain('Already used: each name must differ');
  });

  test('adding, renaming and removing tables keep names unique and joined tables true', () => {
    const zone = {
      name: 'Salle',
      tables: [
        { name: 'T1', minSeats: 1, maxSeats: 2 },
        { name: 'T3', minSeats: 1, maxSeats: 2 },
      ],
      combinations: [{ tables: ['T1', 'T3'], minSeats: 2, maxSeats: 4 }],
    };
    expect(addTable(zone).tables.map((table) => table.name)).toEqual(['T1', 'T3', 'T2']);
    expect(renameTable(zone, 0, 'Fenêtre').combinations).toEqual([{ tables: ['Fenêtre', 'T3'], minSeats: 2, maxSeats: 4 }]);
    expect(removeTable(zone, 1)).toEqual({ name: 'Salle', tables: [zone.tables[0]], combinations: [] });
    expect(addZone([{ name: 'Zone 1', tables: [] }], 'Zone ').map((each) => each.name)).toEqual(['Zone 1', 'Zone 2']);
  });
});

describe('the team', () => {
  test('an owner changes roles, removes and adds; the last owner cannot be removed nor lose the role', () => {
    const html = render(TeamSection);
    expect(html).toMatch(/<select id="team-0-role" disabled="">/);
    expect(html).toMatch(
      /disabled="" aria-describedby="team-0-locked"><span aria-hidden="true">Remove<\/span><span class="visually-hidden">Remove owner@x.example<\/span><\/button>/,
    );
    expect(html).toContain('The restaurant keeps at least one owner.');
    expect(html).toMatch(/<select id="team-1-role">/);
    expect(html).toContain('id="team-new-email"');
  });

  test('a manager reads the team without controls', () => {
    const html = render(TeamSection, { role: 'manager' });
    expect(html).toContain('Only an owner changes the team.');
    expect(html).not.toContain('<select');
    expect(html).not.toContain('team-new-email');
    expect(html).toContain('<span>Host</span>');
  });

  test('nobody removes themselves; a new member needs a new, valid address', () => {
    const staff = [
      { email: 'a@x.example', role: 'owner' as const },
      { email: 'b@x.example', role: 'owner' as const },
    ];
    expect(lockedReason(staff, 0, 'A@x.example')).toBe('self');
    expect(lockedReason(staff, 1, 'a@x.example')).toBeUndefined();
    expect(newMemberProblem(staff, 'B@x.example ')).toBe('duplicate');
    expect(newMemberProblem(staff, 'not an address')).toBe('invalid');
    expect(newMemberProblem(staff, 'c@x.example')).toBeUndefined();
  });
});

describe('the history', () => {
  test('an entry says who, when and which fields, and shows hostile values as text', () => {
    const change = {
      at: '2026-11-23T10:00:00Z',
      by: 'provider',
      revision: 3,
      fields: ['name'],
      before: { name: '<b>Old</b>' },
      after: { name: '<img src=x onerror=alert(1)>' },
    };
    const html = renderToStaticMarkup(
      createElement(ChangeEntry, {
        change,
        when: '23 Nov 2026, 11:00',
        t: (key: string, vars?: Record<string, unknown>) => `${key}${vars ? JSON.stringify(vars) : ''}`,
      }),
    );
    expect(html).toContain('settings.history.provider');
    expect(html).toContain('&lt;img src=x onerror=alert(1)&gt;');
    expect(html).not.toContain('<img');
  });
});
