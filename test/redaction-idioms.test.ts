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
 // a setter's or an indexed element's name is a part of the name around its keyword, which alone names nothing; common keywords inside other words nearby
 ['S', 'bypassPermissions: true\nsetApiKey("Vm3Qx8Lt2Zp7Kw9Rn4Bc6Yh1")'],
 ['S', 'keybindings.json\nlocal.withSecret("Hq7Lm2Vx9Kz4Wt8Rn3Bc5Pd")'],
 ['S', 'Co-Authored-By: Ann\ncache.setToken("Tz8Kq2Lm5Vx9Rw3Nb7Hd4Pc")'],
 ['S', 'max-api_key[0] = "Wn4Bc7Rt2Lm9Kx3Vq8Zp5Hd"'],
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
 // other languages' prose
 ['S', 'Das Kennwort des Routers lautet Fh6!qM3vLz'],
 ['S', 'le mot de passe de la base est Jd8#kV2mQx'],
 ['S', 'la contraseña del panel es: Tk5$vQ9mLw'],
 ['S', 'ルーターのパスワードは Vq3!mK8zLt です'],
 ['S', '管理员密码是 Xk7#vQ2mLp'],
 ['S', 'Пароль администратора: Wr4!kV9mQz'],
 // tools' own password arguments, SQL, calls
 ['S', 'bcp dbo.orders out orders.dat -S db02 -U loader -P Qm8#vK3zLt -c'],
 ['S', 'ldapmodify -x -D cn=admin,dc=example,dc=org -w Hx5!qV2mKp -f change.ldif'],
 ['S', 'rar a -hpZk4#vQ8mLt vault.rar keys/'],
 ['S', 'rpcclient -U ops%Lt7!kQ3vMz 10.1.2.3'],
 ['S', 'htpasswd -bB /srv/.htpasswd grafana Nv2#qK8mLz'],
 ['S', 'aws configure set default.aws_secret_access_key Rw3vQ8mK2zLp5Tx9Nc4Hy7Bd1Fg6Js0Ea3Uk8Oi'],
 ["S", "ALTER ROLE analytics WITH ENCRYPTED PASSWORD 'Bz6!qV3mKt';"],
 ['S', '$mysqli = mysqli_connect("db", "shop", "Pk9#vQ4mLz", "shop");'],
 ['S', 'imap.login("reports@corp.example", "Gz3!kV7mQx")'],
 ['S', 'db, _ := sql.Open("mysql", "shop:Mv5#qK2zLt@tcp(10.0.0.4:3306)/shop")'],
 ['S', 'gh secret set SENTRY_TOKEN --body "Tq2#kV9mLz"'],
 // assignments in more languages' idioms
 ['S', 'DB_PASSWORD: str = "Kp8!vQ3mZx"'],
 ['S', 'private val apiToken: String = "Zr5#kV8mQt2Lx9Wn"'],
 ['S', 'set -gx SMTP_PASSWORD Hq4!vK7mLz'],
 ['S', '$env:REGISTRY_PASSWORD = "Lv6#qK3mZt"'],
 ['S', "config[:smtp] = { :password => 'Xq7!kV2mLp' }"],
 ['S', 'builder.password("Wk8#vQ5mLz").build()'],
 ['S', '<AdminPassword value="Qt3!kV9mLx"/>'],
 ['S', 'adminPw: Jv7#kQ2mLz'],
 // look-alikes: encrypted, hashed, translated, tagged, templated, placeholders
 ['N', 'password: ENC(Tq8KvN3QpL2mZt7RwYc4Hb9Fs1Dj6Ek0=)'],
 ['N', 'db_password: !vault |\n  $ANSIBLE_VAULT;1.1;AES256\n  3631653564386432376361623962'],
 ['N', 'password: !Ref AdminPasswordParam'],
 ['N', 'spring.mail.password={cipher}AQA9pR8mKx2vQz9Lt4Wn6Hs3Jc1Yf5Dg0Ek8Pu2'],
 ['N', 'token: vault:v2:Qm9Lp2Xv7Kt4Rw8Zs3Nc6Yb1Hj5Gd0Sa2Ek7='],
 ['N', 'root_password: $6$rounds=656000$Zq8vK2mQ$Lp4Rt7Wn3Bc6Hs1Jd5Gf0Ek8Pu2Lq7Vx9Mz4Ty8Ra'],
 ['N', 'password: "$2y$10$Lp4Rt7Wn3Bc6Hs1Jd5Gf0eK8Pu2Lq7Vx9Mz4Ty8RaQm2Xv7Kt4Rw"'],
 ['N', 'hashed_password = "pbkdf2_sha256$720000$Qm2Xv7$Lp4Rt7Wn3Bc6Hs1Jd5Gf0Ek8Pu2="'],
 ['N', '"password": "Kennwort",\n"password_invalid": "Das Kennwort ist falsch.",'],
 ['N', 'auth.password = Mot de passe\nauth.password_help = Saisissez votre mot de passe'],
 ['N', 'token_missing: トークンがありません'],
 ['N', 'secret: "{{ lookup(\'community.hashi_vault.hashi_vault\', \'secret=kv/data/app:api_key\') }}"'],
 ['N', 'DB_PASSWORD: "@Microsoft.KeyVault(SecretUri=https://kv-prod.vault.azure.net/secrets/db/)"'],
 ['N', 'password = "example-password"'],
 ['N', 'api_token: "fake_token_for_tests"'],
 ['N', 'adminPassword: $(ADMIN_PASSWORD)'],
 // more encrypted values and template forms
 ['N', 'db_password: CiQAtV8xKm3Lz9Rk4Qw7Mc2Xb6Gs1Hd5Ff0Dk8Nu2Kp7Uw9Ly4Sx8QaPm2Wv7Js4Qv8Yr3Mb6Xa=='],
 ['N', 'SMTP_PASSWORD=U2FsdGVkX19Kz4Lm2Vq8Rt3Wn7Bc5Hs1Jd9Gf0Ek6Pu='],
 ['N', 'password = %(smtp_password)s'],
 ['N', '"error": "The password {password} does not meet the policy"'],
 ['N', '"administratorLoginPassword": "[parameters(\'sqlAdminPassword\')]"'],
 ['N', 'UPDATE users SET password_hash = :password WHERE id = :id'],
 ['N', 'EXEC sp_addlogin @loginame = @Login, @passwd = @Password'],
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
 // secrets fed to a command on stdin, in tools' own flags and positional arguments
 ['S', 'echo "Lv3!qT9mWz" | podman login quay.example.org -u robot --password-stdin'],
 ['S', 'sudo -S -u deploy ./migrate.sh <<< "Pw8#kZ2qLm"'],
 ['S', "printf 'ops:Nz5$vQ1mKt\\n' | chpasswd"],
 ['S', 'mosquitto_pub -h mqtt.lab -u dev -P Kq2!zV7mLp -t lab/x -m on'],
 ['S', 'wlfreerdp /v:10.1.1.9 /u:svc /p:Tm6#kQ3vZx'],
 ['S', 'net use \\\\nas02\\media /user:HOME\\kim Rv4!pL8qZm'],
 ['S', 'openssl passwd -apr1 Zq7#mV2kLt'],
 ['S', 'npm config set //npm.corp.example/:_authToken Xk8vQ2mZ7pL3rW9tN4bC6yH1'],
 ['S', "$cred = ConvertTo-SecureString 'Lm9!vQ2kZx' -AsPlainText -Force"],
 ['N', 'echo "$HARBOR_PASSWORD" | podman login harbor.corp.example -u ci --password-stdin'],
 ['N', "$cred = Get-Credential -UserName svc -Message 'Password please'"],
 ['N', "psql -v new_pw=\"$PW\" -c \"ALTER ROLE etl PASSWORD :'new_pw'\""],
 // keys given straight to a crypto call, cookies, config directives, CLI tables
 ['S', "const mac = createHmac('sha512', 'Pz4mKq8Vt2Lx7Wn3Rb9C').update(raw)"],
 ['S', "jwt.sign(claims, 'Hq7vLz2Mx9Kp4Wt8Nb3R')"],
 ['S', 'Cookie: theme=light; laravel_session=eyJpdiI6Ik1xN2tWMnA5WDR6TCIsInZhbHVlIjoiUXo4'],
 ['S', '$ curl --cookie "auth_token=Zr8Kq2Vm7Lx4Pn9Wt3Bc6Yh1" https://intranet.lab/api'],
 ['S', 'masterauth Vq9mZ2kL7xPt\nreplica-read-only yes'],
 ['S', 'auth_pass Hz3kQ8vL'],
 ['S', 'Access Key Secret    Qm8vZ2kLp7Xt4Rn9Wb3Cy6Hd'],
 ['S', 'network={\n    ssid="Garage"\n    psk="Zx7!kq2Mv9"\n}'],
 ['S', 'HUAWEI_SDK_SK=Wm4Zq8Kv2Lp7Xt3Rn9Bc6Yh1'],
 ['N', "const digest = createHmac('sha256', secretFromVault).update(raw)"],
 ['N', 'Cookie: lang=de; consent=yes; _gid=GA1.2.99887766.1700000001'],
 ['N', 'Name          build-bot\nDescription   pushes images nightly\nCreated       2025-03-01'],
 ['N', 'requirepass ""'],
 // vendor shapes without a keyword
 ['S', 'Deploy with CLOJARS_b7d2k9m4q8x1v6z3w5n0p2r7s4t9y1u6a3c8e5g0h2j7l4n9p1r6t3v8x0z5'],
 ['S', 'const resend = new Resend("re_Pq7Lm2Xz_8Kv3Wn9Rb4Tc6Yh1Zs5Jd0Fg")'],
 ['S', 'ld.init("sdk-5b1e9c3a-7d2f-4a8b-9c6e-1f3d5a7b9c2e")'],
 ['S', 'cvm.Credential("AKIDq7Zx2Lm9Vk4Wp8Rn3Tb6Yc1Hd5Jf0Gs", "Kz8mQ2vL7xPt4Rn9Wb3Cy6Hd1Fs5Jg0A")'],
 ['S', 'GET /api/Resize?code=Qz8Kv2Lm7Xp4Wn9Rt3Bc6Yh1Fd5Js0Ga2Ek4Mu7Ow9Iq3Ry5Tz8==&w=200 HTTP/1.1'],
 // look-alikes: expansions, manager references, markers, defaults, encrypted values, stored paths
 ['N', 'DB_HOST=${DB_HOST:?set DB_HOST}\nSTRIPE_KEY=${STRIPE_KEY:?missing Stripe key}'],
 ['N', 'SLACK_SIGNING_SECRET: ssm:/slack/prod/signing_secret'],
 ['N', 'db_password: secretsmanager:billing/prod#password'],
 ['N', 'token: REDACTED_GITHUB_TOKEN'],
 ['N', 'POSTGRES_USER: postgres\nPOSTGRES_PASSWORD: postgres'],
 ['N', 'export AWS_ACCESS_KEY_ID=AKIAAAAAAAAAAAAAAAAA'],
 ['N', 'LoadCredential=api-token:/etc/credstore/api-token'],
 ['N', 'password_from: /run/secrets/pg_password\npassword: /run/secrets/pg_password'],
 ['N', 'APP_SECRET="encrypted:BF8k2Lq9Vm7Zx4Pw1Rt5Yc3Nb6Hd0Js8Ga2Ek4Mu7Ow9Iq3Ry5Tz8Qx2Lm"'],
 ['N', 'smtp_password = "{AES}Hv3kQ9zL2mXp7Wt4Rn8Bc5Yd1Fs6Jg0A"'],
 ['N', 'aws_secret = "AQIBAHi8KZxDXQlMNz1bQ2b8b4Z3yPpHkh9yNcWb6mzTJzPAfAAAAGMwYQYJKoZIhvcNAQcGoFQwUgIBADBN"'],
 // prose that hands over a value, headers and calls of more vendors and languages, Oracle and ODBC strings
 ['S', 'the webhook secret for prod: Wm8Kq2Vz7Lx4Pn9Rt3Bc'],
 ['S', 'I rotated it, use the token Nq7Vz2Lm8Kx4Pw9Rt3Bc6Yh1 from now on'],
 ['S', 'curl -H "Authorization: Splunk 7d2e9f4a-1b3c-4d5e-8f6a-2b4c6d8e0f1a" https://hec.corp.example:8088/services/collector'],
 ['S', 'curl -H "X-Honeycomb-Team: Zq8Lm2Vx7Kp4Wn9Rt3Bc6Y" https://api.honeycomb.io/1/events/prod'],
 ['S', 'r.SetBasicAuth("svc-metrics", "Lz4!qV8mKt")'],
 ['S', 'sqlplus -L etl/Wq5#mZ2kLv@prod-db:1521/LEDGER'],
 ['S', 'cqlsh cass01 -u ops --password Tz7!vQ3mKx'],
 ['S', 'Driver={PostgreSQL Unicode};Server=db;Uid=etl;Pwd={Vm3;kQ8!zL};'],
 ['N', 'Fingerprint of the signing key ID: 8F2A6C1E9B7D5F3A'],
 ['N', 'mail: { host: "smtp.corp.example", auth: { user: process.env.MAIL_USER, pass: process.env.MAIL_PASS } }'],
 ['N', 'conn_str = "Server=db;Uid=app;Pwd={db_password};"'],
 // secrets handed to tools that store them, and typed by browser tests
 ['S', 'vercel env add SESSION_SECRET production <<< "Wk3Lq8Vz2Mx7Pn4Rt9Bc"'],
 ['S', 'mc alias set nas http://nas.lan:9000 nasadmin Zr7!qK2vLm9x'],
 ['S', 'drush upwd editor "Pv5#mQ8kLz"'],
 ['S', 'await page.fill(\'input[type="password"]\', "Ky6!vQ2mLt")'],
 ['N', 'await page.fill("#password", process.env.E2E_PASSWORD!)'],
 ['N', 'vercel env add SESSION_SECRET production < secret.txt'],
 // classes an independent author found (new instances written here)
 ['S', 'tw = Client("AC8d3f1b6e9a2c4f7b0e5d8a1c3f6b9e2d", "4c7e1a9f3b6d2e8a5c0f7b1d4e9a2c6f")'],
 ['S', 'gateway = braintree.BraintreeGateway(braintree.Configuration(braintree.Environment.Sandbox, "q4m8x2k7", "v9t3p6w1", "b5e8a1d4c7f0b3e6a9d2c5f8"))'],
 ['S', 'WALLET_MNEMONIC="ocean timber salad glove violin rescue ladder mobile fringe cargo ribbon lunar"'],
 ['S', 'signingConfigs {\n    release {\n        keyPassword "Vq8!zL3mKx_r"\n    }\n}'],
 ['S', 'backend api\n    user deploy insecure-password Tq6^kV9m!Lz'],
 ['S', 'variables:\n  SSHPASS: "Kz7#qL2vMw9"'],
 ['S', 'echo "//npm.corp.example/:_authToken=6a1f3c8e-2d7b-4e9a-b5c0-8f3d1a6e9c2b" > .npmrc'],
 ['S', '<key>ServerSecret</key>\n<string>Pq8Lm2Zx7Kv4Wn9Rt3Bc6Yh1Fs5Jd</string>'],
 ['S', 'htpasswd -b .htpasswd ops -Zq7!mV2kLt'],
 ['S', 'az storage container list --account-name stx --account-key Vq8Lm2Zx7Kv4Wn9Rt3Bc6Yh1Fs5Jd0Ga2Ek4Mu7Ow9Iq3Ry5Tz8Qx2Lm7Vk4Wn9Rt3Bc6Yh1Fs5Jd0Ga2Ek4Mu7Ow9Iq3Ry5Tz8Qx2LA=='],
 ['N', 'read -r -s -p "Enter password: " DB_PW; export PGPASSWORD="$DB_PW"'],
 ['N', 'keytool -list -keystore ks.p12 -storepass:file /run/secrets/ks'],
 ['N', 'BYPASS: "true"'],
 ['N', 'Write the recovery phrase on paper; never type your seed phrase into a website.'],
 ['N', 'db.execute("UPDATE accounts SET secret_hash = :h", {"password": new_hash, "id": account.id})'],
 ['N', '<add key="StripeSecret" value="#{Stripe.Secret}#" />'],
 ['N', 'api_key: __ApiKey__'],
 ['N', 'guard let password = try? keychain.get("pw") else { return }'],
 ['N', 'BROKER_URL=amqp://admin:admin@localhost:5672//'],
 // round two of independent authors' classes (instances written here)
 ['S', 'const signer = new ethers.Wallet("0x4f3a9c2e8b1d7f6a5c0e9b3d2f8a1c7e6b5d4a3f2e1c0b9a8d7e6f5a4b3c2d1e", provider)'],
 ['S', 'cast send 0xabc --private-key 9c2e8b1d7f6a5c0e9b3d2f8a1c7e6b5d4a3f2e1c0b9a8d7e6f5a4b3c2d1e4f3a --rpc-url $RPC'],
 ['S', 'rpc: https://sepolia.infura.io/v3/7c1e9a4f2b8d6e3a5c0f7b9d1e4a2c8f'],
 ['S', '{"api_token":{"sensitive":true,"type":"string","value":"Lq7!vZ2mKx9T"}}'],
 ['S', '{"name":"systemEnvironment","properties":{"MAIL_PASSWORD":{"value":"Pv4#kQ9mLz2W"}}}'],
 ['S', '"headers":[{"name":"Cookie","value":"session=Vq8Lm2Zx7Kv4Wn9Rt3Bc6Yh1Fs5Jd0G"}]'],
 ['S', 'http --auth ops:Tz5!qV8mKx2L GET https://registry.lab/v2/'],
 ['S', 'Hasło do bazy to Mz7#kQ2vLx9p, nie udostępniaj.'],
 ['S', '{"primary_access_key":"Vq8Lm2Zx7Kv4Wn9Rt3Bc6Yh1Fs5Jd0Ga2Ek4Mu7Ow9="}'],
 ['N', '{"db_password":{"sensitive":true,"type":"string","value":"(sensitive value)"}}'],
 ['N', '<key>CFBundleDisplayName</key>\n<string>Acme Shop</string>\n<key>NSLocationWhenInUseUsageDescription</key>\n<string>Find stores near you</string>'],
 ['N', 'mutation { resetPassword(token: String!, newPassword: String!): Boolean! }'],
 ['N', 'pw = getpass.getpass("Password for %s: " % user)'],
 ['N', 'token_label: Zugangsschlüssel'],
 ['N', 'auth:\n  existingSecret: app-db\n  secretPasswordKey: db-password'],
 ['N', 'JWT_SECRET=<run: openssl rand -hex 32>'],
 ['N', 'headers = {"Authorization-Token": self.token, "X-Api-Key": self.settings.api_key}'],
 // round three (instances written here)
 ['S', '$ cat secrets/deploy.token\nVq8Lm2Zx7Kv4Wn9Rt3Bc6Yh1'],
 ['S', 'g = Groq("Lm2Zx7Kv4Wn9Rt3Bc6Yh1Fs5Jd0Ga2Ek")'],
 ['S', 'cargo login cioVq8Lm2Zx7Kv4Wn9Rt3Bc6Yh1Fs5Jd0Gx'],
 ['S', 'session_token: ' + 'Zq8Lm2Vx7Kp4Wn9Rt3Bc6Yh1'.repeat(26)],
 ['N', 'apiVersion: v1\nkind: Secret\nmetadata:\n  name: app\ntype: Opaque\nstringData:\n  SMTP_PASSWORD: replace-me\n  WEBHOOK_SECRET: changeme'],
 ['N', 'announce@project.example.org and users@project.example.org are the lists'],
 // round four (instances written here)
 ['S', 'mot_de_passe = "Vq8!zL3mKx_r"'],
 ['S', 'wachtwoord: Tz5#qV8mKx2L'],
 ['S', 'SK="Lm2Zx7Kv4Wn9Rt3Bc6Yh1Fs5Jd0Ga2Ek4"'],
 ['S', 'hmac_key = "9c2e8b1d7f6a5c0e9b3d2f8a1c7e6b5d4a3f2e1c0b9a8d7e6f5a4b3c2d1e4f3a"'],
 ['S', 'totp_secret: JBSWY3DPEHPK3PXPQ7ZK2LM4'],
 ['S', 'admin_pin: 48213977'],
 ['S', 'db:\n  password: &dbpw Qz7!kV2mLx9T'],
 ['S', '<dbPassword><![CDATA[Hv3#qZ8mLx2W]]></dbPassword>'],
 ['S', 'DEPLOY_TOKEN ?= Zq8Lm2Vx7Kp4Wn9Rt3Bc6Yh1'],
 ['S', 'pw = """Pv4#kQ9mLz2W"""'],
 ['S', 'setx GH_TOKEN "Lq8Vz2Km7Xp4Wn9Rt3Bc6Yh1"'],
 ['S', 'GET /portal/home;jsessionid=8F2A6C1E9B7D5F3A0C4E6B8D2F1A3C5E HTTP/1.1'],
 ['S', 'user,password,role\nann,Wq7!mK3vLz9T,admin\nbob,Rk2#vQ8mLx4P,viewer'],
 ['S', '| Variable | Value |\n|---|---|\n| STRIPE_SECRET | Kz8mQ2vL7xPt4Rn9Wb3Cy6Hd |'],
 ['N', 'python:\n  pin: 3.12'],
 ['N', 'prod:\n  password: *shared_db_password'],
 ['N', 'db = { user = "svc", pass = "env:DB_PASS" }'],
 ['N', '| Name | Description |\n|---|---|\n| `API_TOKEN` | token used by the CI job |'],
 ['N', 'user,password,role\nann,(in vault),admin'],
 // round five (instances written here)
 ['S', 'Done. The new password for the staging admin is `QzLmVx#KpWn!RtBc`.'],
 ['S', '{"output":"AKIAZ4X7Q2LMNB3RTY5W\\tKq7vL2mX9pR4tW8nZ3cF6hJ1sD5gB0yE2aQ4wE7r"}'],
 ['N', 'Next step: set the new key: OPENAI_API_KEY=<paste it here>'],
 // names: a new password is a password; a public key is public
 ['S', 'NEW_ADMIN_PASSWORD="Quartz-Lantern-41"'],
 ['S', 'newrelic:\n  license_key: eu01xx7b2d9f4a6c8e1b3d5f7a9c2e4b6d8f0a1cNRAL'],
 ['N', 'APP_VAPID_PUBLIC_KEY=BPq2x7Lm9Vk4Wn8Rt3Bc6Yh1Zs5Jd0Fg2Ek4Mu7Ow9Iq3Ry5Tz8Qx2Lm7Vk4Wn8Rt3Bc6Yh1Zs5Jd0Fg2Ek4'],
 ['N', 'VITE_SUPABASE_ANON_KEY=eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJpc3MiOiJzdXBhYmFzZSIsInJvbGUiOiJhbm9uIn0.Kq8Vm2Lx7Zp4Wn9Rt3Bc6Yh1'],
  // round seven: vendors no rule knows, by the kind words in their prefix; public keys are not secrets
  ['S', 'the webhook signer now uses hexa_sk_Rw4Tq9Lm2Zx7Vb3Kp8Nd6Hc1 (rotated today)'],
  ['S', 'payments = Payhub::Client.new("payhub-live-9Qz2Lm7Xv4Rt8Wn3Hb6Jd1Fg")'],
  ['N', 'Payhub.init({ key: "payhub_pk_live_9Qz2Lm7Xv4Rt8Wn3Hb6Jd1Fg" })'],
  ['N', 'fixtures: evt_1NqLm2Zx7Vb3Kp8Nd6Hc1Rw4 and sub_1NqLm2Zx7Vb3Kp8Nd6Hc1Rw4'],
  ['N', 'renamed src/auth/api_tokenRefreshHandler2024.ts'],
  // a cache key built of words and numbers is not a secret; a token that starts with a digit is not a version
  ['N', 'DEBUG redis GET key=session:77120:cart:v4 hit=true'],
  ['S', 'Your new token (shown once):\n\n    Token: 4-Zq8Lm2Xv7Rt9Wn3Hb6Jd1Fg5Ks0Pc\n'],
  // what a secret store or a generator prints on the next line
  ['S', "$ kubectl get secret redis-auth -n cache -o jsonpath='{.data.password}' | base64 -d\nqT7-mZp2Lx9vRk4W"],
  ['S', '$ aws secretsmanager get-secret-value --secret-id prod/api --query SecretString --output text\nVb8!kQz2Lm7Xr4Tw'],
  ['S', '$ openssl rand -base64 32\nq9Zk2Lm7Xv4Rt8Wn3Hb6Jd1Fg5Ks0Pc+Yw2Ae6Tu=\n'],
  ['N', '$ aws secretsmanager get-secret-value --secret-id prod/api --output text\nAn error occurred (AccessDeniedException) when calling the GetSecretValue operation\n'],
  // secrets given to a tool's config command or flag, in their own words
  ['S', 'hcloud config set token Wm3Kq8Zt2Lp7Rn5Bv9Hc4Jd6Fy1Gs0Ax2Ce5Tu8Qh1Nk4Lm7'],
  ['S', 'java -jar jenkins-cli.jar -s https://jenkins.lan -auth deploy:8c1f4a7e2b9d3c6f0a5e8b1d4c7f2a9e6b build app'],
  ['S', 'podman pull --creds robot:Ye8-Kq2mZ7xL registry.lan/app:1.4'],
  ['S', 'curl -Os https://uploader.codecov.io/latest/linux/codecov && ./codecov -t 0f3e2d1c-4b5a-6978-8a9b-c0d1e2f3a4b5'],
  ['N', 'npm config set fund false'],
  // prose, app passwords, recovery keys and codes
  ['S', 'fyi the jenkins login is ci-admin / Rt7#kWq2Zm until friday'],
  ['S', 'I made an app-specific password for the notarytool step: qwhz-ptlm-xkce-vbna'],
  ['S', 'Recovery key for drive D: 215490-662409-031119-574233-100342-698775-447293-012265'],
  ['S', 'Two-factor backup codes (each works once):\n  7kq2-m9zt\n  x4lp-8wvr\n  c2nd-5hyq\n  b8fj-3ksa'],
  ['N', 'Store your backup codes in a password manager; GitHub shows 16 of them.'],
  // values one level below the name, byte strings, wallet keys
  ['S', '"outputs": {\n    "smtp_password": {\n        "sensitive": false,\n        "value": "Nq4!zLm8Xv2T"\n    }\n}'],
  ['S', "WEBHOOK_SECRET = b'\\x4e\\x91\\x0c\\xd7\\x3a\\x62\\xbf\\x15\\x88\\xe0\\x2d\\x7c\\x59\\xa3\\x16\\xf4'"],
  ['S', 'bitcoin-cli importprivkey L4mZq2Xv7Rt9Wn3Hb6Jd1Fg5Ks8Pc2Yw4Ae6Tu9Qh1Nk3Lm5Vb7X "cold"'],
  ['N', 'sent to 3J98t1WpEZ73CNmQviecrnyiWrnqRhWNLy, txid 4e3b2a1f0c9d8e7f6a5b4c3d2e1f0a9b8c7d6e5f4a3b2c1d0e9f8a7b6c5d4e3f'],
  // round eight: what the agent says it did, secret stores' output, grep -n lines, masked values
  ['S', 'All set: I wrote `MAILGUN_SIGNING_KEY` into .env.local as `Hq2!Zp7Lx9Rv3Tn8`.'],
  ['S', 'Updated the Postgres password in infra/compose.prod.yml to `Lm4#Vq8zKx2W` so both services agree.'],
  ['S', 'The freshly generated RAILS_MASTER_KEY is `7d1f9a3c5e8b2d4f6a0c9e7b1d3f5a8c` (also saved to the vault).'],
  ['N', 'I set `DATABASE_POOL` to `25` and `LOG_FORMAT` to `json` in .env.'],
  ['S', '$ aws ecr get-login-password --region us-east-2\neyJwYXlsb2FkIjoiWk5Rdm9xL2Y4a2pMbTd4UnQ5V24zSGI0SmQ2Rmcx\n'],
  ['S', '$ flyctl config get secret_token\nKq9Vm2Lx7Zp4Wn8Rt3Bc6Yh1'],
  ['S', '  ⎿  14:STRIPE_WEBHOOK_SECRET=Zq8Lm2Xv7Rt9Wn3Hb6Jd1Fg5Ks0Pc\n     15:FEATURE_FLAGS=beta'],
  ['S', 'config/.env.production:7:SESSION_SECRET=f0e1d2c3b4a5968778695a4b3c2d1e0f'],
  ['S', '{"Parameter": {"Name": "/shop/smtp/password", "Type": "SecureString", "Value": "Vb7!qLz2Kx9M", "Version": 4}}'],
  ['N', '> Authorization: Bearer eyJhbG***'],
  ['N', 'STRIPE_SECRET_KEY=sk_live_••••••••3xQa (masked in the dashboard)'],
  // round nine: a credential named after its service alone, and more vendors' own prefixes
  ['S', 'POSTMARK=5d0c8e2a-91f4-4b7e-a3c6-2f8d1b9e4a70\nPOSTMARK_FROM=ops@acme.example'],
  ['S', '[services]\nmailjet = "7be19f04c2d8a3e56f1b0c9d4a7e2f83"'],
  ['S', 'settings.CLOUDINARY_SIGNING = "Wq3mZ8xK2pR7tV9yB4nE1cH6jL0sF5aD"'],
  ['N', 'POSTMARK_SERVER_ID=7391046\nMAILJET_REGION=eu\nCLOUDINARY_CLOUD=acme-media'],
  ['N', 'SENTRY_RELEASE=4c1f9a7e2b8d3065b1c9e4f7a2d8b3c61e9f0a4d'],
  ['S', 'embeddings = voyageai.Client(api_key="pa-Zq8Lm2Xv7Rt9Wn3Hb6Jd1Fg5Ks0PcYw2Ae6Tu8Qh1Nk4")'],
  ['S', '-H "X-Honeycomb-Team: hcaik_01hq7lm2xv9rt4wn8hb3jd6fg1ks5pc0yw2ae7tu9qh4nk1lm6vb8xz3qd"'],
  ['S', "realtime = new Ably.Realtime({ key: 'Qw8eRt.Zx2cVb:Lm4Kq9Vx2Zp7Wn3Rt8Bc6Yh1Jd5Fg0As' }) // ably"],
  ['S', 'SOLANA_RPC=https://frosty-wild-dawn.solana-mainnet.quiknode.pro/8d3065b1c9e4f7a2d8b3c61e9f0a4d4c1f9a7e2b/'],
];

