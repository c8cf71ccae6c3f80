/**
 * A person's name in the user's or the agent's words where the sentence itself says a person is
 * named, whatever the given name: a self-introduction in many languages (`my name is`, `je
 * m'appelle`, `меня зовут`, `benim adım`), a noun for a person followed by the name in
 * apposition (`the user, Camille Laurent, asked`; `our client — Jan Nowak — wants`; `der Kunde
 * Hans Brandt hat`), a letter's salutation (`Dear Wiremu Tane,`) and the name under a sign-off
 * (`Kind regards,\nWiremu Tane`). The name must have a person's shape (person-name-shape.ts).
 */
import { escapeRegExp } from '../literals.js';
import type { Rule, Span } from '../types.js';
import { startsWithKnownGivenName } from './known-given-name.js';
import { isPersonName } from './person-name-shape.js';
import { lineBreakAfter, lineBreakBefore } from '../line-bounds.js';

/** One capitalised word of a name (initials, hyphens and apostrophes inside), or a particle. */
const NAME_WORD = String.raw`(?:\p{Lu}\.|(?:Mc|Mac|O['’]|D['’])?\p{Lu}[\p{Ll}\p{M}]+(?:['’-]\p{Lu}?[\p{Ll}\p{M}]+)*|van|von|der|den|de|del|della|di|da|dos|du|la|le|bin|ibn|al|el|ter)`;
const NAME = String.raw`(${NAME_WORD}(?:[ ]${NAME_WORD}){0,3})`;

/** Self-introductions: the name follows at once. */
const INTRODUCTIONS = [
  'mein name ist', 'ich heiße', 'ich heisse', "je m'appelle", 'je m’appelle', 'mon nom est', 'me llamo', 'mi nombre es',
  'mi chiamo', 'il mio nome è', 'meu nome é', 'chamo-me', 'mijn naam is', 'ik heet', 'jag heter', 'jeg heter', 'jeg hedder',
  'nazywam się', 'mam na imię', 'jmenuji se', 'benim adım', 'меня зовут', 'мене звати', 'με λένε', 'το όνομά μου είναι', 'nimeni on',
  'a nevem', 'mă numesc', 'numele meu este',
];
/** Nouns for a person that a name may follow in apposition (English and a few other languages). */
const PERSON_NOUNS = [
  'user', 'customer', 'client', 'colleague', 'coworker', 'co-worker', 'teammate', 'manager', 'boss', 'contractor', 'tenant', 'patient',
  'employee', 'applicant', 'candidate', 'landlord', 'requester', 'founder', 'intern', 'friend', 'wife', 'husband', 'account holder',
  'cardholder', 'kunde', 'kundin', 'kollege', 'kollegin', 'le client', 'la cliente', "l'utilisateur", 'el cliente', 'la clienta', 'el usuario',
  'il cliente', 'o cliente', 'a cliente', 'de klant', 'kunden', 'klient', 'klientka', 'клиент', 'клиентка', 'пользователь', 'заказчик', 'müşteri',
];
/**
 * Nouns for a person in languages whose sentences put the name straight after them, often
 * without an article (`Klient Jan Kowalski zgłosił`, `Пользователь Иван Петров не может`,
 * `El usuario María José Fernández no puede`): the name, then a lower-case word or punctuation.
 */
const FOREIGN_PERSON_NOUNS = [
  'benutzer', 'benutzerin', 'nutzer', 'nutzerin', 'kunde', 'kundin', 'mitarbeiter', 'mitarbeiterin', 'patient', 'patientin',
  'usuario', 'usuaria', 'cliente', 'paciente', 'utente', 'usuário', 'utilisateur', 'utilisatrice', 'cliente', 'patiente',
  'klient', 'klientka', 'użytkownik', 'użytkowniczka', 'pacjent', 'pacjentka', 'zákazník', 'zákaznice', 'uživatel',
  'пользователь', 'клиент', 'клиентка', 'пациент', 'сотрудник', 'сотрудница', 'користувач', 'клієнт', 'клієнтка',
  'müşteri', 'kullanıcı', 'hasta', 'asiakas', 'käyttäjä', 'kunden', 'kund', 'användare', 'kunde', 'bruker', 'klant', 'gebruiker',
  'ügyfél', 'felhasználó', 'khách hàng', 'người dùng', 'pelanggan', 'pengguna', 'pasien',
];
/** A salutation: the name follows, then a comma or the line's end. */
/** Verbs that hand something to a person or say who did it (`reviewed by`, `loop in`, `cc`): the name ends the clause or a lower-case word follows. */
/**
 * Credits: what changelogs, NEWS files and commit messages say before the person who did or found
 * something (`Thanks to X for the patch`, `Patch by X.`, `Suggested by X in:`).
 */
