/**
 * The classes of idioms issue 12 named, each with examples written here (not taken from any
 * evaluation corpus): secrets assigned in other languages' and formats' idioms, tokens known by
 * their place or shape, and the look-alikes that must be left alone (code that reads a secret,
 * secret-manager references, cache keys, prose after "basic", placeholders).
 * `S` = a secret must be removed (standard profile); `N` = the text must come out unchanged.
 */
import { describe, expect, it } from 'vitest';
import { createTextRedactor } from '../redaction/index.js';

const CASES: Array<['S' | 'N', string]> = [
 ['S', 'ENV["STRIPE_SECRET"] ||= "q8Vt3LmZ0pXr7Kw2Nf5Bh9Yc"'],
 ['S', "ENV['SMTP_PASSWORD'] = 'Tr0ub4dor&3x'"],
 ['S', 'os.environ["MAILER_TOKEN"] = "f3K9xLq2Vm8PzR7tW1nB"'],
 ['S', 'os.Setenv("REDIS_PASSWORD", "nq7-Lz2_x9Kd")'],
 ['S', "define('AUTH_SALT', 'k#9Lm!2xQ@7pZ&4vR^8tW*1n');"],
 ['S', 'System.setProperty("db.password", "Hx8!kq2Lz9")'],
 ['S', '<add key="ReportingDbPassword" value="Wq9$zL2m!Kp" />'],
 ['S', '<add name="Ledger" connectionString="Server=sql01;Database=ledger;User Id=app;Password=Mz7#pQ2x;" />'],
 ['S', '<entry key="mail.smtp.password">Gv3!mN8qLz</entry>'],
 ['S', '<ldapBindPassword>Rk2@xP9vLm</ldapBindPassword>'],
 ['S', '<signingSecret type="string">8fJ2kLq9Xz3VbN7mWp1R</signingSecret>'],
 ['S', 'env:\n  - name: POSTGRES_PASSWORD\n    value: Sd8fLk2Pq9z\n  - name: LOG_LEVEL\n    value: info'],
 ['S', '        - name: API_SIGNING_KEY\n          value: "Zp4Qx8Lm2Vk7Rt9Wn3Bc6Yh1"'],
 ['S', '{"environment": [{"name": "DATABASE_PASSWORD", "value": "Lq8#vZ2mPx"}, {"name": "PORT", "value": "8080"}]}'],
 ['S', 'aws ssm put-parameter --name /prod/db/password --value "Kj3!mQ9zLx" --type SecureString'],
 ['S', 'TWILIO_AUTH_TOKEN=4b9c1e7f2a8d3065b1c9e4f7a2d8b3c6'],
 ['S', '<TwilioAuthToken>e8a1f4c7b2d95063a7e1c4f8b2d9a3e6</TwilioAuthToken>'],
 ['S', 'curl -s "https://api.telegram.org/bot7391046628:Xk2vLq9mZ8pR3tW7nB1cY4hF6jD0sG5aE2u/getUpdates"'],
 ['S', 'client.run("MTE4NzY1NDMyMTA5ODc2NTQzMg.GhQx2L.k8Zp3Lm9Vq2Xr7Tw1Nb5Yc4Hf6Jd0Sg8Ae")'],
 ['S', '[\n  {\n    "keyName": "key1",\n    "permissions": "FULL",\n    "value": "' + 'Q'.repeat(0) + '4EWX6ekbdheTaILhORpGEQvLS5RTkXKYf1fkpCKygqRXvooll1DZiwEEJjike5ixJQMuXwiMs3zxLMeaeXjn3w==' + '"\n  }\n]'],
 ['S', "SECRET_KEY = 'v$3k(9l!x@2m#q8z%p&w*r7t)b-n_c=h+j4'"],
 ['S', 'DJANGO_SECRET_KEY=h7(k2!m@x9#q$z%8w^p&l*3r-v_b=n+t'],
 // values after a viewer's decoration: diff lines, numbered views, JSON-escaped tabs
 ['S', '+++ b/ops/.netrc\n@@ -0,0 +1,3 @@\n+machine pkgs.corp.example\n+  login ci-bot\n+  password 2b7e9c4a-1f3d-4e8a-9b6c-0d5f2a8e7c31'],
 ['S', '     4\tmachine pkgs.corp.example\n     5\t  login ci-bot\n     6\t  password Lk9#Vz2qMx'],
 ['S', '{"content":"     1\\tmachine nexus.corp.example\\n     2\\t  login svc\\n     3\\t  password Hm4Tq9Zx2Lp"}'],
 ['S', ' LOG_LEVEL=warn\n+DB_PASS=Coral.dune.kestrel38\n'],
 ['S', '    12→ENCRYPTION_SEED_KEY=9d4b7e2a5c8f1d3b6e9a2c5f8b1d4e7a0c3f6b9d2e5a8c1f4b7d0e3a6c9f2b5d8'],
 ['S', '*** Add File: ~/.pgpass\\n+db7.corp.example:5432:*:etl:Fern_Orbit_cobalt_7731\\n+localhost:5432:dev:dev:dev'],
 // a password set in prose, or given with its user
 ['S', 'FYI I rotated the grafana password to Pw7Kd2Nx9Qz4 after the audit'],
 ['S', 'creds for the kiosk: login kiosk01 / pwd Zt5#Rm8qLw'],
 // the scheme and the credential as separate arguments, basic-auth tuples, fallbacks of secret variables
 ['S', 'client.DefaultRequestHeaders.Authorization = new AuthenticationHeaderValue("Bearer", "Vn3Lq8Zt2Kx7Rw4Pm9");'],
 ['S', 'req.Header.Add("Authorization", "Bearer Qs8Lx3Mz7Vt2Nk9Rw4")'],
 ['S', "httpx.get(url, auth=('ops', 'Tq6!Lm2xVz9k'))"],
 ['S', "const key = process.env.SENDGRID_API_KEY || 'Kd7Lq2Vx9Mz4Rt8Wn3Pb6Yc';"],
 ['S', 'secret = os.environ.get("WEBHOOK_SECRET", "Bq5Zt8Lm3Vx7Nk2R")'],
 ['S', '      MYSQL_ROOT_PASSWORD: ${MYSQL_ROOT_PASSWORD:-Slate.harbor.ibis61}'],
 ['S', 'variable "session_signing_secret" {\n  type      = string\n  sensitive = true\n  default   = "c7e2a9f4b1d8e5a2c9f6b3d0e7a4c1f8"\n}'],
 ['S', '$ heroku auth:token\n9e3c5a7b-2d4f-4b6a-8c1e-3f5a7b9d1c2e\n$ '],
 ['S', 'Token:       9e3c5a7b-2d4f-4b6a-8c1e-3f5a7b9d1c2e\nScope:       global'],
 ['S', 'twilio_client = Client("SK5d8e1a4c7b0f3e6a9d2c5b8e1f4a7d0c", api_secret, sid)'],
 ['S', '$ cat mg.key\nkey-7c2e9a4f1b8d5e2a9c6f3b0d7e4a1c8f'],
 // look-alikes: elided examples, comparisons, help text, rules about passwords, keys of caches, public DSNs
 ['N', 'OPENAI_API_KEY="sk-proj-..."   # paste yours here'],
 ['N', 'gh auth status shows the token as gho_****… when it is stored'],
 ['N', 'if(a.secret===b.secret&&a.token==b.token)return!0'],
 ['N', 'Options:\n  --api-token STRING   token used for the registry\n  --password VALUE     registry password'],
 ['N', '<input type="password" passwordrules="minlength: 16; required: digit; required: upper;">'],
 ['N', '{"passwordRequirements": "at least 12 characters, one digit"}'],
 ['N', 'Restored cache from key: pip-Linux-3.12-8d969eef6ecad3c29a3a629280e686cf0c3f5d5a86aff3ca12020c923adc6c92'],
 ['N', 'const dsn = "https://4c1a9e7b2d5f8a3c6e9b2d5f8a1c4e7b@o450871.ingest.sentry.io/5521437"'],
 ['N', 'auth=(username, password)'],
 ['N', "const region = process.env.AWS_REGION ?? 'eu-central-1'"],
 ['N', 'send the token to svc-bot42 after review'],
 ['N', 'password = await prompt("Enter the admin password: ")'],
 ['N', 'token = os.environ.get("SLACK_TOKEN")'],
 ['N', 'const secret = loadSecretFromVault(path);'],
 ['N', 'api_key = settings.get("api_key")'],
 ['N', 'password := readPassword(os.Stdin)'],
 ['N', 'token: ${{ secrets.NPM_PUBLISH_TOKEN }}'],
 ['N', 'db_password: ${vault:kv/data/app#db_password}'],
 ['N', 'PASSWORD={{ secrets.ADMIN_PASSWORD }}'],
 ['N', 'secret_arn = "arn:aws:secretsmanager:eu-west-1:210987654321:secret:app/db-Qw3rTy"'],
 ['N', 'export GH_TOKEN="op://Engineering/GitHub/token"'],
 ['N', 'password = getpass.getpass()'],
 ['N', 'self.password = password'],
 ['N', 'token = request.headers.get("X-Auth-Token")'],
 ['N', 'X-Cache-Key: v3-static-8c1f4e9a2b7d'],
 ['N', 'cache_key = "thumbs-v4-" + digest'],
 ['N', 'ETag: W/"5e8f2a9c41b7d3e6"'],
 ['N', 'X-Build-Key: release-2026.11.3-8f2c91a'],
 ['N', 'Start with a basic structure.'],
 ['N', 'I created a basic README.md file for the project.'],
 ['N', 'This uses basic authentication over TLS.'],
 ['N', 'We need a bearer token here, not basic credentials.'],
 ['S', 'Authorization: Basic YWRtaW46UzNjcjN0UGFzcw=='],
 ['S', 'curl -H "Authorization: Bearer 7Lq2Xm9Zp3Vb8Nw1Rt5Yc" https://x'],
 ['N', 'Authorization: Bearer <token>'],
 ['N', 'API_KEY=<YOUR_API_KEY>'],
 ['N', 'OPENAI_API_KEY=sk-xxxxxxxxxxxxxxxxxxxxxxxx'],
 ['N', 'password: changeme'],
 ['N', 'password: "[REDACTED]"'],
 ['N', 'token=***'],
 ['N', 'api_key: "****************"'],
];

describe('idioms (standard profile)', () => {
  it.each(CASES.filter(([want]) => want === 'S').map(([, text]) => [text]))('removes the secret in %j', (text) => {
    expect(createTextRedactor('standard')(text).text).not.toBe(text);
  });
  it.each(CASES.filter(([want]) => want === 'N').map(([, text]) => [text]))('leaves %j alone', (text) => {
    expect(createTextRedactor('standard')(text).text).toBe(text);
  });
});