describe('idioms (standard profile)', () => {
  it.each(CASES.filter(([want]) => want === 'S').map(([, text]) => [text]))('removes the secret in %j', (text) => {
    expect(createTextRedactor('standard')(text).text).not.toBe(text);
  });
  it.each(CASES.filter(([want]) => want === 'N').map(([, text]) => [text]))('leaves %j alone', (text) => {
    expect(createTextRedactor('standard')(text).text).toBe(text);
  });
});

/** Personal-data look-alikes the `research` profile must leave alone: role and bot addresses, CI accounts, stack traces. */
const RESEARCH_NEGATIVES = [
  'Co-authored-by: Cursor Agent <cursoragent@cursor.com>',
  'panic: runtime error at address 0x0000000000a1b2c3 (pc=0x4d5e6f)',
  'listen address: 127.0.0.1:9090, advertise address: 10.1.4.7:9090',
  'Shipping address: (set at checkout)',
  'Exception in thread "main" java.lang.IllegalStateException\n\tat org.corp.ledger.Posting.apply(Posting.java:311)\n\tat org.corp.ledger.Main.main(Main.java:19)',
  '2026-11-02T08:41:07.552Z WARN [pid 90514] queue-7 job_id=1b7e4c2a-9d3f-4e8b-a6c1-5f2d8e0b7a93 waited_ms=2291',
  '    at Context.<anonymous> (/home/runner/work/ledger/ledger/test/posting.spec.ts:88:21)',
  'Reply-To: no_reply@ledger.example.net\nFrom: Confluence <confluence@corp-wiki.net>\nSender: builds@ci.corp-tools.net',
  'Co-authored-by: renovate[bot] <29139614+renovate[bot]@users.noreply.github.com>',
  'runs as deployer@ledger-prod.iam.gserviceaccount.com; mail from Billing-NoReply@billing.corp-tools.net',
  'Maintainer: Rust Packaging <rust-maintainers@lists.corp-tools.net>; bugs to bugs+ledger@corp-tools.net',
  'format example: +442079460321 (E.164)',
];

