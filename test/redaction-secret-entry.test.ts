/** Kubernetes Secret entries that hold nothing secret (redaction/rules/secret-entry.ts), and what stays found. */
import { describe, expect, it } from 'vitest';
import { withoutQuotedPrintable } from '../redaction/carriers.js';
import { createTextRedactor } from '../redaction/index.js';
import { holdsNoSecret } from '../redaction/rules/secret-entry.js';

const b64 = (text: string) => Buffer.from(text).toString('base64');

describe('holdsNoSecret', () => {
  it.each([
    ['a user name', 'POSTGRES_USER', b64('orders_app'), true],
    ['a host', 'redis-host', b64('cache-0.cache.staging.svc'), true],
    ['a port', 'smtpPort', b64('2525'), true],
    ['a region', 'AWS_REGION', b64('ap-southeast-2'), true],
    ['a URL without credentials', 'BROKER_URL', b64('amqp://rabbit.internal:5672/jobs'), true],
    ['a URL whose password is a placeholder', 'DATABASE_URL', b64('mysql://shop:<db-password>@mysql.shop:3306/shop'), true],
    ['a placeholder under a credential name', 'stripe-api-key', b64('insert-your-key-here'), true],
    ['a template under a credential name', 'SENTRY_AUTH_TOKEN', b64('${SENTRY_TOKEN}'), true],
    ['a placeholder written plain', 'mail-password', 'REPLACE_ME', true],
    ['a password, however plain', 'MAIL_PASSWORD', b64('tulip'), false],
    ['a token', 'deploy-token', b64('dt_7Hq2Lm9Xz4Vb8Nw1Tk5Yc3'), false],
    ['a user name that is a generated credential', 'ci-user', b64('svc-9Qz4Lm7Xw2Kp8Rt5Vn'), false],
    ['a URL with a real password', 'DATABASE_URL', b64('postgres://orders:Tq8vLm2Xz@db.internal/orders'), false],
    ['an unknown name with a random value', 'signing', b64('Zk29XqLm83NvBt71PwZr'), false],
    ['a registry credential document', '.dockerconfigjson', b64('{"auths":{"registry.example.net":{"username":"deploy","password":"Wq8-bramble-41","auth":"ZGVwbG95OldxOC1icmFtYmxlLTQx"}}}'), false],
    ['a key file named for a credential', 'sa-key.json', b64('{"type":"service_account","client_email":"ci@proj.iam.gserviceaccount.com"}'), false],
    ['a JSON settings file', 'settings.json', b64('{"logLevel":"info","workers":4}'), true],
    ['bytes that are not text (a keystore)', 'keystore.p12', Buffer.from([0x30, 0x82, 0x0a, 0x1f, 0x02, 0x01, 0x03, 0x30]).toString('base64'), false],
  ])('%s (entry %s)', (_what, name, value, expected) => {
    expect(holdsNoSecret(name, value, true)).toBe(expected);
  });
});

describe('through the engine', () => {
  const standard = createTextRedactor('standard');
  const manifest = (entries: Record<string, string>) =>
    `$ kubectl get secret billing -o yaml\napiVersion: v1\ndata:\n${Object.entries(entries).map(([name, value]) => `  ${name}: ${value}\n`).join('')}kind: Secret\nmetadata:\n  name: billing\n  namespace: shop\ntype: Opaque\n`;

  it('leaves a Secret of settings and placeholders as it is', () => {
    const text = manifest({
      DB_USER: b64('billing'),
      DB_HOST: b64('pg-primary.shop.svc.cluster.local'),
      DB_PORT: b64('6432'),
      DB_PASSWORD: b64('changeme'),
      'x-api-key': b64('<billing-api-key>'),
      'webhook-secret': b64('PLACEHOLDER_SECRET'),
    });
    expect(standard(text).text).toBe(text);
  });

  it('still removes the real credential beside them, and one inside a file it holds', () => {
    const password = 'Rk5mX7bQw9jL2vTz';
    const text = manifest({ DB_USER: b64('billing'), DB_PASSWORD: b64(password), 'app.env': b64(`LOG_LEVEL=info\nSMTP_PASSWORD=${password}x\n`) });
    const out = standard(text).text;
    expect(out).toContain(`DB_USER: ${b64('billing')}\n`);
    expect(out).not.toContain(b64(password));
    const fileValue = /app\.env: (\S+)/.exec(out)![1]!;
    expect(Buffer.from(fileValue.replace(/\[REDACTED:[^\]]+\]/g, ''), 'base64').toString('latin1')).not.toContain(password);
  });
});

describe('quoted-printable evidence', () => {
  it('does not take the padding of a base64 value at a line end for a soft line break', () => {
    const yaml = `data:\n  host: ${b64('pg-primary.shop.svc.cluster.local')}\n  port: ${b64('6432')}\n`;
    expect(yaml).toMatch(/==\n/);
    expect(withoutQuotedPrintable(yaml)).toBeNull();
    const softBreak = 'the new relay for the night batch is relay-7.mail.example.net, and its pass=\nword is on the wiki';
    expect(withoutQuotedPrintable(softBreak)!.decoded).toContain('password is on the wiki');
  });
});
