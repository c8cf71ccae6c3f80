/**
 * A data source name that says where a database is and nothing more: a PDO DSN
 * (`mysql:host=db;dbname=shop`), a URL without a user part (`postgres://db:5432/orders?sslmode=require`),
 * Go's `tcp(db:3306)/shop`, or a URL whose password a program masked (Go's `URL.Redacted()`:
 * `postgres://app:xxxxx@db/orders`). Programs print their config's `DSN` field like this when the
 * credentials are given apart; with a user part (`user:pw@`, Sentry's `key@`) or a
 * password/secret parameter it is a credential.
 */
const LOCATOR = /^[\w+.-]{2,20}:(?:\/\/)?[^\s'"@]{1,300}$|^(?:tcp|unix)\([^\s'"()@]{1,200}\)\/[^\s'"@]{0,200}$/;
const MASKED_PASSWORD = /^([\w+.-]{2,20}:\/\/[^\s'"@/:]{0,100}):(?:x{3,}|X{3,}|\*{3,}|•{3,}|redacted|REDACTED|\[REDACTED\]|<[^\s<>@]{1,40}>)@([^\s'"@]{1,300})$/;
const SECRET_PARAMETER = /(?:^|[?&;:])(?:[\w.-]*(?:pass|pwd|secret|token|key|sig|auth|cred)[\w.-]*)=/i;

export function credentiallessDsn(value: string): boolean {
  const masked = MASKED_PASSWORD.exec(value);
  const located = masked ? `${masked[1]!.replace(/\/\/.*$/, '//')}${masked[2]!}` : value;
  return LOCATOR.test(located) && !SECRET_PARAMETER.test(located);
}