/** National ids with letters, named by their label. */
const RESEARCH_IDS = [
  'codice fiscale: RSSMRA85M01H501Q', 'PAN: BQLPS4821K', 'CURP: MAGJ900215HDFRRN07', 'Handynummer: 0176 23849175',
  // national numbers with a check digit, after their own names (valid numbers made here)
  'Fødselsnummer 12094044136', 'hetu: 140801-174B', 'CPR-nummer 120572-6849', 'INSZ: 01.02.16-128.09', 'PPS number: 7195510D',
  'NIF 214 317 706', 'SA ID number 2710033338825', 'ת.ז 968082222', '주민등록번호 121114-3037481', 'TFN 218 328 501',
  // postal addresses after the labels that announce them
  'Deliver to: Priya Raman, Flat 12, 44 Canal Street, Manchester M1 3HE',
  'Billing address:\nTomás Ferreira\nAv. da Liberdade 245, 2º Esq\n1250-143 Lisboa',
  '{"shipping_address": "1187 Maple Ridge Dr Apt 5, Boulder, CO 80302"}',
  'Lieferadresse: Kastanienallee 19, 10435 Berlin',
  '〒060-0042 北海道札幌市中央区大通西4-1',
  // phone numbers announced by other words
  'Rückruf bitte unter 0157 39284716', 'llámame al 622 71 94 38', 'Caller ID: (617) 402-8815', '고객 연락처 010-7194-2283', '$ ssh admin@84.17.46.129',
];

