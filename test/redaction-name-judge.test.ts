/**
 * The name judge (redaction/names), on names and non-names written from public knowledge: common
 * names of many countries in every case, words and phrases programs print where a name might be.
 */
import { describe, expect, it } from 'vitest';
import { phraseIsStronglyName, phraseIsWords, tokenNameOdds } from '../redaction/names/name-judge.js';
import { isPersonName } from '../redaction/rules/person-name-shape.js';
import { confidentName, KEYLESS_NAME_RULE } from '../redaction/rules/keyless-names.js';

const found = (text: string) => [...KEYLESS_NAME_RULE.detector!(text)].map((span) => text.slice(span.start, span.end));

describe('a token', () => {
  // given and family names of many countries, on the lists or judged by their letters
  const NAMES = [
    'Priya', 'Raman', 'Tomasz', 'Nowak', 'Kowalski', 'Mirela', 'Kenji', 'Watanabe', 'Nwachukwu', 'Okafor', 'Chidi', 'Władysławska',
    'Siobhan', 'Ngozi', 'Jensen', 'Hansen', 'García', 'Fernández', 'Zoë', 'Иван', 'Петров', 'Mehmet', 'Yılmaz', 'Nguyen', 'Oluwaseun',
  ];
  it.each(NAMES)('%s is name-like, in any case', (name) => {
    expect(tokenNameOdds(name)).toBeGreaterThan(0);
    expect(tokenNameOdds(name.toUpperCase())).toBeGreaterThan(0);
    expect(tokenNameOdds(name.toLowerCase())).toBeGreaterThan(0);
  });

  const WORDS = ['Framework', 'Deployment', 'Westbound', 'Hello', 'World', 'Board', 'Room', 'Release', 'Notes', 'Function', 'Install', 'Update', 'Station', 'Texas', 'Database', 'Pipeline'];
  it.each(WORDS)('%s is word-like, in any case', (word) => {
    expect(tokenNameOdds(word)).toBeLessThan(0);
    expect(tokenNameOdds(word.toUpperCase())).toBeLessThan(0);
  });

  it('weighs a name that is also an everyday word less than a name that is none', () => {
    expect(tokenNameOdds('Mark')).toBeLessThan(tokenNameOdds('Priya'));
    expect(tokenNameOdds('Jordan')).toBeLessThan(tokenNameOdds('Tomasz'));
    expect(tokenNameOdds('West')).toBeLessThan(tokenNameOdds('Kowalski'));
  });

  // names the lists hold in ASCII, written with the accents their owners use
  const PLAIN_NAMES = ['carla', 'katia', 'marta', 'paula', 'sonia', 'celia', 'lucia', 'julia', 'monica', 'natalia', 'silvia', 'valeria', 'helena', 'andre', 'jose', 'tomas'];
  const ACCENTS: Record<string, string> = { a: 'áâã', e: 'éê', i: 'í', o: 'óôõ', u: 'ú', c: 'ç' };
  const accented = PLAIN_NAMES.flatMap((name) =>
    [...name].flatMap((letter, at) => [...(ACCENTS[letter] ?? '')].map((accent) => name.slice(0, at) + accent + name.slice(at + 1))),
  );
  it('never takes an accented spelling of a listed name for a word (the word filter says yes to one token in fifty by chance; some spellings are places)', () => {
    const words = accented.filter((token) => tokenNameOdds(token) <= -3);
    expect(words).toEqual([]);
  });

  it('judges a keyed name of accented words as a name, and a place in prose as none', () => {
    expect(isPersonName('Lúcia Magalhães', { keyed: true })).toBe(true);
    expect(isPersonName('Cláudia Brandão Simões', { keyed: true })).toBe(true);
    expect(isPersonName('Hotel Café', { keyed: true })).toBe(false);
  });

  it('judges elided and double-barrelled names by their parts', () => {
    expect(tokenNameOdds("O'Connor")).toBeGreaterThan(2);
    expect(tokenNameOdds('García-Márquez')).toBeGreaterThan(0);
  });
});

