/**
 * A Tor relay's `ContactInfo` (torrc, `tor --dump-config`, `GETCONF ContactInfo`) is free text
 * that operators fill with their own name: `ContactInfo Given Family, +44 …` or `… <addr>`, or the
 * ContactInfo sharing spec's `key:value` fields, where a name is written with `_` for blanks
 * (`operator:Given_Family`, `name:…`). A name there is a person's; a role or team word is not one.
 */
import type { Rule } from '../types.js';

/** A capitalised word of any script that has case (`Ásgeir`, `Okonkwo-Eze`, `Ó`, `Mac`). */
const WORD = String.raw`\p{Lu}[\p{Ll}\p{M}'’]*(?:-\p{Lu}?[\p{Ll}\p{M}'’]+)*`;
/** A team's or an organisation's words: such a ContactInfo names no person. */
const ROLE_WORDS = String.raw`[^,<\r\n]{0,80}?\b(?:Team|Operations|Ops|Admins?|Relays?|Project|Foundation|Network|Collective|Association|Support|Group|Staff|Crew|Services?|Security|Hosting|Exit|Node|Nodes|Club|Council|University|Labs?|Inc|Ltd|GmbH|e\.V)\b`;
const LEADING_NAME = new RegExp(
  String.raw`\bContactInfo[ \t]+(?:(?!ROLE_AHEAD)(?<secret>${WORD}(?:[ \t]${WORD}){1,3})(?=[ \t]*(?:,|<|\(|$))|[^\r\n]{0,300}?[ \t](?:operator|name|contact-name):(?!ROLE_AHEAD)(?<secret2>${WORD}(?:_${WORD}){1,3})(?![\w-]))`.replaceAll('ROLE_AHEAD', ROLE_WORDS),
  'mu',
);

export const RELAY_CONTACT_NAME_RULE: Rule = {
  id: 'relay-contact-name',
  type: 'pii',
  label: 'name',
  description: 'a person\'s name in a Tor relay\'s ContactInfo: leading free text before a comma or address, or a sharing-spec `operator:`/`name:` field written with underscores',
  // every match starts at the word ContactInfo
  keywords: ['contactinfo'],
  keywordStarts: true,
  pattern: LEADING_NAME,
  examples: {
    match: ['ContactInfo Tamsin Oyelaran-Ward, +44 20 7946 0321', 'ContactInfo Eero Väänänen <eero at relay dot fi>', 'ContactInfo url:https://relays.example.net ciissversion:2 operator:Tamsin_Oyelaran-Ward'],
    noMatch: ['ContactInfo ops-relay at example dot org', 'ContactInfo Relay Operations Team <noc at example dot org>', 'ContactInfo url:https://relays.example.net ciissversion:2 operator:relayops'],
  },
};
