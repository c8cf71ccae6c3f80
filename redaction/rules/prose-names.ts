/**
 * A person's full name in prose, where no label or e-mail says a name stands there: a given name on
 * the name judge's public lists (../names/name-judge.ts, some 22,000 of many countries) followed by a
 * capitalised surname ("ask Priya Raman", "Tomasz Nowak's branch", "Torbjørn Lindqvist's branch").
 * A title-case phrase around it (`San Diego Zoo`, a heading) is not taken, nor a surname that is an
 * everyday word (`Daniel Says`), nor an identifier in code (`Daniel.Foo`). A given name that is
 * also an everyday word (`Rose`, `Grant`, `Amber`) needs a surname on the name lists (`Grant
 * Okonkwo`; not `Grant Wood`). The capitalised runs are the key-less rule's (found once a string).
 */
import { isEverydayName, isGivenName, isListedName, tokenNameOdds } from '../names/name-judge.js';
import type { Rule, Span } from '../types.js';
import { GIVEN_NAMES } from './given-names.js';
import { capitalisedRuns } from './keyless-names.js';
import { isPersonName } from './person-name-shape.js';

/** Capitalised words that may stand before a name without making it part of a title. */
const LEAD_INS = new Set(
  ('thanks thank hi hello dear hey cc ping ask asked contact regards best cheers signed by from to with and ' +
    'reviewer assignee owner author reporter mentor manager lead cto ceo dr mr mrs ms mx prof sir madam per via ' +
    'congrats welcome meet tell told email call message').split(' '),
);
/** Everyday words that follow a given name in a heading or a sentence, not surnames. */
const NOT_SURNAMES = new Set(
  ('who what why how when where which says said asks asked wants wanted thinks thought added adds fixed fixes wrote writes made makes merged merges ' +
    'approved approves reviewed reviews commented comments opened opens closed closes requested requests replied ' +
    'is was will would can could should has had have did does and or but the this that these those here there ' +
    'notes note release version mode page field list data type class function method value key file path line code text ' +
    'error errors warning request response server client update updates fix test tests build feature issue issues ' +
    'story stories task tasks ticket tickets branch commit commits pull merge review reviews team group account ' +
    'profile settings config dashboard report reports project projects model models agent agents bot').split(' '),
);
const TITLE_WORD = /^\p{Lu}[\p{Ll}\p{M}]+(?:['’-]\p{Lu}?[\p{Ll}\p{M}]+)*$/u;
const INITIAL = /^\p{Lu}\.$/u;
const PARTICLE = /^\p{Ll}+$/u;
/** What may not follow a name: an identifier's or a path's character, or a further capitalised word (a longer title). */
const AFTER_NAME = /^(?:[\p{L}\p{N}_@/\\$#]|\.\p{L}|-\p{L}|[ ]\p{Lu}\p{Ll})/u;
const WORD_ODDS = -3;

/**
 * A given name that may start a name in prose: on the public lists; one that is also an everyday
 * word (`Rose`, `Grant`) only before a listed surname. The common given names of given-names.ts
 * (chosen to be no everyday word) always.
 */
function startsName(word: string, next: string | undefined): 'curated' | 'listed' | undefined {
  const lower = word.toLowerCase();
  if (GIVEN_NAMES.has(lower)) return 'curated';
  if (!isGivenName(word)) return undefined;
  if (isEverydayName(word) && (next === undefined || !isListedName(next) || isEverydayName(next))) return undefined;
  return 'listed';
}

/** The name in one comma-free part of a run of capitalised words that starts at `at`. */
function nameInPart(part: string, at: number): Span | undefined {
  const words = part.split(' ');
  for (let i = 0; i < words.length - 1; i++) {
    const given = words[i]!;
    if (!TITLE_WORD.test(given)) continue;
    const surnames = words.slice(i + 1).filter((word) => !INITIAL.test(word) && !PARTICLE.test(word));
    const kind = startsName(given, surnames[0]);
    if (!kind) continue;
    // a capitalised word before the given name makes a title (`San Diego Zoo`), unless it leads in (`Thanks Priya Raman`)
    if (i > 0 && !LEAD_INS.has(words[i - 1]!.toLowerCase())) return undefined;
    // a given name and one or two surnames end the run: more capitalised words make a heading
    if (surnames.length === 0 || surnames.length > 2) return undefined;
    if (surnames.some((word) => NOT_SURNAMES.has(word.toLowerCase()) || !TITLE_WORD.test(word))) return undefined;
    // past the common given names, a surname that is an English or technical word or a place is no surname (`Luna Theme`)
    if (kind === 'listed' && surnames.some((word) => tokenNameOdds(word) <= WORD_ODDS)) return undefined;
    const name = words.slice(i).join(' ');
    if (!isPersonName(name)) return undefined;
    const start = at + part.length - name.length;
    return { start, end: at + part.length };
  }
  return undefined;
}

function proseNames(text: string): Span[] {
  const spans: Span[] = [];
  for (const run of capitalisedRuns(text)) {
    // `@Priya Raman` in chat is a mention of the person; `@Priya` glued to a word is not
    const mention = text[run.index - 1] === '@' && (run.index === 1 || /\s/.test(text[run.index - 2]!));
    if (run.glued && !mention) continue;
    // a possessive is not part of the name (`Tomasz Nowak’s branch`)
    const found = run.text.replace(/['’]s$/, '');
    // a capitalised word right before the run, across a lone capital (`I`), is a title's
    let offset = 0;
    for (const part of found.split(', ')) {
      const name = nameInPart(part, run.index + offset);
      offset += part.length + 2;
      if (!name || AFTER_NAME.test(text.slice(name.end, name.end + 3))) continue;
      spans.push(name);
    }
  }
  return spans;
}

/** `Mr. Okafor`, `Dr Anika Sharma`, `Frau Brandt`, `Sra. Gómez`, `Herrn Dr. Weber`, `Dhr. Jansen`, `Sayın Yılmaz`: a title of address (and an academic one), then one to three capitalised words. */
const HONORIFIC_NAME = /(?<![\p{L}\d_.-])(?:Mr|Mrs|Ms|Mx|Dr|Prof|Herrn|Herr|Frau|Mme|Mlle|Monsieur|Sr|Sra|Srta|Dña|Doña|Sig\.ra|Signora|Signor|Sig|Dott|Pan|Pani|Dhr|Mevr|Sayın|Κος|Κα|Κυρία|Κύριος)\.?[ ](?:(?:Dr|Prof|Dott|Ing|Mag)\.?[ ])?((?:\p{Lu}\.[ ])?\p{Lu}[\p{Ll}\p{M}]+(?:['’-]\p{Lu}?[\p{Ll}\p{M}]+)*(?:[ ]\p{Lu}[\p{Ll}\p{M}]+(?:-\p{Lu}[\p{Ll}\p{M}]+)?){0,2})(?![\p{L}\p{N}_@/\\$#]|\.\p{L}|\(|[ ]\p{Lu}[\p{Ll}])/uy;
/** "Dr" after a house number and a street's name is Drive ("4410 Ridgeview Dr. Suite 210"), not a doctor */
const STREET_BEFORE_DR = /\b\d+[A-Za-z]?[ ]+(?:\p{Lu}[\p{L}'’-]*[ ]+){1,3}$/u;
const HONORIFIC_KEYWORDS = ['mr', 'mrs', 'ms', 'mx', 'dr', 'prof', 'herr', 'frau', 'mme', 'mlle', 'monsieur', 'sr', 'sra', 'srta', 'dña', 'doña', 'sig', 'dott', 'pan', 'pani', 'dhr', 'mevr', 'sayın', 'κος', 'κα', 'κυρία', 'κύριος'];

function* honorificNames(text: string, starts: readonly number[] = []): Iterable<Span> {
  let done = 0;
  for (const at of starts) {
    if (at < done) continue;
    // sticky: tried at the keyword only (a search from there would rescan the text at every `dr`, `ms`, `pan`)
    HONORIFIC_NAME.lastIndex = at;
    const match = HONORIFIC_NAME.exec(text);
    if (!match || (match[0].startsWith('Dr') && STREET_BEFORE_DR.test(text.slice(Math.max(0, at - 80), at)))) continue;
    const name = match[1]!;
    if (name.split(' ').some((word) => NOT_SURNAMES.has(word.toLowerCase())) || !isPersonName(name, { single: true })) continue;
    const start = at + match[0].length - name.length;
    yield { start, end: start + name.length };
    done = start + name.length;
  }
}

export const HONORIFIC_NAME_RULE: Rule = {
  id: 'person-name-honorific',
  type: 'pii',
  label: 'name',
  description: 'a name after a title of address (Mr, Mrs, Ms, Dr, Prof, Herr(n), Frau, Mme, Monsieur, Sra, Doña, Signora, Dhr, Mevr, Sayın, Κος, …), an academic title between allowed; the titles stay',
  keywords: HONORIFIC_KEYWORDS,
  keywordStarts: true,
  detector: honorificNames,
  examples: {
    match: ['Dear Mr. Okafor, thanks for the report', 'the patient was seen by Dr Anika Sharma', 'Frau Brandt hat angerufen', 'Sra. Gómez Ruiz called back', 'Herrn Dr. Wolfgang Lenz\nParkstraße 2', 'Mevr. Sanne de Wit belde', 'Sayın Emre Aydın', 'Κος Νίκος Γεωργίου'],
    noMatch: ['Dr. Update the README', 'mr.check() returned', 'see MR 42 and Mr. Robot.txt', 'Dr. Who', 'deliver to 77 Lakeshore Dr Building Nine, loading dock', 'Madame Tussauds opens at nine', 'Dhr. Update the README'],
  },
};

export const PROSE_NAME_RULE: Rule = {
  id: 'person-name-prose',
  type: 'pii',
  label: 'name',
  description: 'a full name in prose: a given name of the public name lists and a capitalised surname, not inside a title-case phrase, an identifier or a path',
  keywords: [],
  detector: proseNames,
  examples: {
    match: [
      'can you ask Priya Raman whether the migration ran?',
      'This was Tomasz Nowak’s branch before the rename',
      'Thanks Fatima Okonkwo, merged.',
      'the on-call engineer was Kenji Watanabe last night',
      'assigned to Maria Garcia Lopez in the tracker',
      'вчера звонил Сергей Волков по поводу миграции',
      '@Siobhan Kearney can you take a look?',
      'the bug was reported by Chiamaka Eze in standup',
      'handing this over to Sébastien Girard tomorrow',
    ],
    noMatch: [
      'Deploy to San Diego Zoo cluster',
      'Daniel Says Hello is the demo app',
      'import { Sarah } from "./Sarah.Component"',
      'Release Notes for Emma Version 2',
      'the daniel-smith branch',
      'see Kevin Update Notes',
      'John Doe is the sample user',
      'user@Camille Laurent',
      '@Diego.Component renders twice',
    ],
  },
};

/**
 * Names that East Asian languages mark with an honorific after them: Japanese `山田太郎さん`,
 * `佐藤 花子 様`, `田中氏`; Korean `김민수 님`, `박지훈씨` (a family name first, three syllables);
 * Chinese `王伟先生`, `李娜女士` (a common family name first). Words for roles that take the same
 * honorifics (`担当者様`, `社長さん`, `고객님`, `관리자님`) and words the suffix belongs to
 * (`仕様`, `氏名`) are not names.
 */
const JAPANESE_HONORIFIC = /(?<![\p{Script=Han}\p{Script=Katakana}])([\p{Script=Han}]{1,3}[ 　]?[\p{Script=Han}]{1,3})[ 　]?(?:さん|様|さま|氏|くん|ちゃん)(?![\p{Script=Han}])/gu;
const NOT_JAPANESE_NAME = /(?:者|長|員|客|皆|各位|先生|医師|神|王|運営|事務局|窓口|会社|御社|貴社|仕|同|多|模|異|各|貴|殿|方|様|皆様|担当|お客|利用|管理|開発|関係|責任|社|店|課|部|係|院|校|所|室|局|駅)$/u;
const KOREAN_SURNAMES = '김이박최정강조윤장임한오서신권황안송류전홍고문양손배백허유남심노하곽성차주우구민진지엄채원천방공현함변염여추도소석선설마길연위표명기반라왕금옥육인맹제모탁국어은편용예경봉사부';
const KOREAN_HONORIFIC = new RegExp(`(?<![\\p{Script=Hangul}])([${KOREAN_SURNAMES}][\\p{Script=Hangul}]{2})[ ]?(?:님|씨)`, 'gu');
const NOT_KOREAN_NAME = /(?:자|원|장|관|객)$|^(?:고객|회원|대표|선생|교수|기사|부장|과장|팀장|사장|원장|실장|차장|이사|주임|대리|상무|전무|여러분)/u;
const CHINESE_SURNAMES = '王李张刘陈杨黄赵吴周徐孙马朱胡郭何高林罗郑梁谢宋唐许韩冯邓曹彭曾肖田董袁潘于蒋蔡余杜叶程苏魏吕丁任沈姚卢姜崔钟谭陆汪范金石廖贾夏韦付方白邹孟熊秦邱江尹薛闫段雷侯龙史陶黎贺顾毛郝龚邵万钱严覃武戴莫孔向汤';
const CHINESE_HONORIFIC = new RegExp(`([${CHINESE_SURNAMES}][\\p{Script=Han}]{1,2})(?:先生|女士|小姐)`, 'gu');

/** Chinese nouns for a person that stand right before a name (`客户张伟反馈`, `用户：李娜，`). */
const CHINESE_PERSON_NOUN = new RegExp(`(?:客户|顾客|用户|会员|患者|病人|乘客|租客|住户|买家|卖家|收件人|收货人|联系人|申请人|投诉人|学员|员工)[：:]?[ ]?([${CHINESE_SURNAMES}][\\p{Script=Han}]{1,2})`, 'gu');
/** What may follow a name: a pause, or a word a sentence about someone goes on with. */
const AFTER_CHINESE_NAME = /^(?:[\s，。、；：！？,.;:!?()（）]|$|反馈|说|称|表示|投诉|报告|来电|致电|打电话|的|在|已|于|要求|想|希望|询问|问|提交|下单|购买|申请|无法|不能|没有|没|未|还|也|又|再|给|向|对|和|与|及|等|今天|昨天|刚|一直|多次|因为|通过|使用|登录|注册|先生|女士|小姐)/u;
/** A single character after which a two-character name ends (`李娜说` is 李娜 and 说). */
const ENDS_CHINESE_NAME = /^[说的在已于想问给向对和与及等也又再还没未称]$/u;
/** Words that start with a family name's character but are no name (`金额`, `高级`, `方式`). */
const NOT_CHINESE_NAME = /^(?:金额|高级|方式|方法|任务|程序|范围|周期|于是|向量|安全|马上|钱包|余额|林业|黄金|白名单|龙头|石油|章节|程度|邮件|万元|钟点)/u;

function* chinesePersonNounNames(text: string): Iterable<Span> {
  CHINESE_PERSON_NOUN.lastIndex = 0;
  for (let match = CHINESE_PERSON_NOUN.exec(text); match; match = CHINESE_PERSON_NOUN.exec(text)) {
    const found = match[1]!;
    const start = match.index + match[0].length - found.length;
    let name: string | undefined;
    for (const length of found.length === 3 && !ENDS_CHINESE_NAME.test(found[2]!) ? [3, 2] : [2]) {
      if (AFTER_CHINESE_NAME.test(text.slice(start + length, start + length + 4))) {
        name = found.slice(0, length);
        break;
      }
    }
    if (!name || NOT_CHINESE_NAME.test(name)) continue;
    yield { start, end: start + name.length };
    CHINESE_PERSON_NOUN.lastIndex = start + name.length;
  }
}

function* honorificSuffixNames(text: string): Iterable<Span> {
  yield* chinesePersonNounNames(text);
  for (const [pattern, exclude] of [
    [JAPANESE_HONORIFIC, NOT_JAPANESE_NAME],
    [KOREAN_HONORIFIC, NOT_KOREAN_NAME],
    [CHINESE_HONORIFIC, null],
  ] as const) {
    pattern.lastIndex = 0;
    for (let match = pattern.exec(text); match; match = pattern.exec(text)) {
      const name = match[1]!;
      if (exclude?.test(name.replace(/[ 　]/g, ''))) continue;
      const start = match.index + match[0].indexOf(name);
      yield { start, end: start + name.length };
    }
  }
}

export const HONORIFIC_SUFFIX_NAME_RULE: Rule = {
  id: 'person-name-honorific-suffix',
  type: 'pii',
  label: 'name',
  description: 'an East Asian name marked by the honorific after it: Japanese さん/様/氏/くん/ちゃん, Korean 님/씨 (after a family name), Chinese 先生/女士/小姐 (after a common family name), or in Chinese by a noun for a person before it (客户张伟反馈, 用户：李娜，); roles that take the same honorifics stay',
  keywords: ['さん', '様', 'さま', '氏', 'くん', 'ちゃん', '님', '씨', '先生', '女士', '小姐', '客户', '顾客', '用户', '会员', '患者', '病人', '乘客', '租客', '住户', '买家', '卖家', '收件人', '收货人', '联系人', '申请人', '投诉人', '学员', '员工'],
  detector: honorificSuffixNames,
  examples: {
    match: ['山田太郎さんから問い合わせがありました', 'お客様：佐藤 花子 様', '開発チームの高橋健一氏が対応', '고객 김민수 님이 환불을 요청했습니다', '박지훈씨에게 연락했어요', '客户王伟先生反馈无法登录', '联系李娜女士确认地址', '客户张伟反馈说无法登录', '客户：李娜，电话 13812345678', '用户王小明的订单一直没有发货'],
    noMatch: ['担当者様へ', '社長さんに確認', 'お客様の仕様を確認', '氏名を入力してください', '고객님, 안녕하세요', '관리자님 확인 부탁드립니다', '여러분 감사합니다', '这位先生说', '用户高级设置', '客户端连接失败', '用户余额的计算', '用户名和密码'],
  },
};
