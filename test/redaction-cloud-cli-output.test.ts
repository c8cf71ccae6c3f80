/**
 * Cloud and database CLIs' own output forms (aws, gcloud, kubectl, psql): what is a secret there and
 * what only looks like one. The classes v32 (bench/redaction-holdout-v32) showed; values made up here.
 */
import { describe, expect, it } from 'vitest';
import { createTextRedactor } from '../redaction/index.js';

const redact = (text: string, profile = 'standard') => createTextRedactor(profile)(text).text;
const b64 = (text: string) => Buffer.from(text).toString('base64');
const pad = (text: string, width: number) => text + ' '.repeat(Math.max(0, width - text.length));

describe('left alone', () => {
  it("psql's aligned header above stored SCRAM verifiers", () => {
    const verifier = 'SCRAM-SHA-256$4096:c2FsdHNhbHRzYWx0c2FsdA==$Q2xpZW50S2V5Q2xpZW50S2V5Q2xpZW50S2V5MTIzNDU=:U2VydmVyS2V5U2VydmVyS2V5U2VydmVyS2V5MTIzNDU=';
    const text = `$ psql -c 'SELECT usename, passwd FROM pg_shadow'\n usename |${pad(' passwd', verifier.length + 2)}\n---------+${'-'.repeat(verifier.length + 2)}\n reports | ${verifier}\n(1 row)\n`;
    expect(redact(text)).toBe(text);
  });

  it("kubectl config view's masks and a cluster's API server address (research too)", () => {
    const text = 'apiVersion: v1\nclusters:\n- cluster:\n    certificate-authority-data: DATA+OMITTED\n    server: https://34.90.18.201\n  name: prod\nusers:\n- name: ops\n  user:\n    client-certificate-data: DATA+OMITTED\n    client-key-data: DATA+OMITTED\n';
    expect(redact(text)).toBe(text);
    expect(redact(text, 'research')).toBe(text);
  });

  it('a KMS key ARN after a description that ends in "credentials" (describe-secret --output text)', () => {
    const text = 'arn:aws:secretsmanager:eu-north-1:444455556666:secret:ops/db-Ab12Cd\tpayments database credentials\tarn:aws:kms:eu-north-1:444455556666:key/0f1e2d3c-4b5a-6978-8a9b-0c1d2e3f4a5b\tops/db\n';
    expect(redact(text)).toBe(text);
  });
});

describe('removed', () => {
  it("an ECR authorization token in aws' text and table output", () => {
    const token = b64(`AWS:${b64(JSON.stringify({ payload: 'Zk4xR2mWq8Lp3Vt7Bn5Hc9Jd2Fs6Ga1Ky0Ue4Io8PqRsTuVwXyZ', datakey: 'Qw3Er5Ty7Ui9Op1As3Df5Gh7Jk9Lz2Xc4Vb6Nm8', version: '2', type: 'DATA_KEY', expiration: 1801234567 }))}`);
    for (const text of [`AUTHORIZATIONDATA\t${token}\t1801234567.0\thttps://210987654321.dkr.ecr.eu-north-1.amazonaws.com\n`, `||  authorizationToken|  ${token}   ||\n`]) {
      expect(redact(text)).not.toContain(token);
    }
  });

  it("an AWS secret access key that starts with '+' in a table row", () => {
    const key = '+Wq8Lm2Vx7Zt3Kp9Rn4Bc6Yh1Fs5Jd0GaTe8Nw3x';
    expect(redact(`||  SecretAccessKey|  ${key}   ||\n`)).not.toContain(key);
  });

  it('a docker-registry Secret whole: its .dockerconfigjson blob', () => {
    const blob = b64(JSON.stringify({ auths: { 'registry.example.net': { username: 'deploy', password: 'Wq8-bramble-41', auth: b64('deploy:Wq8-bramble-41') } } }));
    const text = `apiVersion: v1\ndata:\n  .dockerconfigjson: ${blob}\nkind: Secret\nmetadata:\n  name: regcred\ntype: kubernetes.io/dockerconfigjson\n`;
    expect(redact(text)).not.toContain(blob);
  });

  it("Secret Manager's payload and its text that gcloud --log-http prints below the response", () => {
    const secret = 'Tq4-marigold-Vz81x';
    const text = `-- body start --\n{"name": "projects/1234/secrets/smtp/versions/2", "payload": {"data": "${b64(secret)}", "dataCrc32c": "12345"}}\n-- body end --\n---- response end ----\n${'-'.repeat(70)}\n${secret}\n`;
    const out = redact(text);
    expect(out).not.toContain(b64(secret));
    expect(out).not.toContain(secret);
  });

  it("parameters' values beside their paths (ssm --query '…[Name,Value]' --output text)", () => {
    const text = "$ aws ssm get-parameters-by-path --path /prod/mail/ --with-decryption --query 'Parameters[].[Name,Value]' --output text\n/prod/mail/region\teu-north-1\n/prod/mail/api_key\t5d1c9e2a7b3f48e6a0c4d8b2f6e1a9c3\n";
    const out = redact(text);
    expect(out).not.toContain('5d1c9e2a7b3f48e6a0c4d8b2f6e1a9c3');
    expect(out).toContain('/prod/mail/region\teu-north-1');
  });

  it("a person's name in a tag (research)", () => {
    const text = '"Tags": [\n    {\n        "Key": "full-name",\n        "Value": "Tiva Redcloud"\n    },\n    {\n        "Key": "team",\n        "Value": "platform"\n    }\n]';
    const out = redact(text, 'research');
    expect(out).not.toContain('Tiva Redcloud');
    expect(out).toContain('"platform"');
  });

  it("a Google API key in a webhook URL ends where the key ends (the token after it is a finding of its own)", () => {
    const key = 'AIzaSyDdI0hCZtE6vySjMm-WEfRq3CPzqKqqsHI';
    const out = redact(`https://chat.googleapis.com/v1/spaces/AAAAq1Bc2De/messages?key=${key}&token=Vq8xZ2mLk4PwR7tYb3NcHs6JdF9gTaE1uWo0iKlMnQs`);
    expect(out).toMatch(/\?key=\[REDACTED:google-api-key#1\]&token=\[REDACTED:[a-z-]+#\d+\]$/);
  });
});
