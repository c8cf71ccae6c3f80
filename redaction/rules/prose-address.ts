/**
 * A home address said in words, with no postcode to anchor it: `I live at 27 Station Road in
 * Harrogate`, `my address is 803 Cherry Lane, Madison`. The verb phrase that introduces it and a
 * house number with a street word are required; the town after `, ` or ` in ` is taken too.
 */
import type { Rule } from '../types.js';

const LEAD = String.raw`(?:[Ll]i(?:ve|ves|ved|ving)[ ](?:at|on)|[Rr]esid(?:e|es|ed|ing)[ ]at|[Ss]tay(?:s|ed|ing)?[ ]at|[Aa]ddress[ ](?:is|was)(?:[ ]now)?|[Mm]oved[ ]to)`;
const STREET_WORD = String.raw`(?:Street|St|Avenue|Ave|Road|Rd|Boulevard|Blvd|Lane|Ln|Drive|Dr|Court|Ct|Place|Pl|Way|Terrace|Close|Crescent|Parkway|Square|Circle|Trail|Row|Walk|Grove|Gardens|Mews|Hill)`;
const UNIT = String.raw`(?:,?[ ](?:Apt|Apartment|Suite|Ste|Unit|Flat|#)\.?[ ]?#?[\w-]{1,6})`;
const TOWN = String.raw`(?:(?:,[ ]|[ ]in[ ])\p{Lu}[\p{L}'’.-]*(?:[ ]\p{Lu}[\p{L}'’.-]*){0,2})`;
/** `Nørregade 7`, `Keizersgracht 123`, `Lindenstraße 4`: a continental street name that ends in its street word, then the number. */
const NAME_THEN_NUMBER = String.raw`\p{Lu}[\p{L}-]*(?:gade|gatan|gata|vej|veien|vegen|straße|strasse|weg|gasse|platz|allee|gracht|straat|laan|plein|katu|tie|utca)[ ]\d{1,5}[A-Za-z]?(?:,[ ]\d\.[ ]?(?:tv|th|mf|sal))?`;
const STREET = String.raw`(?:\d{1,5}[A-Za-z]?(?:[ ]\p{Lu}[\p{L}'’.-]*){1,3}?[ ]${STREET_WORD}\b\.?|${NAME_THEN_NUMBER})${UNIT}?${TOWN}?`;

export const PROSE_ADDRESS_RULE: Rule = {
  id: 'prose-address',
  type: 'pii',
  label: 'address',
  description: 'a street address introduced in words (lives at, resides at, address is, moved to) with a house number and a street word, and the town after it',
  keywords: ['live at', 'lives at', 'lived at', 'living at', 'live on', 'lives on', 'lived on', 'living on', 'reside', 'residing at', 'stay at', 'stays at', 'staying at', 'stayed at', 'address is', 'address was', 'moved to'],
  pattern: new RegExp(String.raw`\b${LEAD}[ ](?<secret>${STREET})(?![\p{L}\d])`, 'u'),
  examples: {
    match: [
      'my home address is 27 Station Road in Harrogate, can you put it in the seed',
      'She lives at 803 Cherry Lane, Madison and wants the form prefilled',
      'the client moved to 12 Quarry Hill Close, Apt 3 last month',
      'the customer lives at Nørregade 7, Copenhagen',
      'she moved to Prinsengracht 263 in Amsterdam',
      'he lived on 41 Mill Lane until March, per the intake form',
      'the tenant, residing at 9 Orchard Grove, asked for a copy',
    ],
    noMatch: [
      'the handler lives at 3 layers deep in the stack',
      'the value lives at 0x7ffd in memory',
      'we moved to 3 Worker Threads per pod',
      'the address is 10.0.0.4 on the VPN',
      'the cache lived on 2 Redis Nodes before the move',
    ],
  },
};
