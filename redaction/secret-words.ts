/**
 * The word for "password" in other languages: one list that every rule reading a name or a label
 * takes its words from (the assignment rules' names and keywords, the prose rule, the shields
 * that tell a translated label from a value, the URL rule's usage lines).
 *
 * Mined from the gettext catalogs of sudo, passwd, login, shadow, gnupg, cryptsetup and the rest
 * (the translations of "Password" and "Passphrase"): `node dist/bench/redaction/password-words.js`
 * lists them per language, `--coverage` checks this list against every translation of a
 * password-like message. Spellings as written; the forms a name takes (joined by `_`, `-` or
 * nothing, accents folded) are derived by nameSpellings.
 */
export const PASSWORD_WORDS_BY_LANGUAGE: Readonly<Record<string, readonly string[]>> = {
  ab: ['ажәамаӡа'],
  af: ['wagwoord'],
  ar: ['كلمة السر', 'كلمة المرور', 'كلمة سر'],
  as: ['গুপ্তশব্দ', 'পাছৱৰ্ড'],
  az: ['şifrə'],
  be: ['пароль', 'parol'],
  bg: ['парола'],
  bn: ['পাসওয়ার্ড'],
  br: ['ger-tremen'],
  bs: ['lozinka', 'šifra'],
  ca: ['contrasenya'],
  cs: ['heslo'],
  cy: ['cyfrinair'],
  da: ['adgangskode', 'kodeord', 'adgangsfrase'],
  de: ['passwort', 'kennwort'],
  el: ['κωδικός πρόσβασης', 'κωδικός', 'συνθηματικό', 'φράση κλειδί'],
  eo: ['pasvorto', 'pasfrazo'],
  es: ['contraseña'],
  et: ['parool'],
  eu: ['pasahitza', 'pasahitz'],
  ckb: ['تێپه‌ڕه‌وشه'],
  dz: ['ཆོག་ཡིག'],
  fa: ['گذرواژه', 'گذر‌واژه'],
  fi: ['salasana'],
  fr: ['mot de passe', 'phrase secrète'],
  ga: ['focal faire'],
  gd: ['facal-faire'],
  gl: ['contrasinal'],
  gu: ['પાસવર્ડ'],
  he: ['סיסמה', 'ססמה'],
  hi: ['पासवर्ड', 'कूटशब्द', 'शब्दकूट'],
  hr: ['lozinka'],
  hu: ['jelszó'],
  hy: ['գաղտնաբառ'],
  ia: ['contrasigno'],
  ie: ['contrasigne'],
  id: ['kata sandi'],
  is: ['lykilorð'],
  ja: ['パスワード', 'パスフレーズ'],
  ka: ['პაროლი'],
  kk: ['пароль'],
  km: ['ពាក្យសម្ងាត់'],
  kn: ['ಗುಪ್ತಪದ'],
  ko: ['비밀번호', '암호'],
  ku: ['şîfre'],
  lt: ['slaptažodis'],
  lv: ['parole'],
  mai: ['गुड़किल्ली'],
  ml: ['അടയാളവാക്ക്', 'അടയാളവാക്കു്', 'രഹസ്യവാക്ക്', 'പാസ്‌വേറ്‍ഡ്'],
  mr: ['पासवर्ड', 'गुप्तशब्द'],
  ms: ['kata laluan'],
  my: ['စကားဝှက်'],
  nb: ['passord'],
  nds: ['passwoord'],
  ne: ['पासवर्ड', 'गोप्यशब्द'],
  nl: ['wachtwoord'],
  nn: ['passord'],
  oc: ['senhal'],
  or: ['ପ୍ରବେଶ ସଂକେତ', 'ପ୍ରବେଶ ସଙ୍କେତ', 'ପ୍ରବେଶ ସଂଙ୍କେତ'],
  pa: ['ਪਾਸਵਰਡ', 'ਗੁਪਤ-ਕੋਡ'],
  pl: ['hasło'],
  ps: ['تېرنويې'],
  pt: ['senha', 'palavra-passe', 'frase secreta'],
  ro: ['parolă'],
  ru: ['пароль'],
  si: ['රහස්පදය'],
  sk: ['heslo'],
  sl: ['geslo'],
  sq: ['fjalëkalimi'],
  sr: ['лозинка', 'lozinka'],
  sv: ['lösenord', 'lösenfras'],
  ta: ['கடவுச்சொல்'],
  te: ['సంకేతపదము', 'అనుమతిపదం'],
  tg: ['парол'],
  th: ['รหัสผ่าน'],
  tl: ['kontrasenya'],
  tr: ['parola', 'şifre'],
  uk: ['пароль'],
  vi: ['mật khẩu'],
  zh: ['密码', '密碼', '口令', '密語'],
  zu: ['iphasiwedi'],
};

