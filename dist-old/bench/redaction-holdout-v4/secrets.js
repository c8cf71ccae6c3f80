/**
 * Secret cases: vendor credentials and passwords written the way each ecosystem writes them,
 * framework secrets with punctuation, connection strings, private keys, and tokens that only
 * their shape or place gives away.
 */
import { ECOSYSTEMS } from './ecosystems.js';
import { keyName, PASSWORD_SETTINGS } from './names.js';
import { AN, base64Of, hex, LOW, NUM, passphrase, token, URLSAFE } from './rng.js';
import { rotating } from './rotation.js';
import { VENDORS, vendorAt } from './vendors.js';
/** Case `i` of an ecosystem: a vendor credential most of the time, else a password-like setting. */
function ecosystemCategory(index) {
    const eco = ECOSYSTEMS[index];
    return {
        category: `in-${eco.name}`,
        count: 20,
        gen: (rng, i) => {
            const idiom = eco.idioms[i % eco.idioms.length];
            const pinned = eco.pinned?.[i % eco.idioms.length];
            if (pinned || rng.coin(0.7)) {
                const vendor = pinned ? VENDORS.find((v) => v.vendor === pinned) : vendorAt(i, index * 7);
                const value = vendor.make(rng);
                return { text: idiom(keyName(vendor.env), value, rng), targets: [value] };
            }
            const value = passphrase(rng);
            return { text: idiom(keyName(rng.one(PASSWORD_SETTINGS)), value, rng), targets: [value] };
        },
    };
}
const DJANGO_ALPHABET = LOW + NUM + '!@#$%^&*(-_=+)';
const frameworkKeys = {
    category: 'framework-keys',
    count: 24,
    gen: (rng, i) => {
        switch (i % 6) {
            case 0: {
                const v = rng.chars(DJANGO_ALPHABET, 50);
                return { text: `# Build paths inside the project like this: BASE_DIR / 'subdir'.\nBASE_DIR = Path(__file__).resolve().parent.parent\n\nSECRET_KEY = '${v}'\n\nDEBUG = False`, targets: [v] };
            }
            case 1: {
                const v = `base64:${base64Of(rng, 32)}`;
                return { text: `APP_NAME=Laravel\nAPP_ENV=local\nAPP_KEY=${v}\nAPP_DEBUG=true`, targets: [v.slice(7)] };
            }
            case 2: {
                const v = hex(rng, 128);
                return { text: `$ EDITOR=cat bin/rails credentials:edit --environment production\nsecret_key_base: ${v}\nactive_storage:\n  service: amazon`, targets: [v] };
            }
            case 3: {
                const v = hex(rng, 32);
                return { text: `###> symfony/framework-bundle ###\nAPP_ENV=prod\nAPP_SECRET=${v}\n###< symfony/framework-bundle ###`, targets: [v] };
            }
            case 4: {
                const v = base64Of(rng, 32);
                return { text: `NEXTAUTH_URL=https://${rng.one(['shop', 'portal', 'admin'])}.example.org\nNEXTAUTH_SECRET=${v}\nAUTH_TRUST_HOST=true`, targets: [v] };
            }
            default: {
                const v = token(rng, 64, AN + '+/');
                return { text: `config :my_app, MyAppWeb.Endpoint,\n  url: [host: "example.org", port: 443],\n  secret_key_base: "${v}"`, targets: [v] };
            }
        }
    },
};
const user = (rng) => rng.one(['app', 'svc_orders', 'reporting', 'admin', 'deploy', 'etl']);
const dbHost = (rng) => `${rng.one(['prod-db', 'sql01', 'warehouse', 'primary'])}.${rng.one(['internal', 'corp.example.com', 'eu-west-1.rds.amazonaws.com'])}`;
const urlPassword = (rng) => passphrase(rng, false);
const connectionStrings = rotating('connection-strings', 33, (rng) => {
    const pw = urlPassword(rng);
    const h = dbHost(rng);
    const u = user(rng);
    return [
        () => ({ text: `"ConnectionStrings": {\n  "Default": "Server=tcp:${h},1433;Initial Catalog=${u};Persist Security Info=False;User ID=${u};Password=${pw};Encrypt=True;"\n}`, targets: [pw] }),
        () => ({ text: `spring.datasource.url=jdbc:mysql://${h}:3306/${u}?user=${u}&password=${pw}&useSSL=true`, targets: [pw] }),
        () => ({ text: `Driver={ODBC Driver 18 for SQL Server};Server=${h};Database=${u};Uid=${u};Pwd=${pw};TrustServerCertificate=no;`, targets: [pw] }),
        () => ({ text: `MONGODB_URI=mongodb+srv://${u}:${pw}@cluster0.${rng.chars(LOW + NUM, 5)}.mongodb.net/?retryWrites=true&w=majority`, targets: [pw] }),
        () => ({ text: `REDIS_URL=rediss://default:${pw}@${rng.one(['redis-1', 'cache'])}.${h}:6380/0`, targets: [pw] }),
        () => ({ text: `cache:\n  url: redis://:${pw}@${h}:6379/2`, targets: [pw] }),
        () => ({ text: `DATABASE_URL="postgresql://${u}:${pw}@${h}:5432/${u}?sslmode=require"`, targets: [pw] }),
        () => ({ text: `amqp_url = "amqps://${u}:${pw}@${h}/${rng.one(['prod', 'events'])}"`, targets: [pw] }),
        () => {
            const key = base64Of(rng, 64);
            return { text: `AZURE_STORAGE_CONNECTION_STRING="DefaultEndpointsProtocol=https;AccountName=${u.replace('_', '')}store;AccountKey=${key};EndpointSuffix=core.windows.net"`, targets: [key] };
        },
        () => {
            const key = base64Of(rng, 32);
            return { text: `"ServiceBus": "Endpoint=sb://${u.replace('_', '-')}-bus.servicebus.windows.net/;SharedAccessKeyName=RootManageSharedAccessKey;SharedAccessKey=${key}"`, targets: [key] };
        },
        () => {
            const auth = Buffer.from(`${u}:${pw}`).toString('base64');
            return { text: `{\n  "auths": {\n    "ghcr.io": {\n      "auth": "${auth}"\n    }\n  }\n}`, targets: [auth] };
        },
    ];
});
function pemBody(rng, bytes) {
    return base64Of(rng, bytes).replace(/(.{64})/g, '$1\n').trim();
}
const privateKeys = {
    category: 'private-keys',
    count: 24,
    gen: (rng, i) => {
        const kind = ['RSA PRIVATE KEY', 'PRIVATE KEY', 'EC PRIVATE KEY', 'OPENSSH PRIVATE KEY'][i % 4];
        const body = pemBody(rng, kind.startsWith('EC') ? 121 : kind.startsWith('OPENSSH') ? 400 : 640);
        const pem = `-----BEGIN ${kind}-----\n${body}\n-----END ${kind}-----`;
        switch (Math.floor(i / 4) % 6) {
            case 0: return { text: `$ cat ~/.ssh/id_deploy\n${pem}`, targets: [body] };
            case 1: {
                const lines = body.split('\n');
                const escaped = JSON.stringify({ type: 'service_account', project_id: `proj-${rng.chars(NUM, 6)}`, private_key_id: hex(rng, 40), private_key: `${pem}\n`, client_email: `ci-deployer@proj-${rng.chars(NUM, 6)}.iam.gserviceaccount.com` }, null, 2);
                return { text: escaped, targets: lines };
            }
            case 2: return { text: `ssl:\n  key: |\n${pem.split('\n').map((l) => `    ${l}`).join('\n')}`, targets: body.split('\n') };
            case 3: {
                const data = Buffer.from(pem + '\n').toString('base64');
                return { text: `users:\n- name: admin\n  user:\n    client-certificate-data: ${base64Of(rng, 90)}\n    client-key-data: ${data}`, targets: [data] };
            }
            case 4: {
                const wg = base64Of(rng, 32);
                return { text: `[Interface]\nAddress = 10.8.0.${rng.between(2, 250)}/24\nPrivateKey = ${wg}\nListenPort = 51820`, targets: [wg] };
            }
            default: {
                const pgp = pemBody(rng, 700);
                return { text: `-----BEGIN PGP PRIVATE KEY BLOCK-----\n\n${pgp}\n=${token(rng, 4, AN + '+/')}\n-----END PGP PRIVATE KEY BLOCK-----`, targets: [pgp] };
            }
        }
    },
};
/** Tokens with no keyword nearby: their vendor shape or their place in a URL or call says what they are. */
const shapeOnly = rotating('shape-only', 36, (rng) => {
    const distinctive = VENDORS.filter((v) => !v.keyed && v.vendor !== 'jwt-bearer');
    return [
        () => {
            const id = rng.chars('123456789', 1) + rng.chars(NUM, 9);
            const t = `AA${token(rng, 33, URLSAFE)}`;
            return { text: `resp = requests.post(f"https://api.telegram.org/bot${id}:${t}/sendMessage", json=payload)`, targets: [`${id}:${t}`] };
        },
        () => {
            const t = vendorAt(VENDORS.findIndex((v) => v.vendor === 'discord-bot')).make(rng);
            return { text: `if __name__ == "__main__":\n    client.run("${t}")`, targets: [t] };
        },
        () => {
            const path = `T${token(rng, 10, 'ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789')}/B${token(rng, 10, 'ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789')}/${token(rng, 24)}`;
            return { text: `curl -X POST -H 'Content-type: application/json' --data '{"text":"deploy done"}' https://hooks.slack.com/services/${path}`, targets: [path.split('/')[2]] };
        },
        () => {
            const t = token(rng, 68, URLSAFE);
            return { text: `await fetch("https://discord.com/api/webhooks/${rng.chars('123456789', 1)}${rng.chars(NUM, 18)}/${t}", { method: "POST", body })`, targets: [t] };
        },
        () => {
            const v = rng.one(distinctive).make(rng);
            return { text: `2026-11-${rng.between(10, 28)}T09:${rng.between(10, 59)}:01Z DEBUG http client init ${v} retries=3`, targets: [v] };
        },
        () => {
            const v = rng.one(distinctive).make(rng);
            return { text: `ok so I pasted ${v} into the dashboard and it still says unauthorized, any idea?`, targets: [v] };
        },
        () => {
            const v = vendorAt(VENDORS.findIndex((x) => x.vendor === 'github-classic')).make(rng);
            return { text: `git remote set-url origin https://x-access-token:${v}@github.com/acme/${rng.one(['api', 'web', 'infra'])}.git`, targets: [v] };
        },
        () => {
            const v = rng.one(distinctive).make(rng);
            return { text: `| ${rng.one(['staging', 'prod', 'dev'])} | ${v} | rotated ${rng.between(1, 28)}/11 |`, targets: [v] };
        },
        () => {
            const v = rng.one(distinctive).make(rng);
            return { text: `    main(["--target", "prod", "${v}"])`, targets: [v] };
        },
    ];
});
export const SECRET_CATEGORIES = [
    ...ECOSYSTEMS.map((_, i) => ecosystemCategory(i)),
    frameworkKeys,
    connectionStrings,
    privateKeys,
    shapeOnly,
];
//# sourceMappingURL=secrets.js.map