describe('labelled ids and numbers (research profile)', () => {
  it.each(RESEARCH_IDS.map((text) => [text]))('removes %j', (text) => {
    expect(createTextRedactor('research')(text).text).not.toBe(text);
  });
});

/** Phone numbers written as people write them in other languages and countries. */
const RESEARCH_PHONES = [
  'お問い合わせ電話: 03-58123947',
  'Mi número es 512-848-3327, llámame.',
  'plantão hoje: Bia, call (21) 98765-4321',
];

describe('phone numbers in other idioms (research profile)', () => {
  it.each(RESEARCH_PHONES.map((text) => [text]))('removes the number in %j', (text) => {
    expect(createTextRedactor('research')(text).text).not.toBe(text);
  });
});

describe('look-alikes of personal data (research profile)', () => {
  it.each(RESEARCH_NEGATIVES.map((text) => [text]))('leaves %j alone', (text) => {
    expect(createTextRedactor('research')(text).text).toBe(text);
  });
});

/** 64 bytes in base64 (88 characters ending in `A==`, `Q==`, `g==` or `w==`) are an Azure storage key only in Azure's words. */
describe('64-byte base64 values', () => {
  const bytes = (seed: number) => {
    let x = seed;
    return Buffer.from(Array.from({ length: 64 }, () => ((x = (x * 1103515245 + 12345) >>> 0) >>> 24))).toString('base64');
  };
  it.each([
    [`encrypted_secret: "${bytes(3)}"`],
    [`signature: ${bytes(5)}\nkey_id: k-2026-01`],
    [`"hmac_sha512": "${bytes(7)}", "key": "webhook"`],
  ])('are left alone as signatures, digests and ciphertext: %j', (text) => {
    expect(createTextRedactor('standard')(text).text).toBe(text);
  });
  it.each([
    [`AZURE_STORAGE_KEY=${bytes(11)}`],
    [`[\n  {\n    "keyName": "key2",\n    "permissions": "FULL",\n    "value": "${bytes(13)}"\n  }\n]`],
  ])('are removed under a storage account name or in az output: %j', (text) => {
    expect(createTextRedactor('standard')(text).text).not.toContain(text.match(/[A-Za-z0-9+/]{85}[AQgw]==/)![0]);
  });
});