/**
 * Translations left out, and why: each is a common word of its own or another language, or too
 * short to tell a name by (the catalogs' coverage check counts them apart).
 */
export const LEFT_OUT_TRANSLATIONS: Readonly<Record<string, string>> = {
  clave: 'Spanish "key", "code" (and in many names)',
  clau: 'Catalan and Aragonese "key"',
  sandi: 'Indonesian "code", a name',
  kyama: 'Luganda "secret", a common word',
  lusuemi: 'Kongo: one catalog',
  'ئىم': 'three letters, also a word part',
  jelszava: 'Hungarian "his password": an inflected form of jelszó',
  лозинку: 'Serbian accusative of лозинка',
  lozinku: 'Serbian accusative of lozinka',
  '𐑐𐑭𐑕𐑢𐑼𐑛': 'English in the Shavian alphabet',
  'sır-söz': 'Crimean Tatar: one catalog, an apostrophe-less spelling only',
  'maxfiy soʻz': 'Uzbek with a modifier letter apostrophe: not a name',
  'махфий сўз': 'Uzbek: a phrase "secret word"',
};

/** Latin letters without their accents (`jelszó` → `jelszo`); other scripts' marks are their letters and stay. */
export function foldLatinAccents(word: string): string {
  return word.normalize('NFD').replace(/(?<=\p{Script=Latin})\p{M}+/gu, '').normalize('NFC');
}

/** How a name or a label spells `word`: as written, joined by `_`, `-` or nothing, each also with Latin accents folded. */
export function nameSpellings(word: string): string[] {
  const parts = word.replace(/[\u200b-\u200d]/g, '').split(/[ -]/);
  // a Greek word's final sigma inside a joined name is written as any other (`κωδικόσπρόσβασης`)
  const joined = parts.length === 1 ? [word, parts[0]!] : [word, parts.join('_'), parts.join('-'), parts.join(''), parts.join('').replace(/ς(?=\p{L})/gu, 'σ')];
  return [...new Set(joined.flatMap((spelling) => [spelling, foldLatinAccents(spelling)]))];
}

/** Every word of the list once, as written. */
export const FOREIGN_PASSWORD_WORDS: readonly string[] = [...new Set(Object.values(PASSWORD_WORDS_BY_LANGUAGE).flat())];

/** Every spelling of every word (see nameSpellings), longest first (an alternation tries them in order). */
export const FOREIGN_PASSWORD_SPELLINGS: readonly string[] = [...new Set(FOREIGN_PASSWORD_WORDS.flatMap(nameSpellings))].sort((a, b) => b.length - a.length || a.localeCompare(b));

/** The spellings a name can take (no blanks), longest first. */
export const FOREIGN_PASSWORD_NAME_SPELLINGS: readonly string[] = FOREIGN_PASSWORD_SPELLINGS.filter((word) => !word.includes(' '));

/** Words as one regular expression alternation (for a pattern with the `i` flag, with or without `u`). */
export function alternation(words: readonly string[]): string {
  return words.map((word) => word.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('|');
}

/** The name spellings as one alternation. */
export const FOREIGN_PASSWORD_ALTERNATION = alternation(FOREIGN_PASSWORD_NAME_SPELLINGS);
