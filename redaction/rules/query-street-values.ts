/**
 * A street line sent as a query parameter (`?street=Rua+do+Ouro+140`, `&address1=Kastanienallee%2019`):
 * a sign-up, checkout or address form submitted with GET, as an access log, a proxy's log or a
 * browser's history keeps it. The parameter's name says an address stands there; the value,
 * once decoded (`+` for spaces, percent-encoding), holds a word and a house number.
 */
import type { Rule, Span } from '../types.js';

const STREET_PARAM = /[?&;](?:street(?:[_-]?(?:address|line)?[_-]?1?)?|address(?:[_-]?line)?[_-]?1?|addr1?|address1|billing[_-]?(?:street|address)|shipping[_-]?(?:street|address)|strasse|stra%C3%9Fe|rue|calle|via)=(?<value>[^&#\s"'<>]{3,160})/gi;

function decoded(value: string): string | null {
  try {
    return decodeURIComponent(value.replace(/\+/g, ' '));
  } catch {
    return null;
  }
}

/** A word of two letters or more and a house number (before or after it), nothing that reads as a path or a code. */
function isStreetLine(text: string): boolean {
  if (!/\p{L}{2}/u.test(text) || !/(?:^|[\s,])\d{1,5}[a-zA-Z]?(?:[\s,/-]|$)/.test(text)) return false;
  if (/[/\\@=:{}<>]/.test(text) || !/\s/.test(text.trim())) return false;
  return text.length <= 120;
}

function* queryStreets(text: string): Iterable<Span> {
  STREET_PARAM.lastIndex = 0;
  for (let match = STREET_PARAM.exec(text); match; match = STREET_PARAM.exec(text)) {
    const value = match.groups!.value!;
    const plain = decoded(value);
    if (plain === null || !isStreetLine(plain)) continue;
    const start = match.index + match[0].length - value.length;
    yield { start, end: start + value.length };
  }
}

export const QUERY_STREET_VALUE_RULE: Rule = {
  id: 'query-street-value',
  type: 'pii',
  label: 'address',
  description: 'a street line and house number as the value of a query parameter named for an address (`street=`, `address1=`), encoded or not',
  keywords: ['street=', 'address=', 'address1=', 'addr=', 'addr1=', 'address_line1=', 'strasse=', 'calle=', 'rue=', 'via=', 'line1='],
  detector: queryStreets,
  examples: {
    match: [
      '10.0.0.7 - - [03/Mar/2026:10:11:12 +0000] "GET /signup?email=x&street=Vesterbrogade+212&city=K%C3%B8benhavn HTTP/1.1" 200 5',
      'ReqURL /orders/new?address1=Stra%C3%9Fe+des+17.+Juni+44&zip=10557',
      'GET /geo?street=18%20Linden%20Crescent',
    ],
    noMatch: ['GET /search?street=Main&sort=asc', 'GET /api?address=0x52908400098527886E0F7030069857D2E4169EE7', 'GET /docs?street=%7Bstreet%7D'],
  },
};
