/**
 * A person's name written just before their own phone number or e-mail in one field: a password
 * manager's notes (`"Clodagh Byrne, +353 87 …"`), a CSV or spreadsheet cell, a contact line in a
 * config (`Contact: Ana Ruiz - ana@…`). The contact datum makes the capitalised words before it a
 * person, where they alone would be too weak; the name must still look like one (person-name-shape).
 */
import type { Rule, Span } from '../types.js';
import { isPersonName } from './person-name-shape.js';

/** An international phone number, or an e-mail address, right after `, `, ` - `, ` – ` or `; `. */
const CONTACT_AFTER = /(?:,|;|[ ][-–—])[ ](?:\+[1-9]\d{0,3}(?:[ .-]?\(?\d{1,5}\)?){2,6}(?![\w@])|[\w.+-]{1,64}@[\w-]{1,63}(?:\.[\w-]{1,63})+)/g;
/** Where the field holding the name starts: a quote, a label's colon, a tab, a bracket, a line break. */
const FIELD_START = /(?:^|["'`:>([{|\t\n=]|\\n)[ ]*([^"'`:>([{|\t\n\\=,;]{2,70})$/u;

function* namesBeforeContacts(text: string): Iterable<Span> {
  CONTACT_AFTER.lastIndex = 0;
  for (let match = CONTACT_AFTER.exec(text); match; match = CONTACT_AFTER.exec(text)) {
    const before = text.slice(Math.max(0, match.index - 80), match.index);
    const field = FIELD_START.exec(before);
    const name = field?.[1]?.trimEnd();
    if (!name || !isPersonName(name)) continue;
    const end = match.index - (field![1]!.length - name.length);
    yield { start: end - name.length, end };
  }
}

export const CONTACT_NAMED_PERSON_RULE: Rule = {
  id: 'contact-named-person',
  type: 'pii',
  label: 'name',
  description: "a person's name alone in a field, right before their international phone number or e-mail address (`Name, +49 …`, `Name - name@…`)",
  keywords: [', +', '; +', ' - +', ' – +', '@'],
  detector: namesBeforeContacts,
  examples: {
    match: [
      '"Household","Water bill","siobhan@posteo.ie","Siobhán Ó Floinn, +353 86 412 7730",""',
      'Notes: Teodora Vasilescu, +40 721 555 014',
      '"Home","Dentist","kenta@mailbox.org","高橋 健太, +81 90 4821 7733"',
      'maintainer=Ruairí Mac Giolla - ruairi.mg@mailbox.org',
    ],
    noMatch: ['"Office","Front Desk, +1 415 555 0100"', 'Notes: call support, +44 20 7946 0000', 'Reply to the list, dev@lists.example.org'],
  },
};
