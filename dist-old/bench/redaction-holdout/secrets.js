import { AI, COMMS, PAYMENT, SAAS, VCS } from './vendors.js';
import { ALNUM, B64, B64URL, DIGITS, HEX, LOWER, LOWER_ALNUM, UPPER_ALNUM, HOSTS, defineCategory, b64, b64url, isoTime, mixed, password, personName, place, urlSafePassword, uuid, } from './util.js';
const p = (...parts) => parts.join('');
/** Contexts for a token with a distinctive prefix (no keyword needed). */
const BARE_CONTEXTS = [
    (v) => `ok so I regenerated it, new one is ${v} — can you retry the publish step?`,
    (v) => `$ echo $TOKEN\n${v}\n$ ./release.sh\nerror: 403 Forbidden\n`,
    (v, r) => `${isoTime(r)} [worker-${r.int(1, 9)}] request failed: token=${v} status=401\n`,
    (v) => `| key | value |\n|---|---|\n| token | \`${v}\` |\n`,
    (v) => `Traceback (most recent call last):\n  File "sync.py", line 41, in <module>\n    main("${v}")\n  File "sync.py", line 12, in main\n    raise AuthError("bad credentials")\nAuthError: bad credentials\n`,
    (v) => `>>> client = make_client("${v}")\n>>> client.ping()\nTrue\n`,
    (v) => `- [ ] rotate \`${v}\` after the demo (it was pasted in #general)\n`,
];
function vendorCategory(category, count, vendors) {
    return {
        category,
        count,
        gen: (r) => {
            const v = r.pick(vendors);
            const token = v.make(r);
            if (v.bare && r.chance(0.25))
                return { text: r.pick(BARE_CONTEXTS)(token, r), targets: [token] };
            const name = r.pick(v.names);
            return { text: place(r, name, token), targets: [token] };
        },
    };
}
const vcsRegistryTokens = vendorCategory('vcs-registry-token', 36, VCS);
const aiApiKeys = vendorCategory('ai-api-key', 36, AI);
const paymentKeys = vendorCategory('payment-key', 26, PAYMENT);
const messagingTokens = vendorCategory('messaging-token', 30, COMMS);
const saasTokens = vendorCategory('saas-token', 46, SAAS);
function awsKeyId(r, prefix = 'AKIA') {
    return prefix + r.str('ABCDEFGHIJKLMNOPQRSTUVWXYZ234567', 16);
}
function awsSecret(r) {
    return mixed(r, 40, ALNUM + '+/');
}
function awsSessionToken(r) {
    return 'IQoJb3JpZ2luX2Vj' + r.str(B64, r.int(300, 420));
}
const aws = defineCategory('aws-credentials', 26, (r) => {
    const id = awsKeyId(r, r.chance(0.8) ? 'AKIA' : 'ASIA');
    const sk = awsSecret(r);
    const region = r.pick(['us-east-1', 'eu-west-1', 'ap-southeast-2', 'eu-central-1']);
    switch (r.int(0, 9)) {
        case 0: return { text: `[default]\naws_access_key_id = ${id}\naws_secret_access_key = ${sk}\nregion = ${region}\n`, targets: [id, sk] };
        case 1: return { text: `export AWS_ACCESS_KEY_ID=${id}\nexport AWS_SECRET_ACCESS_KEY=${sk}\nexport AWS_DEFAULT_REGION=${region}\n`, targets: [id, sk] };
        case 2: {
            const tok = awsSessionToken(r);
            const id2 = awsKeyId(r, 'ASIA');
            return { text: `$ aws sts assume-role --role-arn arn:aws:iam::${r.str(DIGITS, 12)}:role/deploy --role-session-name ci\n{\n    "Credentials": {\n        "AccessKeyId": "${id2}",\n        "SecretAccessKey": "${sk}",\n        "SessionToken": "${tok}",\n        "Expiration": "${isoTime(r)}"\n    }\n}\n`, targets: [id2, sk, tok] };
        }
        case 3: return { text: `provider "aws" {\n  region     = "${region}"\n  access_key = "${id}"\n  secret_key = "${sk}"\n}\n`, targets: [id, sk] };
        case 4: return { text: `s3 = boto3.client(\n    "s3",\n    aws_access_key_id="${id}",\n    aws_secret_access_key="${sk}",\n)\n`, targets: [id, sk] };
        case 5: return { text: `const s3 = new S3Client({\n  region: "${region}",\n  credentials: { accessKeyId: "${id}", secretAccessKey: "${sk}" },\n});\n`, targets: [id, sk] };
        case 6: return { text: `User name,Password,Access key ID,Secret access key,Console login link\nci-deployer,,${id},${sk},https://${r.str(DIGITS, 12)}.signin.aws.amazon.com/console\n`, targets: [id, sk] };
        case 7: return { text: `$ aws configure\nAWS Access Key ID [None]: ${id}\nAWS Secret Access Key [None]: ${sk}\nDefault region name [None]: ${region}\nDefault output format [None]: json\n`, targets: [id, sk] };
        case 8: return { text: `      - name: Configure AWS\n        env:\n          AWS_ACCESS_KEY_ID: ${id}\n          AWS_SECRET_ACCESS_KEY: ${sk}\n        run: aws s3 sync ./dist s3://acme-site\n`, targets: [id, sk] };
        default: return { text: `<bean id="awsCredentials" class="com.amazonaws.auth.BasicAWSCredentials">\n  <constructor-arg value="${id}"/>\n  <constructor-arg value="${sk}"/>\n</bean>\n`, targets: [id, sk] };
    }
});
const azureGcp = defineCategory('azure-gcp-alibaba', 24, (r) => {
    switch (r.int(0, 8)) {
        case 0: {
            const key = r.str(B64, 86) + '==';
            const acct = r.pick(['acmeprodstore', 'ledgerblobs01', 'mediastg']);
            return { text: `"ConnectionStrings": {\n  "Storage": "DefaultEndpointsProtocol=https;AccountName=${acct};AccountKey=${key};EndpointSuffix=core.windows.net"\n}`, targets: [key] };
        }
        case 1: {
            const pw = p(mixed(r, 3, ALNUM), String(r.int(0, 9)), 'Q~', mixed(r, 34, ALNUM + '_~.-'));
            return { text: `$ az ad sp create-for-rbac --name ci-deployer --role contributor\n{\n  "appId": "${uuid(r)}",\n  "displayName": "ci-deployer",\n  "password": "${pw}",\n  "tenant": "${uuid(r)}"\n}\n`, targets: [pw] };
        }
        case 2: {
            const sig = encodeURIComponent(r.str(B64, 43) + '=');
            return { text: `https://acmeprodstore.blob.core.windows.net/exports/report.csv?sv=2022-11-02&ss=b&srt=o&sp=r&se=2025-12-31T00:00:00Z&st=2025-01-01T00:00:00Z&spr=https&sig=${sig}`, targets: [sig] };
        }
        case 3: {
            const body = r.str(B64, 64);
            const body2 = r.str(B64, 64);
            const kid = r.str(HEX, 40);
            const begin = ['-----BEGIN', 'PRIVATE KEY-----'].join(' ');
            const end = ['-----END', 'PRIVATE KEY-----'].join(' ');
            return { text: `{\n  "type": "service_account",\n  "project_id": "acme-analytics-${r.int(100, 999)}",\n  "private_key_id": "${kid}",\n  "private_key": "${begin}\\nMIIEvQIBADANBgkqhkiG9w0BAQEFAASC${r.str(B64, 32)}\\n${body}\\n${body2}\\n${r.str(B64, 40)}=\\n${end}\\n",\n  "client_email": "loader@acme-analytics.iam.gserviceaccount.com",\n  "token_uri": "https://oauth2.googleapis.com/token"\n}`, targets: [body, body2] };
        }
        case 4: {
            const s = p('GOC', 'SPX-', mixed(r, 28, ALNUM + '-_'));
            return { text: r.chance(0.5) ? `{"web":{"client_id":"${r.str(DIGITS, 12)}-${r.str(LOWER_ALNUM, 32)}.apps.googleusercontent.com","project_id":"acme-web","client_secret":"${s}","redirect_uris":["http://localhost:8080/callback"]}}` : `GOOGLE_CLIENT_SECRET=${s}\n`, targets: [s] };
        }
        case 5: {
            const id = p('LT', 'AI', mixed(r, 20));
            const sec = mixed(r, 30);
            return { text: `ALIBABA_CLOUD_ACCESS_KEY_ID=${id}\nALIBABA_CLOUD_ACCESS_KEY_SECRET=${sec}\n`, targets: [id, sec] };
        }
        case 6: {
            const id = p('AK', 'ID', mixed(r, 32));
            const sec = mixed(r, 32);
            return { text: `cred = credential.Credential("${id}", "${sec}")\nclient = cvm_client.CvmClient(cred, "ap-guangzhou")\n`, targets: [id, sec] };
        }
        case 7: {
            const key = r.str(B64, 43) + '=';
            return { text: `Endpoint=sb://acme-events.servicebus.windows.net/;SharedAccessKeyName=RootManageSharedAccessKey;SharedAccessKey=${key}`, targets: [key] };
        }
        default: {
            const key = mixed(r, 44, ALNUM + '_-');
            return { text: `$ ibmcloud iam api-key-create deploy-key\nName          deploy-key\nAPI Key       ${key}\nCreated At    ${isoTime(r)}\n`, targets: [key] };
        }
    }
});
function derBody(r, kind) {
    let head;
    let n;
    switch (kind) {
        case 'rsa':
            head = Buffer.from([0x30, 0x82, 0x04, 0xa4, 0x02, 0x01, 0x00, 0x02, 0x82, 0x01, 0x01, 0x00]);
            n = 1180;
            break;
        case 'pkcs8':
            head = Buffer.from([0x30, 0x82, 0x04, 0xbe, 0x02, 0x01, 0x00, 0x30, 0x0d, 0x06, 0x09, 0x2a, 0x86, 0x48, 0x86, 0xf7, 0x0d, 0x01, 0x01, 0x01, 0x05, 0x00, 0x04, 0x82, 0x04, 0xa8]);
            n = 1190;
            break;
        case 'ec':
            head = Buffer.from([0x30, 0x77, 0x02, 0x01, 0x01, 0x04, 0x20]);
            n = 114;
            break;
        case 'dsa':
            head = Buffer.from([0x30, 0x82, 0x01, 0xbb, 0x02, 0x01, 0x00, 0x02, 0x81, 0x81, 0x00]);
            n = 430;
            break;
        case 'openssh':
            head = Buffer.concat([Buffer.from('openssh-key-v1\0', 'latin1'), Buffer.from([0, 0, 0, 4]), Buffer.from('none'), Buffer.from([0, 0, 0, 4]), Buffer.from('none'), Buffer.from([0, 0, 0, 0, 0, 0, 0, 1, 0, 0, 0, 0x33, 0, 0, 0, 0x0b]), Buffer.from('ssh-ed25519')]);
            n = 300;
            break;
        default:
            head = Buffer.from([0x95, 0x03, 0xc6, 0x04]);
            n = 900;
            break;
    }
    return Buffer.concat([head, r.bytes(n)]).toString('base64');
}
function lines64(s, width = 64) {
    const out = [];
    for (let i = 0; i < s.length; i += width)
        out.push(s.slice(i, i + width));
    return out;
}
const privateKey = defineCategory('private-key', 24, (r) => {
    const kind = r.pick(['rsa', 'pkcs8', 'ec', 'openssh', 'pgp', 'dsa', 'rsa', 'openssh']);
    const label = { rsa: 'RSA PRIVATE KEY', pkcs8: 'PRIVATE KEY', ec: 'EC PRIVATE KEY', openssh: 'OPENSSH PRIVATE KEY', pgp: 'PGP PRIVATE KEY BLOCK', dsa: 'DSA PRIVATE KEY' }[kind];
    const body = lines64(derBody(r, kind), kind === 'openssh' ? 70 : 64);
    const mid = body[Math.floor(body.length / 2)];
    const targets = [body[0], mid, body[body.length - 2] ?? body[0]];
    const begin = `-----BEGIN ${label.split(' ').join(' ')}-----`;
    const end = `-----END ${label}-----`;
    const pem = kind === 'pgp'
        ? `${begin}\nComment: exported ${isoTime(r).slice(0, 10)}\n\n${body.join('\n')}\n=${r.str(B64, 4)}\n${end}`
        : `${begin}\n${body.join('\n')}\n${end}`;
    switch (r.int(0, 6)) {
        case 0: return { text: `$ cat ~/.ssh/id_${kind === 'openssh' ? 'ed25519' : 'rsa'}\n${pem}\n`, targets };
        case 1: return { text: `TLS_KEY: |\n${pem.split('\n').map((l) => '  ' + l).join('\n')}\n`, targets };
        case 2: return { text: `{"name":"signer","key":"${pem.replace(/\n/g, '\\n')}"}`, targets };
        case 3: return { text: `const PRIVATE_KEY = \`${pem}\`;\n\nexport function sign(payload) {\n  return jwt.sign(payload, PRIVATE_KEY, { algorithm: 'RS256' });\n}\n`, targets };
        case 4: return { text: `resource "tls_private_key" "imported" {}\nlocals {\n  deploy_key = <<-EOT\n${pem}\nEOT\n}\n`, targets };
        case 5: return { text: `Here is the deploy key, paste it into the runner settings:\n\n${pem}\n`, targets };
        default: return { text: `SSH_PRIVATE_KEY="${pem.replace(/\n/g, '\\n')}"\n`, targets };
    }
});
function makeJwt(r) {
    const alg = r.pick(['HS256', 'RS256', 'ES256', 'HS512']);
    const header = { alg, typ: 'JWT' };
    if (alg !== 'HS256' && r.chance(0.6))
        header.kid = r.str(HEX, 16);
    const now = r.int(1_700_000_000, 1_760_000_000);
    const payload = r.pick([
        { sub: uuid(r), iat: now, exp: now + 3600, iss: 'https://auth.acme.dev/', aud: 'api', scope: 'read:orders write:orders' },
        { role: 'service_role', iss: 'supabase', iat: now, exp: now + 315360000, ref: r.str(LOWER, 20) },
        { user_id: r.int(1000, 99999), session: r.str(HEX, 16), iat: now, exp: now + 86400 },
        { sub: String(r.int(100000, 999999)), name: personName(r).full, admin: false, iat: now },
        { iss: 'ci', sub: 'repo:acme/web:ref:refs/heads/main', aud: 'sts.amazonaws.com', iat: now, exp: now + 600, jti: uuid(r) },
    ]);
    const sigLen = alg.startsWith('HS') ? (alg === 'HS512' ? 86 : 43) : alg === 'ES256' ? 86 : 342;
    return `${b64url(JSON.stringify(header))}.${b64url(JSON.stringify(payload))}.${r.str(B64URL, sigLen)}`;
}
const jwt = defineCategory('jwt', 24, (r) => {
    const t = makeJwt(r);
    switch (r.int(0, 9)) {
        case 0: return { text: `> GET /api/v2/orders?limit=20 HTTP/1.1\n> Host: api.acme.dev\n> Authorization: Bearer ${t}\n> Accept: application/json\n>\n< HTTP/1.1 200 OK\n`, targets: [t] };
        case 1: return { text: `{"access_token":"${t}","token_type":"Bearer","expires_in":3600}`, targets: [t] };
        case 2: return { text: `SUPABASE_SERVICE_ROLE_KEY=${t}\n`, targets: [t] };
        case 3: return { text: `Cookie: theme=dark; auth_token=${t}; _ga=GA1.1.${r.int(1e8, 9e8)}.${r.int(1.6e9, 1.7e9)}`, targets: [t] };
        case 4: return { text: `localStorage.setItem('id_token', '${t}');`, targets: [t] };
        case 5: return { text: `headers = {"Authorization": f"Bearer ${t}"}\nresp = httpx.get(url, headers=headers)\n`, targets: [t] };
        case 6: return { text: `the token from the login response is ${t} but /me still says unauthorized, any idea?`, targets: [t] };
        case 7: return { text: `${isoTime(r)} INFO  auth.middleware  verified token=${t} user=${r.int(1000, 9999)}\n`, targets: [t] };
        case 8: return { text: `$ kubectl config view --raw\nusers:\n- name: ci\n  user:\n    token: ${t}\n`, targets: [t] };
        default: return { text: `wscat -c "wss://realtime.acme.dev/socket?access_token=${t}"`, targets: [t] };
    }
});
function pctEncode(s) {
    return encodeURIComponent(s).replace(/[!'()*]/g, (c) => '%' + c.charCodeAt(0).toString(16).toUpperCase());
}
const connUrl = defineCategory('connection-url', 30, (r) => {
    const user = r.pick(['app', 'admin', 'svc_orders', 'postgres', 'root', 'reporting_ro', 'etl']);
    const raw = r.chance(0.35) ? password(r) : urlSafePassword(r);
    const pw = pctEncode(raw);
    const host = r.pick(HOSTS);
    const db = r.pick(['orders', 'app_production', 'analytics', 'ledger', 'main']);
    switch (r.int(0, 13)) {
        case 0: return { text: `DATABASE_URL=postgres://${user}:${pw}@${host}:5432/${db}?sslmode=require\n`, targets: [pw] };
        case 1: return { text: `SQLALCHEMY_DATABASE_URI = "postgresql+psycopg2://${user}:${pw}@${host}/${db}"\n`, targets: [pw] };
        case 2: return { text: `mongodb+srv://${user}:${pw}@cluster0.${r.str(LOWER_ALNUM, 5)}.mongodb.net/${db}?retryWrites=true&w=majority`, targets: [pw] };
        case 3: return { text: `REDIS_URL=redis://default:${pw}@${host}:6379/0\n`, targets: [pw] };
        case 4: return { text: `CELERY_BROKER_URL = 'amqp://${user}:${pw}@rabbitmq.staging.internal:5672/vhost'\n`, targets: [pw] };
        case 5: return { text: `spring:\n  datasource:\n    url: jdbc:mysql://${host}:3306/${db}?user=${user}&password=${pw}&useSSL=true\n`, targets: [pw] };
        case 6: return { text: `"DefaultConnection": "Server=tcp:${host},1433;Initial Catalog=${db};User ID=${user};Password=${raw.replace(/;/g, '')};Encrypt=True;"`, targets: [raw.replace(/;/g, '')] };
        case 7: return { text: `$ psql "postgresql://${user}:${pw}@${host}/${db}"\npsql (16.2)\nSSL connection (protocol: TLSv1.3)\n${db}=> \n`, targets: [pw] };
        case 8: return { text: `2025-03-02 11:04:55,120 ERROR sqlalchemy.pool: could not connect to mysql://${user}:${pw}@${host}:3306/${db}: timeout\n`, targets: [pw] };
        case 9: return { text: `git remote set-url origin https://${user}:${pw}@git.acme-corp.net/platform/infra.git`, targets: [pw] };
        case 10: return { text: `smtp_url: smtps://postmaster%40mg.acme.dev:${pw}@smtp.mailgun.org:465\n`, targets: [pw] };
        case 11: return { text: `let pool = PgPool::connect("postgres://${user}:${pw}@${host}/${db}").await?;`, targets: [pw] };
        case 12: return { text: `  cache:\n    url: rediss://:${pw}@${host}:6380\n`, targets: [pw] };
        default: return { text: `ftp://${user}:${pw}@files.acme-corp.net/incoming/`, targets: [pw] };
    }
});
const PW_IDIOMS = [
    (pw) => `DB_PASSWORD=${pw}\n`,
    (pw) => `POSTGRES_PASSWORD: "${pw}"\n`,
    (pw) => `MYSQL_ROOT_PASSWORD=${pw}\nMYSQL_DATABASE=shop\n`,
    (pw) => `spring.datasource.username=app\nspring.datasource.password=${pw}\n`,
    (pw) => `DATABASES = {\n    "default": {\n        "ENGINE": "django.db.backends.postgresql",\n        "NAME": "shop",\n        "USER": "shop",\n        "PASSWORD": "${pw}",\n        "HOST": "db",\n    }\n}\n`,
    (pw) => `production:\n  adapter: postgresql\n  database: shop_production\n  username: shop\n  password: ${pw}\n`,
    (pw) => `define( 'DB_PASSWORD', '${pw}' );\n`,
    (pw) => `[client]\nuser=backup\npassword="${pw}"\n`,
    (pw) => `db.internal:5432:orders:etl:${pw}\n`,
    (pw) => `machine git.acme-corp.net\n  login deploy\n  password ${pw}\n`,
    (pw) => `<server>\n  <id>nexus-releases</id>\n  <username>deployer</username>\n  <password>${pw}</password>\n</server>\n`,
    (pw) => `signing.keyId=A1B2C3D4\nsigning.password=${pw}\nsigning.secretKeyRingFile=/home/ci/.gnupg/secring.gpg\n`,
    (pw) => `requirepass ${pw}\nmaxmemory 2gb\n`,
    (pw) => `ansible_user: deploy\nansible_become_password: "${pw}"\n`,
    (pw) => `network={\n    ssid="Office-5G"\n    psk="${pw}"\n}\n`,
    (pw) => `const conn = mysql.createConnection({ host: 'localhost', user: 'root', password: '${pw}', database: 'shop' });`,
    (pw) => `db, err := sql.Open("mysql", "root:${pw}@tcp(127.0.0.1:3306)/shop")`,
    (pw) => `props.put("mail.smtp.password", "${pw}");`,
    (pw) => `var cred = new NetworkCredential("svc-report", "${pw}");`,
    (pw) => `$password = "${pw}"; // TODO move to vault\n$pdo = new PDO($dsn, 'shop', $password);`,
    (pw) => `conn = psycopg2.connect(host="db", dbname="shop", user="shop", password="${pw}")`,
    (pw) => `let config = Config { user: "admin".into(), password: "${pw}".into(), ..Default::default() };`,
    (pw) => `$SecurePassword = ConvertTo-SecureString "${pw}" -AsPlainText -Force\n$Cred = New-Object System.Management.Automation.PSCredential ("svc-deploy", $SecurePassword)`,
    (pw) => `smtp:\n  host: smtp.office365.com\n  port: 587\n  user: reports\n  pass: "${pw}"\n`,
    (pw) => `keystore.password=${pw}\nkey.alias=release\n`,
    (pw) => `config :my_app, MyApp.Repo,\n  username: "postgres",\n  password: "${pw}",\n  hostname: "localhost"\n`,
    (pw) => `let dbPassword = "${pw}"\nlet client = try PostgresClient(host: "db", password: dbPassword)`,
    (pw) => `admin_password = "${pw}"  # set during bootstrap\n`,
    (pw) => `ADMIN_PASS='${pw}' ./bootstrap.sh\n`,
    (pw) => `<add name="Main" connectionString="Data Source=sql01;Initial Catalog=Crm;User Id=crm_app;Password=${pw};" />`,
    (pw) => `{"username":"ops","password":"${pw}","remember":true}`,
    (pw) => `[database]\nhost = "db.internal"\npassword = "${pw}"\n`,
    (pw) => `variable "db_password" {\n  type    = string\n  default = "${pw}"\n}\n`,
    (pw) => `auth:\n  rootPassword: ${pw}\n  replicaSetKey: changeme-later\n`,
    (pw) => `- name: create db user\n  community.mysql.mysql_user:\n    name: app\n    password: "${pw}"\n`,
];
const passwordAssign = defineCategory('password-assignment', 40, (r) => {
    const idiom = r.pick(PW_IDIOMS);
    const pw = password(r).replace(/["'\\;:$]/g, '_');
    return { text: idiom(pw, r), targets: [pw] };
});
const APP_SECRETS = [
    (r) => { const v = p('django-insecure-', r.str(LOWER_ALNUM + '!@#%^&*(-_=+)', 50)); return { text: `SECRET_KEY = '${v}'\n`, targets: [v] }; },
    (r) => { const v = r.str(LOWER_ALNUM + '!@#%^&*(-_=+)', 50); return { text: `# settings/production.py\nSECRET_KEY = "${v}"\nDEBUG = False\n`, targets: [v] }; },
    (r) => { const v = p('base64:', b64(r.bytes(32))); return { text: `APP_NAME=Laravel\nAPP_ENV=production\nAPP_KEY=${v}\nAPP_DEBUG=false\n`, targets: [v] }; },
    (r) => { const v = r.str(HEX, 128); return { text: `production:\n  secret_key_base: ${v}\n`, targets: [v] }; },
    (r) => { const v = b64(r.bytes(32)); return { text: `NEXTAUTH_SECRET=${v}\nNEXTAUTH_URL=https://app.acme.dev\n`, targets: [v] }; },
    (r) => { const v = mixed(r, 48); return { text: `JWT_SECRET=${v}\nJWT_EXPIRES_IN=7d\n`, targets: [v] }; },
    (r) => { const v = r.str(HEX, 64); return { text: `app.use(session({\n  secret: '${v}',\n  resave: false,\n  saveUninitialized: false,\n}));\n`, targets: [v] }; },
    (r) => { const v = b64url(r.bytes(32)); return { text: `FERNET_KEY=${v}\n`, targets: [v] }; },
    (r) => { const v = r.str(HEX, 40); return { text: `GITHUB_CLIENT_ID=Iv1.${r.str(HEX, 16)}\nGITHUB_CLIENT_SECRET=${v}\n`, targets: [v] }; },
    (r) => { const v = mixed(r, 32, ALNUM + '~._-'); return { text: `OAUTH2_PROXY_CLIENT_SECRET="${v}"\nOAUTH2_PROXY_COOKIE_SECRET="${b64url(r.bytes(32))}"\n`, targets: [v] }; },
    (r) => { const v = r.str(HEX, 64); return { text: `const hmac = crypto.createHmac('sha256', '${v}');\nhmac.update(body);\n`, targets: [v] }; },
    (r) => { const v = b64(r.bytes(32)); return { text: `encryption:\n  key: "${v}"\n  algorithm: aes-256-gcm\n`, targets: [v] }; },
    (r) => { const v = mixed(r, 32); return { text: `app.config['SECRET_KEY'] = '${v}'\n`, targets: [v] }; },
    (r) => { const v = mixed(r, 64); return { text: `config :my_app, MyAppWeb.Endpoint,\n  secret_key_base: "${v}"\n`, targets: [v] }; },
    (r) => { const v = r.str(HEX, 32); return { text: `WEBHOOK_SIGNING_SECRET=${v}\n`, targets: [v] }; },
    (r) => { const v = mixed(r, 36); return { text: `"Jwt": {\n  "Issuer": "https://auth.acme.dev",\n  "Key": "${v}"\n}`, targets: [v] }; },
    (r) => { const v = b64(r.bytes(16)); return { text: `ENCRYPTION_KEY=${v} # AES-128, do not change after launch\n`, targets: [v] }; },
    (r) => { const v = mixed(r, 24); return { text: `client_credentials:\n  client_id: reporting-service\n  client_secret: ${v}\n`, targets: [v] }; },
    (r) => { const v = p('0x4AAAAAAA', r.str(UPPER_ALNUM + '-_', 22)); return { text: `TURNSTILE_SECRET_KEY=${v}\n`, targets: [v] }; },
    (r) => { const v = mixed(r, 40); return { text: `RECAPTCHA_SECRET_KEY=6L${v}\n`, targets: [`6L${v}`] }; },
];
const appSecret = defineCategory('app-secret', 26, (r) => r.pick(APP_SECRETS)(r));
const cliFlag = defineCategory('cli-password-flag', 28, (r) => {
    const pw = password(r).replace(/["'\\$`!]/g, '');
    const tok = mixed(r, 32);
    const idioms = [
        () => ({ text: `$ mysql -h db.internal -u root -p${pw} shop < dump.sql`, targets: [pw] }),
        () => ({ text: `mysqldump --user=backup --password='${pw}' --single-transaction shop > shop.sql`, targets: [pw] }),
        () => ({ text: `PGPASSWORD='${pw}' pg_dump -h db.internal -U etl orders > orders.sql`, targets: [pw] }),
        () => ({ text: `echo '${pw}' | docker login registry.acme-corp.net -u ci --password-stdin`, targets: [pw] }),
        () => ({ text: `docker login -u acmebot -p ${pw} registry.acme-corp.net\nWARNING! Using --password via the CLI is insecure. Use --password-stdin.\nLogin Succeeded`, targets: [pw] }),
        () => ({ text: `redis-cli -h cache.internal -a '${pw}' --no-auth-warning INFO memory`, targets: [pw] }),
        () => ({ text: `mongosh "mongodb://db.internal:27017" --username admin --password '${pw}' --authenticationDatabase admin`, targets: [pw] }),
        () => ({ text: `sshpass -p '${pw}' ssh -o StrictHostKeyChecking=no deploy@build-01 'sudo systemctl restart api'`, targets: [pw] }),
        () => ({ text: `curl -u admin:${pw.replace(/[@:&#%]/g, 'x')} https://jenkins.acme-corp.net/api/json`, targets: [pw.replace(/[@:&#%]/g, 'x')] }),
        () => ({ text: `sqlcmd -S sql01.corp.local -U sa -P "${pw}" -Q "SELECT @@VERSION"`, targets: [pw] }),
        () => ({ text: `openssl pkcs12 -export -in cert.pem -inkey key.pem -out bundle.p12 -passout pass:${pw}`, targets: [pw] }),
        () => ({ text: `kubectl create secret generic db-creds --from-literal=username=app --from-literal=password='${pw}'`, targets: [pw] }),
        () => ({ text: `az login --service-principal -u ${uuid(r)} -p '${pw}' --tenant ${uuid(r)}`, targets: [pw] }),
        () => ({ text: `helm install pg bitnami/postgresql --set auth.postgresPassword=${pw.replace(/[,=]/g, '')} --set primary.persistence.size=20Gi`, targets: [pw.replace(/[,=]/g, '')] }),
        () => ({ text: `vault login -method=userpass username=ops password='${pw}'`, targets: [pw] }),
        () => ({ text: `java -jar liquibase.jar --url=jdbc:postgresql://db:5432/app --username=app --password=${pw} update`, targets: [pw] }),
        () => ({ text: `npm config set //npm.pkg.github.com/:_authToken ${tok}`, targets: [tok] }),
        () => ({ text: `psql -h db.internal -U app -d app -c "ALTER USER app WITH PASSWORD '${pw}';"`, targets: [pw] }),
        () => ({ text: `htpasswd -b -c /etc/nginx/.htpasswd admin '${pw}'`, targets: [pw] }),
        () => ({ text: `New-LocalUser -Name "svc-backup" -Password (ConvertTo-SecureString '${pw}' -AsPlainText -Force)`, targets: [pw] }),
        () => { const gh = p('gh', 'p_', mixed(r, 36)); return { text: `gh auth login --with-token <<< "${gh}"`, targets: [gh] }; },
        () => ({ text: `rclone config create s3remote s3 provider=Wasabi access_key_id=${r.str(UPPER_ALNUM, 20)} secret_access_key=${tok}`, targets: [tok] }),
        () => ({ text: `ldapsearch -x -H ldaps://ldap.corp.local -D "cn=admin,dc=corp,dc=local" -w '${pw}' -b "dc=corp,dc=local"`, targets: [pw] }),
        () => ({ text: `wget --user=mirror --password='${pw}' https://files.acme-corp.net/releases/latest.tar.gz`, targets: [pw] }),
        () => ({ text: `rabbitmqctl add_user reporting '${pw}'`, targets: [pw] }),
    ];
    return r.pick(idioms)();
});
const authHeader = defineCategory('auth-header', 28, (r) => {
    const tok = r.pick([() => mixed(r, 40), () => r.str(HEX, 64), () => mixed(r, 32, ALNUM + '-_'), () => p(r.str(LOWER_ALNUM, 8), '.', mixed(r, 32))])();
    const user = r.pick(['ci-bot', 'admin', 'deploy', 'grafana', 'api']);
    const pw = urlSafePassword(r);
    const basic = b64(`${user}:${pw}`);
    const host = r.pick(['api.acme.dev', 'internal.ledger.io', 'registry.acme-corp.net', 'hooks.partner-api.com']);
    const idioms = [
        () => ({ text: `curl -sS -H "Authorization: Bearer ${tok}" https://${host}/v1/users/me`, targets: [tok] }),
        () => ({ text: `GET /v1/reports HTTP/1.1\nHost: ${host}\nAuthorization: Basic ${basic}\nUser-Agent: python-requests/2.31.0\n`, targets: [basic] }),
        () => ({ text: `curl -H 'X-API-Key: ${tok}' -H 'Content-Type: application/json' -d @payload.json https://${host}/ingest`, targets: [tok] }),
        () => ({ text: `fetch("https://${host}/graphql", {\n  "headers": {\n    "accept": "*/*",\n    "authorization": "Bearer ${tok}",\n    "content-type": "application/json"\n  },\n  "method": "POST"\n});`, targets: [tok] }),
        () => ({ text: `http GET https://${host}/items 'Authorization:Token ${tok}'`, targets: [tok] }),
        () => ({ text: `curl --header "PRIVATE-TOKEN: ${tok}" "https://gitlab.acme-corp.net/api/v4/projects"`, targets: [tok] }),
        () => ({ text: `proxy_set_header Authorization "Bearer ${tok}";\nproxy_pass http://upstream_api;`, targets: [tok] }),
        () => ({ text: `req.Header.Set("Authorization", "Bearer ${tok}")`, targets: [tok] }),
        () => ({ text: `axios.get(url, { headers: { 'x-auth-token': '${tok}' } })`, targets: [tok] }),
        () => ({ text: `< HTTP/2 200\n< set-cookie: sessionid=${tok}; Path=/; HttpOnly; Secure; SameSite=Lax\n< content-type: text/html\n`, targets: [tok] }),
        () => ({ text: `Request headers:\n  Accept: application/json\n  Authorization: Basic ${basic}\n  X-Request-Id: ${uuid(r)}\n`, targets: [basic] }),
        () => ({ text: `[http] ${host}/api 401\n  request.headers = {'Authorization': 'Bearer ${tok}', 'Accept': 'application/json'}`, targets: [tok] }),
        () => ({ text: `Invoke-RestMethod -Uri "https://${host}/api" -Headers @{ Authorization = "Bearer ${tok}" }`, targets: [tok] }),
        () => ({ text: `URLRequest: request.setValue("Bearer ${tok}", forHTTPHeaderField: "Authorization")`, targets: [tok] }),
        () => ({ text: `client.DefaultRequestHeaders.Authorization = new AuthenticationHeaderValue("Bearer", "${tok}");`, targets: [tok] }),
        () => ({ text: `- name: notify\n  uri:\n    url: https://${host}/deploys\n    headers:\n      Authorization: "Bearer ${tok}"\n`, targets: [tok] }),
        () => ({ text: `Cookie: _session_id=${tok}; locale=en`, targets: [tok] }),
        () => ({ text: `{"auths":{"registry.acme-corp.net":{"auth":"${basic}"}}}`, targets: [basic] }),
    ];
    return r.pick(idioms)();
});
const webhook = defineCategory('webhook-url', 14, (r) => {
    switch (r.int(0, 3)) {
        case 0: {
            const s = mixed(r, 24);
            return { text: `SLACK_WEBHOOK_URL=https://hooks.slack.com/services/T${r.str(UPPER_ALNUM, 10)}/B${r.str(UPPER_ALNUM, 10)}/${s}\n`, targets: [s] };
        }
        case 1: {
            const s = mixed(r, 68, ALNUM + '-_');
            return { text: `requests.post("https://discord.com/api/webhooks/${r.str(DIGITS, 19)}/${s}", json={"content": msg})`, targets: [s] };
        }
        case 2: {
            const s = r.str(HEX, 32);
            return { text: `teams_webhook: https://acme.webhook.office.com/webhookb2/${uuid(r)}@${uuid(r)}/IncomingWebhook/${s}/${uuid(r)}/V2${mixed(r, 40)}\n`, targets: [s] };
        }
        default: {
            const s = mixed(r, 24);
            return { text: `curl -X POST -H 'Content-type: application/json' --data '{"text":"deploy done"}' https://hooks.slack.com/services/T${r.str(UPPER_ALNUM, 9)}/B${r.str(UPPER_ALNUM, 11)}/${s}`, targets: [s] };
        }
    }
});
const jsonEscaped = defineCategory('json-escaped', 16, (r) => {
    const v = r.pick([...VCS, ...AI, ...COMMS].filter((x) => x.bare)).make(r);
    const pw = urlSafePassword(r);
    switch (r.int(0, 4)) {
        case 0: return { text: JSON.stringify({ type: 'tool_result', tool_use_id: 'toolu_' + mixed(r, 24), content: `$ cat .env\nAPI_TOKEN="${v}"\nDEBUG=1\n` }), targets: [v] };
        case 1: return { text: JSON.stringify({ role: 'user', content: JSON.stringify({ db: { user: 'app', password: pw } }) }), targets: [pw] };
        case 2: return { text: `{"level":"error","msg":"upstream rejected request","req":"{\\"headers\\":{\\"authorization\\":\\"Bearer ${v}\\"}}"}`, targets: [v] };
        case 3: return { text: JSON.stringify({ cmd: `docker run -e PASSWORD="${pw}" -e TOKEN=${v} app:latest`, exit: 0 }), targets: [pw, v] };
        default: return { text: `"env": "export SECRET_TOKEN=\\"${v}\\"\\nexport MODE=prod\\n"`, targets: [v] };
    }
});
const urlEncoded = defineCategory('url-encoded', 16, (r) => {
    const sec = mixed(r, 32, ALNUM + '-_');
    const pw = pctEncode(password(r));
    switch (r.int(0, 6)) {
        case 0: return { text: `POST /oauth/token HTTP/1.1\nContent-Type: application/x-www-form-urlencoded\n\ngrant_type=client_credentials&client_id=reporting&client_secret=${sec}&scope=read`, targets: [sec] };
        case 1: {
            const k = r.str(HEX, 32);
            return { text: `GET /v3/forecast?lat=52.37&lon=4.89&appid=${k}&units=metric HTTP/1.1`, targets: [k] };
        }
        case 2: return { text: `POST /login HTTP/1.1\nHost: portal.acme.dev\nContent-Type: application/x-www-form-urlencoded\n\nusername=ops&password=${pw}&remember=1`, targets: [pw] };
        case 3: return { text: `${isoTime(r)} GET /api/export?format=csv&access_token=${sec} 200 1834ms`, targets: [sec] };
        case 4: {
            const k = r.str(HEX, 48);
            return { text: `[I 2025-02-11 10:02:13.201 ServerApp] Jupyter Server 2.14.0 is running at:\n[I 2025-02-11 10:02:13.201 ServerApp] http://localhost:8888/lab?token=${k}`, targets: [k] };
        }
        case 5: return { text: `https://api.partner.io/v1/search?q=shoes&api_key=${sec}&page=2`, targets: [sec] };
        default: return { text: `redirect_uri=https%3A%2F%2Fapp.acme.dev%2Fcb&code=${mixed(r, 20)}&client_secret=${sec}&grant_type=authorization_code`, targets: [sec] };
    }
});
const base64Config = defineCategory('base64-encoded', 16, (r) => {
    const pw = password(r);
    const tok = r.pick(SAAS.filter((v) => v.bare)).make(r);
    switch (r.int(0, 4)) {
        case 0: {
            const blob = b64(`DB_HOST=db.internal\nDB_USER=app\nDB_PASSWORD=${pw}\nAPI_TOKEN=${tok}\n`);
            return { text: `apiVersion: v1\nkind: Secret\nmetadata:\n  name: app-env\ndata:\n  .env: ${blob}\n`, targets: [blob] };
        }
        case 1: {
            const enc = b64(pw);
            return { text: `$ kubectl get secret db-creds -o yaml\napiVersion: v1\ndata:\n  password: ${enc}\n  username: ${b64('app')}\nkind: Secret\nmetadata:\n  name: db-creds\n  namespace: prod\ntype: Opaque\n`, targets: [enc] };
        }
        case 2: {
            const blob = b64(JSON.stringify({ token: tok, endpoint: 'https://api.acme.dev' }));
            return { text: `echo ${blob} | base64 -d > ~/.config/acme/credentials.json`, targets: [blob] };
        }
        case 3: {
            const blob = b64(`[default]\naws_access_key_id = ${awsKeyId(r)}\naws_secret_access_key = ${awsSecret(r)}\n`);
            return { text: `AWS_CREDENTIALS_B64=${blob}\n`, targets: [blob] };
        }
        default: {
            const blob = b64(`apiVersion: v1\nkind: Config\nusers:\n- name: ci\n  user:\n    token: ${tok}\n`);
            return { text: `      - name: kubeconfig\n        run: echo "${blob}" | base64 --decode > $HOME/.kube/config\n`, targets: [blob] };
        }
    }
});
const prose = defineCategory('prose-multilingual', 18, (r) => {
    const pw = password(r).replace(/[.,]/g, '#');
    const tok = r.pick([...VCS, ...AI].filter((v) => v.bare)).make(r);
    const lines = [
        () => ({ text: `Das Passwort für den Staging-Server ist ${pw} – bitte nicht weitergeben.`, targets: [pw] }),
        () => ({ text: `Le mot de passe de la base est : ${pw} (on le change lundi).`, targets: [pw] }),
        () => ({ text: `La contraseña del usuario admin es ${pw} , cámbiala después del despliegue.`, targets: [pw] }),
        () => ({ text: `A senha do banco de produção é ${pw} e o usuário é app.`, targets: [pw] }),
        () => ({ text: `ステージング環境のパスワードは ${pw} です。`, targets: [pw] }),
        () => ({ text: `数据库密码是 ${pw} ，用完记得改掉。`, targets: [pw] }),
        () => ({ text: `Пароль от админки: ${pw} — не коммить его, пожалуйста.`, targets: [pw] }),
        () => ({ text: `Il token per il bot è ${tok}, lo trovi anche su 1Password.`, targets: [tok] }),
        () => ({ text: `Hier ist mein Token: ${tok} — warum bekomme ich trotzdem 401?`, targets: [tok] }),
        () => ({ text: `mi token de acceso: ${tok}`, targets: [tok] }),
        () => ({ text: `Het wachtwoord voor de VPN is ${pw}`, targets: [pw] }),
        () => ({ text: `the wifi password at the office is ${pw} btw`, targets: [pw] }),
        () => ({ text: `use password ${pw} for the grafana admin user, I set it yesterday`, targets: [pw] }),
        () => ({ text: `토큰은 ${tok} 입니다. 배포 후에 폐기해 주세요.`, targets: [tok] }),
        () => ({ text: `Hasło do serwera to ${pw}`, targets: [pw] }),
    ];
    return r.pick(lines)();
});
export const SECRET_CATEGORIES = [
    vcsRegistryTokens, aiApiKeys, paymentKeys, messagingTokens, saasTokens, aws, azureGcp, privateKey, jwt, connUrl,
    passwordAssign, appSecret, cliFlag, authHeader, webhook, jsonEscaped, urlEncoded, base64Config, prose,
];
//# sourceMappingURL=secrets.js.map