const CREDITS = [
  'thanks to', 'thanks', 'thank you', 'many thanks to', 'patch by', 'patches by', 'patch from', 'patches from', 'suggested by', 'contributed by',
  'written by', 'fixed by', 'found by', 'noticed by', 'pointed out by', 'debugged by', 'tested by', 'credit to', 'credits to', 'adopted by',
  'packaged by', 'maintained by', 'originally by', 'improved by', 'enhanced by', 'cleaned up by', 'help from', 'work by', 'port from', 'idea from',
];
const HANDOVERS = [...CREDITS, 'reviewed by', 'approved by', 'reported by', 'requested by', 'authored by', 'assigned to', 'loop in', 'looping in', 'cc', 'cc:', 'ping', 'talked to', 'talked with', 'spoke to', 'spoke with', 'met with', 'on behalf of'];
/** `Copyright (c) 2023 Priya Raman`, `© 2019-2024 Priya Raman`: the holder after the years. */
const COPYRIGHT = String.raw`(?:copyright|©)(?:[ ]\(c\)|[ ]©)?[ ]\d{4}(?:[ ]?[-–,][ ]?\d{4})*,?[ ]`;
const SALUTATIONS = ['dear', 'liebe', 'lieber', 'cher', 'chère', 'querido', 'querida', 'estimado', 'estimada', 'caro', 'cara', 'beste', 'geachte', 'kære', 'kjære', 'drogi', 'droga', 'уважаемый', 'уважаемая', 'шановний', 'шановна', 'sayın'];
/** Sign-offs after which the next line is the writer's name; `--` alone is a mail's signature delimiter (`-- `). */
const SIGN_OFF = /(?:^|\n)[ \t]*(?:--|(?:kind|best|warm|many|with)[ ]regards|regards|best|best[ ]wishes|sincerely(?:[ ]yours)?|yours[ ](?:truly|sincerely)|cheers|thanks|many[ ]thanks|thank[ ]you|mit[ ]freundlichen[ ]grüßen|viele[ ]grüße|beste[ ]grüße|cordialement|bien[ ]à[ ]vous|saludos(?:[ ]cordiales)?|atentamente|cordiali[ ]saluti|distinti[ ]saluti|atenciosamente|met[ ]vriendelijke[ ]groet(?:en)?|med[ ]vänliga[ ]hälsningar|med[ ]venlig[ ]hilsen|pozdrawiam|s[ ]pozdravem|с[ ]уважением|з[ ]повагою|saygılarımla)[,.!]?[ \t]*\r?\n[ \t]*$/iu;

/** A form: its lead-in (matched without regard to case), then the name and what must follow it. */
interface Form {
  lead: RegExp;
  /** built at its first use: a pattern with `\p{…}` classes costs about a millisecond to construct, and most processes never read a name */
  name: () => RegExp;
  single: boolean;
  /** a further test of the sentence around the name */
  sentence?: (text: string, name: Span) => boolean;
}

/**
 * A record that belongs to someone (`the record for`, `the row of`, `the account of`): the name
 * follows. These nouns also name records of products and services (`the entry for Docker
 * Compose`), so the sentence must hold a person's data too: an e-mail address or a phone-like
 * run of digits (unless the name starts with a common given name).
 */
const RECORD_LEADS = ['record for', 'record of', 'row for', 'row of', 'entry for', 'entry of', 'account of', 'account for', 'profile of', 'profile for', 'details of', 'details for', 'data of', 'data for'];
const PERSONAL_VALUE = /[\w.%+-]@[\w-]+(?:\.[\w-]+)*\.[a-z]{2,}|\+\d[\d ()-]{7,}\d|\(?\d{3}\)?[ .-]\d{3}[ .-]\d{4}/i;

