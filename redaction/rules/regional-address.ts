/**
 * Street addresses whose parts are marked by abbreviations of their own language rather than by
 * a postcode after a street word: Russian and Ukrainian (`ул. Тверская, д. 7, кв. 12`, `вул.
 * Хрещатик, буд. 22`), Turkish (`Atatürk Mah. Cumhuriyet Cad. No:15 D:3`) and Greek (`οδός Ερμού
 * 15, 105 63 Αθήνα`). The street's marker and a house number are both required; a town before
 * (`г. Москва, `) and a postcode and town after are taken too.
 */
import type { Rule, Span } from '../types.js';
import { addresseeStart } from './person-name-shape.js';

const WORD = String.raw`\p{Lu}[\p{L}'’.-]*`;
const WORDS = String.raw`${WORD}(?:[ ]${WORD}){0,3}`;
const NUMBER = String.raw`\d{1,5}[\p{L}]?(?:/\d{1,5}[\p{L}]?)?`;

/** Russian and Ukrainian: (postcode,) (г./м. town,) street marker and name, house, building, flat. */
const CYRILLIC_TOWN = String.raw`(?:\d{5,6},[ ]?)?(?:(?:г\.|м\.|город|місто)[ ]?${WORD},[ ]?)?`;
const CYRILLIC_STREET = String.raw`(?:[Уу]л\.|[Уу]лица|[Вв]ул\.|[Вв]улиця|пр-т|просп\.|проспект|пер\.|переулок|провулок|бул\.|бульвар|ш\.|шоссе|наб\.|пл\.|площадь|площа)[ ]?${WORDS}`;
const CYRILLIC_HOUSE = String.raw`,?[ ](?:(?:д\.|дом|буд\.|будинок)[ ]?)?${NUMBER}(?:,?[ ](?:корп\.|к\.|стр\.|строение|корпус)[ ]?\d{1,4})?(?:,?[ ](?:кв\.|квартира|оф\.|офис)[ ]?\d{1,5})?`;
const CYRILLIC_TOWN_AFTER = String.raw`(?:,[ ]${WORD}(?:,?[ ]\d{5,6})?)?`;
const CYRILLIC = `${CYRILLIC_TOWN}${CYRILLIC_STREET}${CYRILLIC_HOUSE}${CYRILLIC_TOWN_AFTER}`;

/** Turkish: (neighbourhood Mah.) street Cad./Sok./Bulvarı, No:15 (/3), D:3 or Daire 3, then postcode and district/town. */
const TURKISH_AREA = String.raw`(?:${WORDS}[ ](?:Mah\.|Mahallesi|Mh\.),?[ ])?`;
const TURKISH_STREET = String.raw`${WORDS}[ ](?:Cad\.|Caddesi|Cd\.|Sok\.|Sokak|Sokağı|Sk\.|Bulvarı|Blv\.)`;
const TURKISH_HOUSE = String.raw`,?[ ]No[:.]?[ ]?${NUMBER}(?:,?[ ](?:D|Daire|Kat)[:.]?[ ]?\d{1,4})*(?:,?[ ](?:\d{5}[ ])?${WORD}(?:/${WORD})?)?`;
const TURKISH = `${TURKISH_AREA}${TURKISH_STREET}${TURKISH_HOUSE}`;

/** Greek: οδός/Λεωφόρος and the street's name, the number, then (postcode) town. */
const GREEK = String.raw`(?:οδός|Οδός|οδ\.|Οδ\.|Λεωφόρος|Λεωφ\.|λεωφ\.)[ ]${WORDS}[ ]${NUMBER}(?:,[ ](?:\d{3}[ ]?\d{2}[ ])?${WORD}(?:[ ]\d{3}[ ]?\d{2})?)?`;

const ADDRESS_SOURCE = String.raw`(?<![\p{L}\d])(?:${CYRILLIC}|${TURKISH}|${GREEK})(?![\p{L}\d])`;
/** Built at its first use: its `\p{…}` classes cost milliseconds to construct in every process, and only the research profile reads addresses. */
let address: RegExp | undefined;
const addressPattern = (): RegExp => (address ??= new RegExp(ADDRESS_SOURCE, 'gu'));
const REACH_BACK = 120;
const REACH_ON = 160;

/** Around each marker: the address in a small window of its line that holds the marker. */
function* regionalAddresses(text: string, starts: readonly number[] = []): Iterable<Span> {
  let done = 0;
  for (const at of starts) {
    if (at < done) continue;
    const from = Math.max(0, at - REACH_BACK);
    const window = text.slice(from, Math.min(text.length, at + REACH_ON));
    const pattern = addressPattern();
    pattern.lastIndex = 0;
    for (let match = pattern.exec(window); match; match = pattern.exec(window)) {
      const start = from + match.index;
      const end = start + match[0].length;
      if (end <= at) continue;
      if (start <= at) {
        yield { start: addresseeStart(text, start) ?? start, end };
        done = end;
      }
      break;
    }
  }
}

export const REGIONAL_ADDRESS_RULE: Rule = {
  id: 'regional-address',
  type: 'pii',
  label: 'address',
  description: 'a street address marked by its own language: Russian and Ukrainian (ул., вул., пр., пер. with д./буд. and кв.), Turkish (Mah., Cad., Sok. with No:) and Greek (οδός, Λεωφόρος), with the town and postcode around it',
  keywords: ['ул.', 'улица', 'вул.', 'вулиця', 'пр-т', 'просп', 'проспект', 'пер.', 'переулок', 'провулок', 'бул.', 'бульвар', 'ш.', 'шоссе', 'наб.', 'пл.', 'площад', 'площа', 'cad.', 'caddesi', 'cd.', 'sok.', 'sokak', 'sokağı', 'sk.', 'bulvarı', 'blv.', 'οδός', 'οδ.', 'λεωφ'],
  keywordStarts: true,
  detector: regionalAddresses,
  examples: {
    match: [
      'доставка: г. Казань, ул. Баумана, д. 19, кв. 4',
      'адреса: м. Львів, вул. Городоцька, буд. 48, кв. 7',
      '603000, ул. Большая Покровская 12',
      'Kargo adresi: Caferağa Mah. Moda Cad. No:42 D:5 34710 Kadıköy/İstanbul',
      'Bağdat Cad. No: 221, Suadiye',
      'αποστολή στην οδό: οδός Αιόλου 58, 105 59 Αθήνα',
      'Λεωφόρος Βασιλίσσης Σοφίας 12, Αθήνα',
      'вул. Шевченка 10, Київ 01001',
    ],
    noMatch: [
      'см. ул. в документации',
      'пер. с английского, стр. 5',
      'Cad. katmanı sürüm 2',
      'οδός προς την επιτυχία',
      'No: 5 tests failed',
    ],
  },
};
