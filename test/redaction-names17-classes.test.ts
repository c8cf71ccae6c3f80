/**
 * The name judge wherever a name is judged (research): prose names from the judge's given-name
 * lists, one-case values under a person's key, surname-first names, a name's parts in a type's
 * fields or as positional arguments, and names that are also everyday words (accepted under a
 * person's key only). Captures are real programs' output with invented people
 * (test/pii-captures/); the inline cases are written for each class, with their negatives.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { isEverydayName } from '../redaction/names/name-judge.js';
import { createTextRedactor } from '../redaction/index.js';

const research = createTextRedactor('research');
const redact = (text: string) => research(text).text;
const capture = (name: string) => readFileSync(new URL(`./pii-captures/${name}`, import.meta.url), 'utf8');

describe('names found through the judge', () => {
  it.each([
    ['the fix came from Oluwaseun Adebayo last week', 'Oluwaseun Adebayo'],
    ['thanks Grant Okonkwo for the patch', 'Grant Okonkwo'],
    ['name: john smith', 'john smith'],
    ['owner = mirela osterkamp', 'mirela osterkamp'],
    ['Full Name: HEIDI VAN DER BERG', 'HEIDI VAN DER BERG'],
    ['Vik, Torbjørn', 'Torbjørn'],
    ['van der Berg, Heidi', 'van der Berg'],
    ['1042,"Lindqvist, Tarjei",tarjei@x.org', 'Lindqvist'],
    ['#(person "Ann" "Lee" 41)', '"Lee"'],
    ["{ person: [ 'Kwabena', 'Asante' ] }", 'Asante'],
    ['main.Person{First:"Ann", Last:"Lee", Age:41}', '"Lee"'],
    ['#<struct Person first="Keiko", last="Yamamoto">', 'Yamamoto'],
    ["[{'first': 'Oyelaran', 'last': 'Fagbemi'},", 'Fagbemi'],
    ['owner: Rose Hill', 'Rose Hill'],
    ['author = Grant Wood', 'Grant Wood'],
  ])('%j loses %j', (text, planted) => {
    expect(redact(text)).not.toContain(planted);
  });

  it.each([
    'Rose Hill is a suburb',
    'Grant Wood painted it',
    'Mark Twain wrote it',
    'Paris, France',
    'Jordan, Georgia',
    'name: billing api',
    'name: Hello World',
    'Person("Main", "Street")',
    "{'first': 'Intro', 'last': 'Summary'}",
    'Member{First:"Gold", Last:"Tier"}',
    'Install Nova Launcher first',
    'Docker Compose file',
    'the Sierra Nevada range',
    'Hunter Valley wines',
  ])('%j is left alone', (text) => {
    expect(redact(text)).toBe(text);
  });

  it('knows the names that are also dictionary words', () => {
    expect(isEverydayName('Rose')).toBe(true);
    expect(isEverydayName('Grant')).toBe(true);
    expect(isEverydayName('Mirela')).toBe(false);
    expect(isEverydayName('Osterkamp')).toBe(false);
  });
});

describe('program output with invented people', () => {
  it('python 3.11: dataclasses, namedtuples, a header-less CSV written surname first, pprint', () => {
    const out = redact(capture('python-3.11-split-inverted-names.txt'));
    for (const planted of ['Oyelaran', 'Fagbemi', 'Saoirse', 'Bartholomäus', 'Wenzelsberger', 'Ruxandra Ionescu-Vlad', 'Teodoro Quispe Mamani']) expect(out).not.toContain(planted);
    expect(out).toContain("dept='ops'");
    expect(out).toContain('id,name,dept');
  });

  it('ruby 3.1: a struct of name parts, a lower-case author', () => {
    const out = redact(capture('ruby-3.1-struct-and-lowercase-author.txt'));
    for (const planted of ['Kwabena', 'Asante', 'Ingunn Rasmussen', 'ingunn rasmussen']) expect(out).not.toContain(planted);
    expect(out).toContain(':role=>"ops"');
  });

  it('node 20: a person as an array of its name parts', () => {
    const out = redact(capture('node-20.20-person-pair-array.txt'));
    for (const planted of ['Kwabena', 'Asante', 'INGUNN RASMUSSEN', 'Dagrun Solheim']) expect(out).not.toContain(planted);
  });

  it('standard leaves names to research', () => {
    expect(createTextRedactor('standard')('name: john smith').text).toBe('name: john smith');
  });
});