describe('a phrase', () => {
  it.each(['Hello World', 'Laravel Framework', 'Board Room West', 'Release Notes', 'Docker Compose', 'Visual Studio', 'Build Runner', 'Lambda Layer'])(
    '%s is words',
    (phrase) => {
      expect(phraseIsWords(phrase.split(' '))).toBe(true);
      expect(isPersonName(phrase)).toBe(false);
    },
  );

  it.each(['Priya Raman', 'Tarjei Vindenes', 'Ottoline Marsh', 'Ruud van der Berg', 'Seán Ó Briain', 'Maria Garcia Lopez', 'Anna Smith', 'Grace Hopper'])(
    '%s stays a name',
    (phrase) => {
      expect(phraseIsWords(phrase.split(' '))).toBe(false);
      expect(isPersonName(phrase)).toBe(true);
    },
  );

  it.each(['MIRELA OSTERKAMP', 'OSTERKAMP, MIRELA', 'TOMASZ NOWAK', 'john smith', 'ann lee', 'kenji watanabe', 'PRIYA RAMAN'])('%s, in one case, is a name beyond doubt', (phrase) => {
    expect(isPersonName(phrase)).toBe(true);
  });

  it.each(['HELLO WORLD', 'ERROR CODE', 'GRACE PERIOD', 'RELEASE NOTES', 'NODE MODULES', 'max value', 'mark down', 'lorem ipsum', 'david update', 'BOARD ROOM WEST'])(
    '%s, in one case, is no name',
    (phrase) => {
      expect(isPersonName(phrase)).toBe(false);
      expect(phraseIsStronglyName(phrase.split(/,?\s+/))).toBe(false);
    },
  );

  it('keeps the shapes it had: one word under `single`, placeholders and tools out', () => {
    expect(isPersonName('Priya', { single: true })).toBe(true);
    expect(isPersonName('Your Name')).toBe(false);
    expect(isPersonName('GitHub Actions')).toBe(false);
    expect(isPersonName('John Doe')).toBe(false);
  });
});

describe('a name with no key', () => {
  it.each([
    ['a fixed-width record', '00042MIRELA OSTERKAMP   BERGEN      0001250', ['MIRELA OSTERKAMP']],
    ['a fixed-width record, surname first', '000017OSTERKAMP, MIRELA  1977-05-02', ['OSTERKAMP, MIRELA']],
    ['a positional argument', "person('Ann Lee', 41).", ['Ann Lee']],
    ['a call', 'add_customer("Kenji Watanabe", "Osaka", 3)', ['Kenji Watanabe']],
    ['a CSV row with no header', '1042,Tomasz Nowak,tomek,2021-03-04', ['Tomasz Nowak']],
    ['a tab-separated row', '7\tIngrid Halvorsen\tactive', ['Ingrid Halvorsen']],
    ['a list of people', 'reviewers: Fatima Okonkwo, Kenji Watanabe', ['Fatima Okonkwo', 'Kenji Watanabe']],
    ['a particle between', 'owner: x\n19 Pieter van der Berg 1980', ['Pieter van der Berg']],
    ['an initial between', '| Ann J. Lee | 41 |', ['Ann J. Lee']],
    ['prose after a greeting', 'Hello Priya Raman, your build is ready', ['Priya Raman']],
    ['a possessive', "Mirela Osterkamp's branch", ['Mirela Osterkamp']],
    ['Cyrillic', 'клиент: 12, Иван Петров, Москва', ['Иван Петров']],
  ])('%s', (_what, text, expected) => {
    expect(found(text)).toEqual(expected);
  });

  it.each([
    'name: Hello World',
    '[name] => Laravel Framework',
    "display_name: 'Your Name'",
    'CN=Board Room West',
    'Daniel Craig Movie Night Tickets',
    'import { Sarah } from "./Sarah.Component"',
    'Victoria Station is closed',
    'GRACE PERIOD EXCEEDED',
    'the daniel-smith branch',
    'priya.raman@example.org',
    'Run Tests / Build Linux (ubuntu-latest)',
    'class DavidSmithFactory extends Base',
    'Mark Down Converter',
    'Paris, France',
    'at com.example.Kenji.Watanabe(Main.java:3)',
    'ISSUED BY BOARD OF DIRECTORS',
  ])('nothing in %j', (text) => {
    expect(found(text)).toEqual([]);
  });

  it('asks for a listed given name that is no everyday word', () => {
    expect(confidentName('Priya Raman')).toBe(true);
    expect(confidentName('Grace Period')).toBe(false);
    expect(confidentName('Raman Priya')).toBe(false);
    expect(confidentName('RAMAN PRIYA')).toBe(true);
  });
});
