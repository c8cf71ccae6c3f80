/**
 * Postal addresses written in Chinese, Japanese or Korean without a label: the administrative
 * divisions run from the largest to the smallest and end with the house number, so the shape
 * itself gives them away (`浙江省杭州市西湖区文三路478号`, `東京都渋谷区渋谷2-21-1`,
 * `서울특별시 강남구 테헤란로 152`). Each form needs a city-level division, a district-level one
 * and a number, which prose in these languages rarely strings together.
 */
import type { Rule } from '../types.js';

const HAN = String.raw`\p{Script=Han}`;
const KANA = String.raw`\p{Script=Hiragana}\p{Script=Katakana}ー`;
/** Chinese: (province) city, district or county, a road with its number and 号. */
const CHINESE = String.raw`(?:[${HAN}]{2,7}(?:省|自治区))?[${HAN}]{1,6}市(?:[${HAN}]{1,6}(?:区|县|區|縣|市))?[${HAN}\d]{1,12}?(?:路|街|道|巷|弄|胡同)\d{1,5}(?:-\d{1,4})?[号號](?:[${HAN}\d]{0,8}(?:室|楼|樓|栋|棟|单元))?`;
/** Japanese: a prefecture, a city, ward, town or village, then the block numbers (`2-21-1`, `1丁目2番3号`). */
const JAPANESE = String.raw`[${HAN}]{1,3}[都道府県][${HAN}${KANA}]{1,8}?[市区町村郡][${HAN}${KANA}]{0,10}\d{1,4}(?:丁目|番地?|号|-)(?:\d{1,4}(?:番地?|号|-)?){0,3}`;
/** Korean road-name addresses: a city or province, a district, a road (로/길) and its building number. */
const KOREAN = String.raw`\p{Script=Hangul}{1,6}(?:특별시|광역시|특별자치시|특별자치도|시|도)[ ]\p{Script=Hangul}{1,6}(?:구|군|시)(?:[ ]\p{Script=Hangul}{1,6}(?:구|동|읍|면))?[ ][\p{Script=Hangul}\d]{1,12}(?:로|길)[ ]?\d{1,5}(?:-\d{1,4})?`;

export const CJK_ADDRESS_RULE: Rule = {
  id: 'cjk-address',
  type: 'pii',
  label: 'address',
  description: 'a postal address in Chinese, Japanese or Korean order without a label: city and district divisions down to the road and house number (…市…区…路12号, …都…区…2-21-1, …시 …구 …로 152)',
  keywords: ['号', '號', '都', '道', '府', '県', '구 ', '군 ', '시 ', '도 '],
  pattern: new RegExp(`${CHINESE}|${JAPANESE}|${KOREAN}`, 'u'),
  examples: {
    match: [
      '收件人地址在 浙江省杭州市西湖区文三路478号 请尽快发货',
      '配送先は京都府京都市左京区下鴨松原町12-3です',
      '客户在广州市天河区体育东路108号1203室',
      '배송지: 부산광역시 해운대구 센텀중앙로 79',
      '받는 곳: 경상북도 경주시 태종로 188',
      'customer: 大阪府堺市北区中百舌鳥町2丁目45番地',
    ],
    noMatch: [
      '这个函数在北京市很常用，请看第3行',
      '東京都の天気は晴れです',
      '이 함수는 서버로 요청을 보냅니다 2번',
      '회의는 오후 3시 회의실에서 합니다',
      '第12号 发布说明',
      '道路 3 号线已修复',
    ],
  },
};
