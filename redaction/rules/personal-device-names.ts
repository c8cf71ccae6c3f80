/**
 * Family `pii`: a device named after its owner, as phones, laptops and sync tools name them and
 * print them back (Syncthing's and KDE Connect's device lists, Bluetooth and AirDrop names, a
 * hostname's pretty name): "Ann Berg's iPhone", "Ayasha Tsosies Handy", "MacBook von Ana Lima",
 * "Efua Mensah laptop", "Pixel 7 – Obi Eze". The device word is the context; the name must be two
 * to four capitalised words none of which is an everyday word ("Build Server", "Living Room" stay).
 */
import { lineBreakAfter, lineBreakBefore } from '../line-bounds.js';
import { judgePhrase } from '../names/name-judge.js';
import type { Rule, Span } from '../types.js';

const DEVICE = String.raw`(?:iPhone|iPad|iMac|MacBook(?:[ ](?:Pro|Air))?|Pixel(?:[ ]\d{1,2}[a-z]?)?|Galaxy(?:[ ][A-Z]?\d{1,3}\+?)?|ThinkPad|Chromebook|Handy|Smartphone|Telefon|Rechner|[Ll]aptop|[Dd]esktop|[Pp]hone|[Tt]ablet|[Nn]otebook|[Ww]orkstation|ordinateur|portable|m[óo]vil|port[áa]til)`;
/** A capitalised word of a name, or a particle between two (`Ó`, `van`, `de`). */
const WORD = String.raw`\p{Lu}[\p{Ll}\p{Lu}'’-]*\p{Ll}[\p{Ll}'’-]*`;
const PARTICLE = String.raw`(?:Ó|Ní|Mac|van|von|der|den|de|da|di|del|la|le|al|bin|ibn)`;
const NAME = String.raw`(?<name>${WORD}(?:[ ](?:${PARTICLE}[ ])?${WORD}){1,3})`;
const OWNED_DEVICE = new RegExp(
  [
    String.raw`${NAME}(?:['’]s?|s)?[ ]${DEVICE}(?![\p{L}\d])`, // Ann Berg's iPhone, Ayasha Tsosies Handy, Efua Mensah laptop
    String.raw`(?<![\p{L}\d])${DEVICE}[ ](?:von|de|di|van|of|från|fra|av|od|do|da)[ ]${NAME.replace('<name>', '<name2>')}`, // MacBook von Ana Lima
    String.raw`(?<![\p{L}\d])${DEVICE}[ ]?[–—-][ ]?${NAME.replace('<name>', '<name3>')}`, // Pixel 7 – Obi Eze
  ].join('|'),
  'dgu',
);

const PARTICLES = new RegExp(`^${PARTICLE}$`, 'u');

/** Two to four words of a name, none of them an everyday word. */
function ownersName(name: string): boolean {
  const words = name.split(' ').filter((word) => !PARTICLES.test(word));
  if (words.length < 2 || words.length > 4) return false;
  return judgePhrase(words.map((word) => word.replace(/['’]s?$|s$/, ''))).words === 0 && judgePhrase(words).words === 0;
}

/** A device's name and its owner's stand within this many characters of the device word. */
const REACH = 160;

/** The device names around the rule's keyword places (read in a window of the line around each, not over the whole text). */
function* ownedDevices(text: string, keywordStarts: readonly number[] = [0]): Iterable<Span> {
  let searched = 0;
  for (const at of keywordStarts) {
    if (at < searched) continue;
    const from = Math.max(searched, lineBreakBefore(text, at) + 1, at - REACH);
    const lineEnd = lineBreakAfter(text, at);
    const to = Math.min(lineEnd === -1 ? text.length : lineEnd, at + REACH);
    searched = to;
    const window = text.slice(from, to);
    OWNED_DEVICE.lastIndex = 0;
    for (let found = OWNED_DEVICE.exec(window); found; found = OWNED_DEVICE.exec(window)) {
      const group = found.groups!.name !== undefined ? 'name' : found.groups!.name2 !== undefined ? 'name2' : 'name3';
      if (!ownersName(found.groups![group]!)) continue;
      const [start, end] = found.indices!.groups![group]!;
      yield { start: from + start, end: from + end };
    }
  }
}

export const PERSONAL_DEVICE_NAME_RULES: readonly Rule[] = [
  {
    id: 'device-owner-name',
    type: 'pii',
    label: 'name',
    description: 'the owner\'s name in a device\'s name ("Ann Berg\'s iPhone", "MacBook von Ana Lima", "Efua Mensah laptop")',
    keywords: ['iphone', 'ipad', 'imac', 'macbook', 'pixel', 'galaxy', 'thinkpad', 'chromebook', 'handy', 'smartphone', 'telefon', 'rechner', 'laptop', 'desktop', 'phone', 'tablet', 'notebook', 'workstation', 'ordinateur', 'portable', 'móvil', 'movil', 'portátil', 'portatil'],
    keywordStarts: true,
    detector: ownedDevices,
    examples: {
      match: [
        "syncthing cli config devices add --device-id ABC --name 'Wanjiru Kamaus Handy'",
        'Connected to "MacBook von Leocádia Fonseca" over Bluetooth',
        'name: Tomasz Wrzesiński laptop',
        '  "deviceName": "Pixel 8 – Chiamaka Obi"',
      ],
      noMatch: [
        "--name 'Build Server desktop'",
        'Living Room Tablet is offline',
        'the Electron desktop app',
        'Visual Studio Code desktop',
        'Google Pixel 8 – Developer Preview',
        'Home Assistant Companion phone',
      ],
    },
  },
];