function speaksOfPersonalData(text: string, name: Span): boolean {
  if (startsWithKnownGivenName(text.slice(name.start, name.end))) return true;
  const from = Math.max(0, name.start - 120);
  const before = text.slice(from, name.start);
  const sentenceStart = from + Math.max(before.lastIndexOf('. '), before.lastIndexOf('\n')) + 1;
  const after = text.slice(name.end, name.end + 240);
  const stop = after.search(/\.(?:\s|$)|\n/);
  return PERSONAL_VALUE.test(text.slice(sentenceStart, name.start)) || PERSONAL_VALUE.test(stop < 0 ? after : after.slice(0, stop));
}

function form(leads: readonly string[], between: string, after: string, single: boolean): Form {
  return {
    lead: new RegExp(`(?:${alternation(leads)})${between}`, 'iuy'),
    name: lazyPattern(String.raw`${NAME}(?=${after})`),
    single,
  };
}

function lazyPattern(source: string): () => RegExp {
  let pattern: RegExp | undefined;
  return () => (pattern ??= new RegExp(source, 'uy'));
}

/** The literals as one alternation, spaces kept literal under the `[ ]` convention of these patterns. */
function alternation(literals: readonly string[]): string {
  return literals.map((literal) => escapeRegExp(literal).replace(/ /g, '[ ]')).join('|');
}

/** Words that open a sentence's predicate after a name in apposition without commas (`the customer Jan Nowak called`). */
const VERB_AFTER = String.raw`[ ](?:\p{Ll}+ed|said|says|asked|asks|wants|wanted|wrote|writes|is|was|has|had|will|needs|needed|hat|ist|will|a|est|veut|ha|es|quiere|vuole|wil|heeft|har|ma|chce|написал|просит|хочет)\b`;

const DETERMINER = String.raw`(?<=(?:\b(?:the|our|my|your|their|his|her|this|that|a|an|der|die|den|dem|unser|unsere|unserem|notre|nuestro|nuestra|nostro|nostra|onze|vår|vores|nasz|nasza|наш|наша)[ ]))`;

const FORMS: readonly Form[] = [
  form(['my name is'], '[ ]', String.raw`[^\p{L}\p{N}]|$`, false),
  form(INTRODUCTIONS, '[ ]', String.raw`[^\p{L}\p{N}]|$`, true),
  // `the user, Camille Laurent, asked`, `client — Jan Nowak — wants`, `(Jan Nowak)`: the apposition is closed
  form(PERSON_NOUNS, ',[ ]', String.raw`,[ ]`, false),
  form(PERSON_NOUNS, '[ ][—–-][ ]', String.raw`[ ][—–-][ ]`, false),
  form(PERSON_NOUNS, String.raw`[ ]\(`, String.raw`\)`, false),
  // `the customer Jan Nowak called`, `der Kunde Hans Brandt hat angerufen`: a determiner before, a verb after
  { ...form(PERSON_NOUNS, '[ ]', VERB_AFTER, false), lead: new RegExp(`${DETERMINER}(?:${alternation(PERSON_NOUNS)})[ ]`, 'iuy') },
  form(SALUTATIONS, '[ ]', String.raw`[ ]?[,!:]|[ \t]*\r?\n|$`, false),
  form(FOREIGN_PERSON_NOUNS, ':?[ ]', String.raw`[ ]\p{Ll}|[.,;:!?)]|[ \t]*\r?\n|$`, false),
  form(HANDOVERS, ':?[ ]@?', String.raw`[.,;:!?)]|[ ](?:on|for|to|from|and|about|in|at|yesterday|today|last|this|who|as|with|when|before|after)\b|[ ]?\r?\n|$`, false),
  { lead: new RegExp(COPYRIGHT, 'iuy'), name: lazyPattern(String.raw`${NAME}(?=[.,;]|[ ]<|[ ]\(|[ ]and[ ]|[ \t]*\r?\n|$)`), single: false },
  {
    ...form(RECORD_LEADS, '[ ]', String.raw`[.,;:)'’]|[ ](?:has|had|is|was|shows|showed|contains|lists|holds|with|in|on|at|from|and|to)\b|[ \t]*\r?\n|$`, false),
    lead: new RegExp(String.raw`(?<=\b(?:the|a|their|his|her)[ ](?:customer[ ]|user[ ]|contact[ ]|patient[ ]|member[ ])?)(?:${alternation(RECORD_LEADS)})[ ]`, 'iuy'),
    sentence: speaksOfPersonalData,
  },
];
const SIGNATURE = lazyPattern(String.raw`[ \t]*${NAME}[ \t]*(?=\r?\n|$)`);

