import { describe, expect, it } from 'vitest';
import { localParts, mailboxSpells } from '../redaction/names/mailbox-spelling.js';

describe('a mailbox spelling a name', () => {
  it('splits a local part into letters-only parts, dropping a +tag and digits', () => {
    expect(localParts('Oda.Brekke+lists')).toEqual(['oda', 'brekke']);
    expect(localParts('m_haugland42')).toEqual(['m', 'haugland']);
  });

  it('spells both words: whole, joined, either order, or with an initial', () => {
    for (const local of ['oda.brekke', 'brekke.oda', 'obrekke', 'odabrekke', 'brekkeo', 'brekke.o', 'o.brekke', 'odab']) {
      expect(mailboxSpells(localParts(local), ['Oda', 'Brekke']), local).toBe('full');
    }
  });

  it('spells letters a mailbox writes in ASCII (umlauts either way, ø, ß)', () => {
    expect(mailboxSpells(localParts('jurgen.mueller'), ['Jürgen', 'Müller'])).toBe('full');
    expect(mailboxSpells(localParts('soren.ostergaard'), ['Søren', 'Østergaard'])).toBe('full');
    expect(mailboxSpells(localParts('kstrasser'), ['Käthe', 'Straßer'])).toBe('full');
  });

  it('takes a middle word or initial as it comes: first and last words count', () => {
    expect(mailboxSpells(localParts('birgit.haugen'), ['Birgit', 'M', 'Haugen'])).toBe('full');
  });

  it('spells one word only when the local part is that word alone, four letters or more', () => {
    expect(mailboxSpells(localParts('brekke'), ['Oda', 'Brekke'])).toBe('one');
    expect(mailboxSpells(localParts('oda'), ['Oda', 'Brekke'])).toBeUndefined();
  });

  it('spells nothing for other mailboxes', () => {
    expect(mailboxSpells(localParts('support'), ['Oda', 'Brekke'])).toBeUndefined();
    expect(mailboxSpells(localParts('ob'), ['Oda', 'Brekke'])).toBeUndefined();
    expect(mailboxSpells(localParts('oda.lund'), ['Oda', 'Brekke'])).toBeUndefined();
    expect(mailboxSpells([], ['Oda', 'Brekke'])).toBeUndefined();
  });
});