describe('a token in a URL', () => {
  it('is removed and the host and path stay (git remotes with x-access-token)', () => {
    const text = 'origin\thttps://x-access-token:ghs_Wq3mZ8xK2pR7tV9yB4nE1cH6jL0sF5aD2Kq9@github.com/acme/platform.git (fetch)';
    const out = createTextRedactor('standard')(text).text;
    expect(out).not.toContain('ghs_Wq3m');
    expect(out).toContain('@github.com/acme/platform.git (fetch)');
  });
});

/**
 * Issue 12, by class: how each ecosystem points at a secret kept elsewhere (the text must come out
 * unchanged), written here from each tool's documented syntax, one or more per tool.
 */
const STORE_REFERENCES: Record<string, string[]> = {
  'Spring, Jasypt, Spring Cloud': [
    'spring.datasource.password=${vault:secret/data/billing#db_password}', 'spring.datasource.password=${SPRING_DATASOURCE_PASSWORD}',
    'app.api-key: {cipher}AQB8f2c9a7e1d4b6a0c3e5f7a9b1d3c5e7f9a2b4d6', 'jdbc.password=ENC(G7kLq2Vx9Mz4Rt8Wn3Pb6YcHs5)', 'spring.datasource.password=${sm://db-password}',
  ],
  'AWS CloudFormation, Secrets Manager, SSM': [
    'MasterUserPassword: "{{resolve:secretsmanager:prod/rds/master:SecretString:password}}"', 'DbPassword: "{{resolve:ssm-secure:/prod/orders/db-password:3}}"',
    'DB_PASSWORD=arn:aws:secretsmanager:eu-west-1:210987654321:secret:prod/orders/db-Ab3dEf', '"valueFrom": "arn:aws:ssm:us-east-2:210987654321:parameter/prod/orders/api_token"',
    'API_TOKEN=ssm:///prod/orders/api_token', 'token: !Ref GitHubTokenParam', 'secret: ${ssm:/aws/reference/secretsmanager/prod/api~true}',
  ],
  'Azure Key Vault, Azure DevOps': [
    'ApiKey=@Microsoft.KeyVault(SecretUri=https://orders-kv.vault.azure.net/secrets/ApiKey/4f2a9c1e7b3d4a5f8e6c0b9d2a7f1e3c)', 'DbPassword=@Microsoft.KeyVault(VaultName=orders-kv;SecretName=DbPassword)',
    'password: "azurekeyvault://orders-kv.vault.azure.net/secrets/db-password"', 'SLACK_TOKEN=akv://orders-kv/slack-token', '  password: $(System.AccessToken)', 'password: $[variables.dbPassword]',
  ],
  'Google Secret Manager': ['password: projects/billing-prod-311/secrets/db-password/versions/latest', 'DB_PASSWORD=sm://billing-prod-311/db-password', 'secret = "gcp:///projects/411/secrets/api-key"'],
  '1Password, Bitwarden, Doppler, Infisical, dotenv-vault': [
    'OPENAI_API_KEY=op://Engineering/OpenAI/credential', 'export GITHUB_TOKEN="op://Private/GitHub PAT/token"', 'db_password = "bws://7c1b2d4e-9f3a-4b8c-a2d1-5e6f7a8b9c0d"',
    'API_KEY=doppler://orders/prd/API_KEY', 'API_TOKEN=infisical://prod/api/API_TOKEN', 'export BW_SESSION=$(bw unlock --raw)',
    'DOTENV_KEY="dotenv://:key_${DOTENV_PRIVATE_KEY}@dotenvx.com/vault/.env.vault?environment=production"',
  ],
  'SOPS, Ansible Vault, Pulumi, Sealed Secrets': [
    'password: ENC[AES256_GCM,data:q8Vx2Lm9,iv:Zk3Q7mL2Vx9Pq8Rt4Wn1Bc6Yh5=,tag:Lm2Vx9Pq8Rt4Wn1Bc6Yh5==,type:str]',
    'db_password: !vault |\n  $ANSIBLE_VAULT;1.1;AES256\n  62313365396662343061393464336163383764373764613633653634306231386433626436623361\n  6435373432613535',
    'config:\n  orders:dbPassword:\n    secure: v1:Xk2Lq9Vz8Pm3:Rt7Wn1Bc6Yh5Zk3Q7mL2Vx9Pq8Rt4Wn1Bc6Yh5Lm2Vx9Pq8=',
    'spec:\n  encryptedData:\n    password: AgBy3i4OJSWK+PiTySYZZA9rO43cGDEq7Qx8bV2hZs1Kx9L0mYpq3Rt7Wn1Bc6Yh5Zk3Q7mL2Vx9Pq8Rt4Wn1Bc6Yh5Lm2Vx9Pq8Rt4Wn1Bc6',
    "db_password: \"{{ lookup('community.hashi_vault.hashi_vault', 'secret=secret/data/app:password') }}\"", 'ansible_become_password: "{{ vault_become_password }}"',
  ],
  'Kubernetes, Helm': [
    '        - name: DB_PASSWORD\n          valueFrom:\n            secretKeyRef:\n              name: orders-db\n              key: password',
    '          value: {{ .Values.db.password | quote }}', '  password: {{ required "db.password is required" .Values.db.password }}', '  token: {{ .Values.apiToken | b64enc }}',
  ],
  'Terraform, Compose': [
    '  password = var.db_password', '  password = data.aws_secretsmanager_secret_version.db.secret_string', '  value     = sensitive(random_password.db.result)',
    'secrets:\n  db_password:\n    file: ./secrets/db_password.txt', '      POSTGRES_PASSWORD_FILE: /run/secrets/db_password', 'db_password = "${data.vault_generic_secret.db.data["password"]}"',
  ],
  'CI systems': [
    '        env:\n          NPM_TOKEN: ${{ secrets.NPM_TOKEN }}', 'token: ${{ steps.app-token.outputs.token }}', '  script: docker login -u "$CI_REGISTRY_USER" -p "$CI_REGISTRY_PASSWORD" $CI_REGISTRY',
    '      - run: echo $CIRCLE_TOKEN | docker login -u $DOCKER_USER --password-stdin', "withCredentials([string(credentialsId: 'sonar-token', variable: 'SONAR_TOKEN')]) {",
    '  password = credentials("nexus-password")', 'password: ${bamboo.db_password}', 'password: ((concourse-db-password))',
  ],
  'Laravel, Symfony, Rails, Django, Next.js': [
    "    'password' => env('DB_PASSWORD'),", 'password: "%env(DATABASE_PASSWORD)%"', "  password: <%= ENV['DATABASE_PASSWORD'] %>",
    'api_key = Rails.application.credentials.dig(:stripe, :secret_key)', "token = ENV.fetch('GITHUB_TOKEN')", "SECRET_KEY = config('SECRET_KEY')", "DATABASE_PASSWORD = env.str('DATABASE_PASSWORD')",
    'const apiKey = process.env.STRIPE_SECRET_KEY!;',
  ],
  'Postman, HAR, editors, registries, shells': [
    '"Authorization": "Bearer {{access_token}}"', '{"key": "apiKey", "value": "{{apiKey}}", "type": "string"}', '{"name": "Authorization", "value": "[REDACTED]"}',
    '"apiKey": "${input:apiKey}"', '"GITHUB_PERSONAL_ACCESS_TOKEN": "${env:GITHUB_TOKEN}"', '//registry.npmjs.org/:_authToken=${NPM_TOKEN}', 'npmAuthToken: "${NPM_AUTH_TOKEN}"',
    'export API_KEY=$(security find-generic-password -s api -w)', 'export TOKEN="$(gcloud secrets versions access latest --secret=api-token)"', 'set -x GITHUB_TOKEN (gh auth token)',
    'token = dbutils.secrets.get(scope="prod", key="github-token")', 'password = keyring.get_password("orders", "etl")',
  ],
  'Vercel, Cloud Run, .NET, Rails credentials': [
    '"env": {"API_KEY": "@api-key"}', 'gcloud run deploy orders --set-secrets=API_KEY=api-key:latest,DB_PASSWORD=db-password:3',
    '"ConnectionStrings": {"Default": "Server=db;Database=orders;User Id=app;Password=${DB_PASSWORD};"}', 'token = Rails.application.credentials.github_token!',
  ],
  'templating tools': [
    'password: <path:kv-v2/data/orders/production/database#password>', '{{ with secret "kv/data/orders" }}DB_PASSWORD={{ .Data.data.password }}{{ end }}',
    'DB_PASSWORD: ${ssm:/orders/prod/db-password}', 'quarkus.datasource.password=${vault-secret:db-password}', 'token: !secret github_token',
  ],
};