const LETTER = /[\p{L}\p{N}_]/u;

/** The name `pattern` captures at `at`, if it is a person's (`single`: one word allowed). */
function nameAt(text: string, at: number, pattern: RegExp, single: boolean): Span | undefined {
  pattern.lastIndex = at;
  const match = pattern.exec(text);
  const name = match?.[1];
  if (name === undefined || !isPersonName(name, { single })) return undefined;
  const start = at + match![0].lastIndexOf(name);
  return { start, end: start + name.length };
}

function formAt(text: string, at: number): Span | undefined {
  for (const { lead, name, single, sentence } of FORMS) {
    lead.lastIndex = at;
    if (!lead.test(text)) continue;
    const found = nameAt(text, lead.lastIndex, name(), single);
    if (found && (!sentence || sentence(text, found))) return found;
  }
  return undefined;
}

function* introducedNames(text: string, starts: readonly number[] = []): Iterable<Span> {
  let done = 0;
  for (const at of starts) {
    if (at < done || (at > 0 && LETTER.test(text[at - 1]!))) continue;
    const found = formAt(text, at) ?? signatureAt(text, at);
    if (!found) continue;
    yield found;
    done = found.end;
  }
}

/** The name on the line after a sign-off that starts at `at`. */
function signatureAt(text: string, at: number): Span | undefined {
  const lineEnd = lineBreakAfter(text, at);
  if (lineEnd < 0 || lineEnd - at > 40 || !SIGN_OFF.test(text.slice(Math.max(0, at - 1), lineEnd + 1))) return undefined;
  return nameAt(text, lineEnd + 1 + repeatedPrefix(text, at, lineEnd + 1), SIGNATURE(), false);
}

/** What a log prints before every line (`s-nail: >>> `, `[12:00:01] DEBUG [id] `): digits may differ from line to line. */
const prefixShape = (prefix: string) => prefix.replace(/\d/g, '0');

/**
 * The length of the prefix that the line at `next` repeats from the line holding `at` (the text
 * before `at` on its line), or 0: a client's log of a mail puts its own prefix before each line.
 */
function repeatedPrefix(text: string, at: number, next: number): number {
  const lineStart = lineBreakBefore(text, at - 1) + 1;
  const prefix = text.slice(lineStart, at);
  if (prefix.trim() === '' || prefix.length > 80 || !/[\s>\]:|]$/.test(prefix)) return 0;
  return prefixShape(text.slice(next, next + prefix.length)) === prefixShape(prefix) ? prefix.length : 0;
}

const SIGN_OFF_KEYWORDS = ['-- \n', '--\n', '-- \r\n', 'regards', 'best wishes', 'sincerely', 'yours', 'cheers', 'thanks', 'thank you', 'mit freundlichen', 'viele grüße', 'beste grüße', 'cordialement', 'bien à vous', 'saludos', 'atentamente', 'cordiali', 'distinti', 'atenciosamente', 'met vriendelijke', 'med vänliga', 'med venlig', 'pozdrawiam', 's pozdravem', 'с уважением', 'з повагою', 'saygılarımla', 'kind ', 'best', 'warm ', 'many ', 'with '];

