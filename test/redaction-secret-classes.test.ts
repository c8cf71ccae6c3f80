/**
 * Classes of misses and false findings fixed from what real programs print (session 11): each
 * case written here, not taken from an evaluation corpus. `S` = the secret must be removed
 * (standard profile); `N` = the text must come out unchanged.
 */
import { describe, expect, it } from 'vitest';
import { createTextRedactor } from '../redaction/index.js';
import { isTechnicalName } from '../redaction/rules/technical-names.js';

const CASES: Array<['S' | 'N', string, string?]> = [
  // algorithm, encoding and option names stated as a password or given to a password option
  ['N', 'our password is Argon2i, the legacy ones were md5-crypt'],
  ['N', "Net::Thing->new(host => $h, password => 'iso-8859-15', debug => 0)"],
  ['N', 'auth:\n  password: "hmac-sha512"'],
  ['N', 'the password is encrypted with aes-128-cbc'],
  ['S', 'the password is Argon2024!x', 'Argon2024!x'],
  // every password flag of a command on its line, a quoted one up to its quote
  ['S', "ssh-keygen -p -f id_ed25519 -P 'Kelp9-tundra' -N 'brass otter 61 lamp'", 'Kelp9-tundra'],
  ['S', "ssh-keygen -p -f id_ed25519 -P 'Kelp9-tundra' -N 'brass otter 61 lamp'", 'otter 61'],
  ['S', 'keytool -storepasswd -new Rc7!vQm2Lx -storepass Ft3#kWz8Pn -keystore a.jks', 'Rc7!vQm2Lx'],
  ['S', 'pk12util -i b.p12 -d sql:. -K Jm4!tRq9Vz -W Pw2#xLk7Cd', 'Jm4!tRq9Vz'],
  ['S', 'pk12util -i b.p12 -d sql:. -K Jm4!tRq9Vz -W Pw2#xLk7Cd', 'Pw2#xLk7Cd'],
  // settings given as positional key value pairs, and every value a secret-storing command takes
  ['S', 'rclone config create store s3 provider Minio access_key_id minio-ci secret_access_key Zq6vLm2Kx8Rt4Wp9', 'Zq6vLm2Kx8Rt4Wp9'],
  ['S', 'rclone obscure Fv9!kQm3Lx\nPx7mW2qLz9Rk4Vt8Nc3Hb6Jd1Fs5Ga0Qm', 'Px7mW2qLz9Rk4Vt8Nc3Hb6Jd1Fs5Ga0Qm'],
  ['S', 'kubectl create secret generic hooks --from-literal=github=Wv3Kq9Lm2Xz7Rt4P --from-literal=slack=Tn8Lq2Vm7Kz4Xw9R', 'Tn8Lq2Vm7Kz4Xw9R'],
  ['N', 'rclone config create store s3 provider Minio env_auth true region eu-central-1'],
  ['N', 'kubectl create secret generic db --from-literal=host=db.internal --from-literal=port=5432'],
  // a Hibernate binding whose statement is not in the text: the value's shape decides
  ['S', 'DEBUG BasicBinder - binding parameter [2] as [VARCHAR] - [Mv5kT9qLx2Rz]', 'Mv5kT9qLx2Rz'],
  ['N', 'DEBUG BasicBinder - binding parameter [2] as [VARCHAR] - [eu-central-1]\nDEBUG BasicBinder - binding parameter [3] as [BIGINT] - [4417]'],
];

describe('secret classes fixed from real programs (standard profile)', () => {
  const redact = createTextRedactor('standard');
  it.each(CASES)('%s: %j', (kind, text, secret) => {
    const out = redact(text).text;
    if (kind === 'N') expect(out).toBe(text);
    else expect(out).not.toContain(secret ?? text);
  });
});

describe('technical names', () => {
  it.each(['des-ede3-cbc', 'ECDSA-SHA2-NISTP384', 'utf-32be', 'xchacha20-poly1305'])('%s is one', (value) => {
    expect(isTechnicalName(value)).toBe(true);
  });
  it.each(['sha2021', 'hexagon', 'Basel2', 'edwin99', 'cp2023'])('%s is not', (value) => {
    expect(isTechnicalName(value)).toBe(false);
  });
});
