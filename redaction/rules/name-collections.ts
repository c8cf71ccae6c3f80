/**
 * People listed in a printed collection: a list, set or tuple of names (`[Ann Lee, Priya Raman]`,
 * `['Ann Lee', 'Priya Raman']`), or a map keyed by them (`{Ann Lee=ann@…, Priya Raman=+47 …}`,
 * `{'Ann Lee': 3}`, `%{"Ann Lee" => …}`), as languages print them. One element with a common
 * given name (`Priya Raman`) says the collection holds people; then every element of a person's
 * shape in it is one, known given name or not (`Ann Lee`). A list of products, teams or places
 * with no such name stays.
 */
import type { Rule, Span } from '../types.js';
import { startsWithKnownGivenName } from './known-given-name.js';
import { isPersonName } from './person-name-shape.js';

/**
 * A bracket holding no other bracket and at least two elements, the first a capitalised word: on one line, separated by `, `, or
 * one element a line as pretty-printers write them (Node's `Map(2) {`, Data::Dumper).
 */
const COLLECTION = /[[{(](?=[ \t\n]*["']?\p{Lu})([^[\]{}()]{3,2000}?(?:, |,?\n[ \t]*)[^[\]{}()]{3,2000}?)[\]})]/gu;
/** An element: a name, bare or quoted, alone or as a key (`=`, `: `, ` => `, `->`). */
const ELEMENT = /(?:^[ \t]*|, |,?\n[ \t]*)(["']?)(\p{Lu}(?:[\p{L}\p{M}'’.-]*[\p{L}\p{M}.])?(?: \p{L}(?:[\p{L}\p{M}'’-]*\p{L})?){1,3})\1(?=,?[ \t]*\r?$|,?[ \t]*\n|, |=|: | => | -> )/gmu;

function* nameCollections(text: string): Iterable<Span> {
  for (const group of text.matchAll(COLLECTION)) {
    const body = group[1]!;
    const bodyStart = group.index + 1;
    const names: Span[] = [];
    let known = false;
    // exec on the shared pattern, not `matchAll`, which clones this unicode regex for every collection
    ELEMENT.lastIndex = 0;
    for (let element = ELEMENT.exec(body); element; element = ELEMENT.exec(body)) {
      const name = element[2]!;
      if (!isPersonName(name)) continue;
      known ||= startsWithKnownGivenName(name);
      const start = bodyStart + element.index + element[0].indexOf(name);
      names.push({ start, end: start + name.length });
    }
    if (known && names.length >= 2) yield* names;
  }
}

export const NAME_COLLECTION_RULE: Rule = {
  id: 'name-collection',
  type: 'pii',
  label: 'name',
  description:
    "people in a printed list, set or map keyed by name (`[Ann Lee, Priya Raman]`, `{Ann Lee=…, Priya Raman=…}`): one common given name among them says the collection holds people, then every person-shaped element is removed",
  keywords: [', ', '=>', "',", '",'],
  detector: nameCollections,
  examples: {
    match: [
      '$4 ==> [Maeve Gallagher, Tobias Brandstetter]',
      "{'Maren Halvorsen': 3, 'Tobias Brandstetter': 5}",
      'm ==> {Maren Halvorsen=maren@posteo.de, Tobias Brandstetter=+49 151 2345678}',
      '%{"Maren Halvorsen" => 1, "Priya Raman" => 2}',
      "Map(2) {\n  'Priya Raman' => '+44 7700 900512',\n  'Wendell Achterberg' => '+31 6 12345678'\n}",
      "$VAR1 = [\n          'Priya Raman',\n          'Wendell Achterberg'\n        ];",
    ],
    noMatch: [
      '[Apache Kafka, Redis Streams, Google Cloud]',
      '{Content Type=application/json, Cache Control=no-cache}',
      '(Tobias Brandstetter, reviewer)',
      '[New York, San Francisco, Los Angeles]',
      "Map(2) {\n  'Content Type' => 'json',\n  'Cache Control' => 'none'\n}",
    ],
  },
};