describe('references to a secret store, by ecosystem (standard profile)', () => {
  for (const [ecosystem, texts] of Object.entries(STORE_REFERENCES)) {
    it.each(texts.map((text) => [text]))(`${ecosystem}: leaves %j alone`, (text) => {
      expect(createTextRedactor('standard')(text).text).toBe(text);
    });
  }
});

/** Issue 12, by class: secrets written out in source, tooling files, HTTP and prose; `[text, the secret]`. */
const WRITTEN_OUT: Record<string, Array<[string, string]>> = {
  'source literals': [
    ['var authToken string = "f8Kq2Lm9Vx3Zp7Rt1Wn5Bc"', 'f8Kq2Lm9Vx3Zp7Rt1Wn5Bc'],
    ['const webhookSecret = "Lm4Vq8Zt2Kx7Rw3N" // go const', 'Lm4Vq8Zt2Kx7Rw3N'],
    ['let client_secret = String::from("Tq9Lm3Vx8Kz2Rw7N");', 'Tq9Lm3Vx8Kz2Rw7N'],
    ['#define API_KEY "Wz5Kq8Lm2Vt7Rx3N"', 'Wz5Kq8Lm2Vt7Rx3N'],
    ['static const char kAuthToken[] = "Rb6Lq2Vm9Kx4Zt8W";', 'Rb6Lq2Vm9Kx4Zt8W'],
    ['api_token = SecretStr("Hc3Vq7Lm2Kz8Rt4W")', 'Hc3Vq7Lm2Kz8Rt4W'],
    ['String password = new String("Pq8#vL2mZx");', 'Pq8#vL2mZx'],
    ['var cred = new NetworkCredential("svc-report", "Lk4#qVz8Tm");', 'Lk4#qVz8Tm'],
    ['new UsernamePasswordCredentials("nexus", "Rq2!vLm9Zx")', 'Rq2!vLm9Zx'],
    ['@Value("${billing.api-token:Wz8Lq3Vm7Kx2Rt9N}")', 'Wz8Lq3Vm7Kx2Rt9N'],
    ['spring.datasource.password=${DB_PASSWORD:Tq7#vLm2Kx}', 'Tq7#vLm2Kx'],
  ],
  'YAML tags': [
    ['password: !!str Xq7mLk2Vz9p', 'Xq7mLk2Vz9p'],
    ['db_password: !!str "Gv4#kQ8mLz"', 'Gv4#kQ8mLz'],
    ['api_token: !!str f8Kq2Lm9Vx3Zp7Rt1Wn5Bc', 'f8Kq2Lm9Vx3Zp7Rt1Wn5Bc'],
    ['password: !!binary WHE3bUxrMlZ6OXA=', 'WHE3bUxrMlZ6OXA='],
  ],
  'tooling JSON': [
    ['"args": ["-y", "@acme/mcp", "--api-key", "Nx4Vq8Lm2Kz7Rt3W"]', 'Nx4Vq8Lm2Kz7Rt3W'],
    ['{\n  "bearer": {\n    "repo.packagist.example": "Kv7Lq3Zm8Tx2Rw9NbC4d"\n  }\n}', 'Kv7Lq3Zm8Tx2Rw9NbC4d'],
    ['{"configurations":[{"type":"node","request":"launch","env":{"DB_PASS":"Xq7#mLk2Vz9p"}}]}', 'Xq7#mLk2Vz9p'],
    ['{"id":"4f2a","name":"prod","values":[{"key":"apiKey","value":"Tz6Kq2Lm9Vx3Rp8W","type":"secret","enabled":true}]}', 'Tz6Kq2Lm9Vx3Rp8W'],
  ],
  'cookies': [
    ['[{"domain": ".shop.example", "httpOnly": true, "name": "sessionid", "path": "/", "value": "q8vt3lmz0pxr7kw2nf5bh9ycj4sd6ga1"}]', 'q8vt3lmz0pxr7kw2nf5bh9ycj4sd6ga1'],
    ['app.example.org\tFALSE\t/\tTRUE\t1798761600\tsessionid\tz3vt8lmq0pxr7kw2nf5bh9ycj4sd6ga1', 'z3vt8lmq0pxr7kw2nf5bh9ycj4sd6ga1'],
  ],
  'prose': [
    ['the datadog key is 4b9c1e7f2a8d3065b1c9e4f7a2d8b3c6', '4b9c1e7f2a8d3065b1c9e4f7a2d8b3c6'],
    ['our DD api key: 1e7f2a8d3065b1c9e4f7a2d8b3c64b9c', '1e7f2a8d3065b1c9e4f7a2d8b3c64b9c'],
    ['my sendgrid key is f8Kq2Lm9Vx3Zp7Rt1Wn5Bcq8Vt3LmZ0p', 'f8Kq2Lm9Vx3Zp7Rt1Wn5Bcq8Vt3LmZ0p'],
    ['the aws secret is Kq8Lm2Vx7Zt3Wn9Rb4PcHd6Jf1Ys5Ga0Bn2Tx7+1', 'Kq8Lm2Vx7Zt3Wn9Rb4PcHd6Jf1Ys5Ga0Bn2Tx7+1'],
    ["Here's the key: 9d4b7e2a5c8f1d3b6e9a2c5f8b1d4e7a", '9d4b7e2a5c8f1d3b6e9a2c5f8b1d4e7a'],
    ['ok the pw is Qx7#mLk2Vz9p', 'Qx7#mLk2Vz9p'],
    ['creds are etl:Wq4#vLm8Zx', 'Wq4#vLm8Zx'],
  ],
};

describe('secrets written out, by class (standard profile)', () => {
  for (const [kind, cases] of Object.entries(WRITTEN_OUT)) {
    it.each(cases)(`${kind}: removes the secret in %j`, (text, secret) => {
      expect(createTextRedactor('standard')(text).text).not.toContain(secret);
    });
  }
});

describe('punctuation after a bare value', () => {
  it.each([
    ['token=Zq8Lm2VxR4tY7uP1, right?', ', right?'],
    ['set PGPASSWORD=Hx8kq2Lz9Vm3; then run psql', '; then run psql'],
    ['the key was API_KEY=Tz6Kq2Lm9Vx3Rp8W.', '.'],
  ])('stays in the text, the value goes: %j', (text, tail) => {
    const out = createTextRedactor('standard')(text).text;
    expect(out.endsWith(tail)).toBe(true);
    expect(out).toMatch(/\[REDACTED[^\]]*\]/);
  });
});
