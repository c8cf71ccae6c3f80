export const FIRST = ['Priya', 'Mateo', 'Hannah', 'Kenji', 'Olusegun', 'Ingrid', 'Tomasz', 'Aisha', 'Lucas', 'Mei', 'Rafael', 'Sofia', 'Dmitri', 'Chloe', 'Arjun', 'Fatima', 'Jonas', 'Camille', 'Diego', 'Yuki'];
export const LAST = ['Raman', 'Okafor', 'Lindqvist', 'Takahashi', 'Kowalski', 'Haddad', 'Moreau', 'Fernandes', 'Novak', 'Brennan', 'Schulz', 'Castillo', 'Nakamura', 'Petrov', 'Achebe', 'Gallagher', 'Iyer', 'Svensson', 'Delgado', 'Whitfield'];
export const COMPANY_DOMAINS = ['fieldline.io', 'northwind-labs.com', 'quillpay.co', 'tessera.dev', 'brightharbor.org', 'kestrel-analytics.com', 'orbitcart.net', 'lumen-health.de'];
export const MAIL_DOMAINS = ['gmail.com', 'outlook.com', 'proton.me', 'yahoo.co.uk', 'icloud.com', 'gmx.de', 'hotmail.fr', ...COMPANY_DOMAINS];
export const PROJECTS = ['billing-api', 'orbit-web', 'ledger', 'ingest-worker', 'atlas-cli', 'payments-svc', 'notify', 'search-indexer', 'mobile-bff', 'infra'];
export const HOSTS = ['db.internal', 'pg-primary.prod.svc', 'mysql-01.eu-west-1.rds.amazonaws.com', 'cluster0.x7k2p.mongodb.net', 'redis-master', 'rabbitmq.default.svc.cluster.local', 'analytics-db.fieldline.io'];
export const SERVICES = ['orders', 'auth', 'billing', 'search', 'notifications', 'inventory', 'gateway'];
export function person(rng) {
    const first = rng.pick(FIRST);
    const last = rng.pick(LAST);
    return { first, last, full: `${first} ${last}` };
}
export function personalEmail(rng, p = person(rng)) {
    const local = rng.pick([
        `${p.first}.${p.last}`, `${p.first[0]}${p.last}`, `${p.first}${rng.int(1, 99)}`, `${p.first}_${p.last}`, `${p.last}.${p.first[0]}`,
    ]).toLowerCase();
    return `${local}@${rng.pick(MAIL_DOMAINS)}`;
}
export function isoTime(rng) {
    const d = new Date(Date.UTC(2025, rng.int(0, 11), rng.int(1, 28), rng.int(0, 23), rng.int(0, 59), rng.int(0, 59), rng.int(0, 999)));
    return d.toISOString();
}
export function logTime(rng) {
    return isoTime(rng).replace('T', ' ').replace('Z', '');
}
/** Presents a file's content as a coding agent sees it. Targets must be single-line, so any view keeps them. */
export function fileView(rng, path, body) {
    const lines = body.replace(/\n$/, '').split('\n');
    switch (rng.int(0, 5)) {
        case 0: {
            const start = rng.chance(0.6) ? 1 : rng.int(2, 120);
            return lines.map((l, i) => `${String(start + i).padStart(6, ' ')}→${l}`).join('\n');
        }
        case 1:
            return `$ cat ${path}\n${body.replace(/\n$/, '')}`;
        case 2: {
            const start = rng.int(1, 40);
            return `${path}\n` + lines.map((l, i) => `${String(start + i).padStart(6, ' ')}\t${l}`).join('\n');
        }
        case 3: {
            const lang = path.split('.').pop() ?? '';
            return `${rng.pick(['Here is', 'This is', 'Current contents of', 'I opened'])} \`${path}\`:\n\n\`\`\`${lang}\n${body.replace(/\n$/, '')}\n\`\`\``;
        }
        case 4:
            return `diff --git a/${path} b/${path}\nnew file mode 100644\n--- /dev/null\n+++ b/${path}\n@@ -0,0 +1,${lines.length} @@\n` + lines.map((l) => `+${l}`).join('\n');
        default:
            return body.replace(/\n$/, '');
    }
}
/** A terminal transcript: prompt, command, output. */
export function terminal(rng, cmd, output) {
    const prompt = rng.pick(['$ ', '❯ ', `dev@${rng.pick(PROJECTS)}:~/src$ `, '% ', `(venv) $ `, 'PS C:\\src> ']);
    return `${prompt}${cmd}${output ? '\n' + output : ''}`;
}
export function pickN(rng, items, n) {
    return rng.sample(items, n);
}
export const BENIGN_ENV = [
    'NODE_ENV=production', 'LOG_LEVEL=info', 'PORT=8080', 'AWS_REGION=eu-west-1', 'FEATURE_NEW_CHECKOUT=true',
    'TZ=UTC', 'APP_NAME=orbit', 'CACHE_TTL_SECONDS=300', 'SENTRY_ENVIRONMENT=staging', 'MAX_WORKERS=4',
    'PUBLIC_URL=https://app.fieldline.io', 'REDIS_DB=2', 'HTTP_TIMEOUT_MS=15000', 'RUST_LOG=info,tower_http=debug',
];
export function benignEnv(rng, n) {
    return pickN(rng, BENIGN_ENV, n);
}
//# sourceMappingURL=common.js.map