export const INTRODUCED_NAME_RULE: Rule = {
  id: 'person-name-introduced',
  type: 'pii',
  label: 'name',
  description: 'a name the sentence introduces: after "my name is" and its equivalents in other languages, in apposition to a noun for a person (the user, our client, der Kunde), after a salutation (Dear, Liebe, Cher, Уважаемый) or on the line under a sign-off (Kind regards, Mit freundlichen Grüßen, a mail\'s `-- ` signature delimiter), whatever log prefix both lines repeat',
  keywords: ['my name is', ...RECORD_LEADS, ...INTRODUCTIONS, ...PERSON_NOUNS, ...new Set(FOREIGN_PERSON_NOUNS), ...SALUTATIONS, ...HANDOVERS, 'copyright', '©', ...SIGN_OFF_KEYWORDS],
  keywordStarts: true,
  detector: introducedNames,
  examples: {
    match: [
      'The user, Wiremu Tane, asked for a refund on order 1182',
      'our client — Ifeoma Chukwu — wants the export by Friday',
      'der Kunde Gotthold Ruprecht hat angerufen',
      "Bonjour, je m'appelle Gaspard Delacroix et j'ai un souci",
      'Меня зовут Всеволод Кравцов',
      'Merhaba, benim adım Mehmet Yılmaz',
      'Dear Ifeoma Chukwu,\nthe invoice is attached.',
      'Kind regards,\nWiremu Tane',
      'See you on Monday.\n\n-- \nIfeoma Chukwu\nChukwu Textiles',
      's-nail: >>> Kind regards,\ns-nail: >>> Leopold Fairweather-Osei',
      '[2026-11-27 14:18:06] DEBUG [hbWLyHcZl4] Best wishes,\n[2026-11-27 14:18:07] DEBUG [hbWLyHcZl4] Cordelia Vanterpool',
      'Mit freundlichen Grüßen\nGotthold Ruprecht',
      'Best,\nIfeoma Chukwu\nStaff Engineer',
      'My name is Ifeoma Chukwu and my account is locked',
      'Copyright (c) 2023 Wiremu Tane',
      '// © 2019-2024 Ifeoma Chukwu. All rights reserved.',
      "I'll loop in Wiremu Tane from the payments team",
      'Reviewed by Ifeoma Chukwu on 2024-03-02',
      'Assigned to: Wiremu Tane',
      'cc @Wiremu Tane',
      'the row for Ruairí Breathnach holds two numbers, +353 87 412 6690 and a landline',
      'In the export, the account of Teodora Vasić has `teodora.v@posteo.rs` in the phone column.',
      'the customer record for Sipho Dlamini: date of birth is missing',
      'Klientka Agnieszka Zielińska zgłosiła reklamację',
      'Пользователь Аркадий Семёнович Лебедев не может войти',
      'El usuario José Luis Ortega no recibe el correo',
      'Khách hàng Trần Thị Hoa báo lỗi',
      'Der Benutzer Friedemann Vogt hat sich beschwert',
      '  * Handle empty headers. Thanks to Oisín MacCarthaigh for the patch.',
      '    Patch by Ysolde Marchetti.',
      '  Suggested by Tobiah Kwarteng in the tracker',
    ],
    noMatch: [
      'the user Settings page is broken',
      'my name is not important here',
      'Dear Hiring Manager,',
      'Thanks,\nThe Platform Team',
      'the customer, who asked twice, left',
      'user Name Field validation',
      'Kind regards,\nSupport',
      'SELECT 1;\n--\nDROP TABLE tmp;',
      'as a user, Docker Compose is easier',
      'the user Session Token',
      'My name is Required',
      'Copyright (c) 2024 The Authors',
      'Thanks to Python Packaging for the wheel format',
      'Patch by Release Engineering.',
      'Copyright 2024 Acme Corp',
      'ask Claude Code to fix it',
      'reviewed by Security Team today',
      'thanks to Docker Compose, it works',
      'loop in Site Reliability folks',
      'Reviewed by Senior Engineers only',
      'Reviewed by Code Rabbit, then merged',
      'approved by Sonar Cloud quality gate; reviewed by Sourcery Bot',
      'the entry for Docker Compose has the wrong version',
      'Kunde Nr. 4412 hat angerufen',
      'Der Benutzer Admin kann sich anmelden',
      'el usuario Root Access no existe',
      'Klient HTTP Client obsługuje',
      'the record for Payment Intents is cached, see the address book service',
      'update the profile for Staging Cluster and its e-mail alerts',
    ],
  },
};
