/**
 * A data source name that says where a database is and nothing more: a PDO DSN
 * (`mysql:host=db;dbname=shop`), a URL without a user part (`postgres://db:5432/orders?sslmode=require`),
 * Go's `tcp(db:3306)/shop`, or a URL whose password a program masked (Go's `URL.Redacted()`:
 * `postgres://app:xxxxx@db/orders`). Programs print their config's `DSN` field like this when the
 * credentials are given apart; with a user part (`user:pw@`, Sentry's `key@`) or a
 * password/secret parameter it is a credential.
 */
const LOCATOR = /^[\w+.-]{2,20}:(?:\/\/)?[^\s'"@]{1,300}$|^(?:tcp|unix)\([^\s'"()@]{1,200}\)\/[^\s'"@]{0,200}$/;
/**
 * A password in a URL that stands in for one: a mask, a placeholder, a reference to where the
 * password is (`${PGPASSWORD}`, `$PGPASSWORD`, `{{ .Password }}`, `%PGPASSWORD%`), also as a URL
 * writer escapes them (Go's url.URL.String(): `$%7BPGPASSWORD%7D`, `%3Cpassword%3E`, `%2A%2A%2A`).
 */
export const URL_PASSWORD_STAND_IN = String.raw`x{3,}|X{3,}|\*{3,}|•{3,}|redacted|REDACTED|\[REDACTED\]|<[^\s<>@]{1,40}>|\$\{[^\s{}@]{1,100}\}|\$[A-Z_]{2,60}|\{\{[^{}@]{1,100}\}\}|%[A-Z_]{2,60}%|(?:\$|%24)%7B[^%@\s]{1,100}(?:%3A[^%@\s]{1,100})?%7D|%3C[^%@\s]{1,60}%3E|%7B%7B[^@\s]{1,100}%7D%7D|(?:%2A){3,}|%5BREDACTED%5D|%25[A-Z_]{2,60}%25`;
const MASKED_PASSWORD = new RegExp(String.raw`^([\w+.-]{2,20}:\/\/[^\s'"@/:]{0,100}):(?:${URL_PASSWORD_STAND_IN})@([^\s'"@]{1,300})$`);
const SECRET_PARAMETER = /(?:^|[?&;:])(?:[\w.-]*(?:pass|pwd|secret|token|key|sig|auth|cred)[\w.-]*)=/i;

export function credentiallessDsn(value: string): boolean {
  const masked = MASKED_PASSWORD.exec(value);
  const located = masked ? `${masked[1]!.replace(/\/\/.*$/, '//')}${masked[2]!}` : value;
  return LOCATOR.test(located) && !SECRET_PARAMETER.test(located);
}
