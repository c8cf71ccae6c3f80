/** Word pools and small benign-text helpers shared by the corpus generators. */
import { ALNUM, B64URL, DIGITS, HEX, LOWER, uuid } from './formats.js';
/** Neutral words for project names, passphrases and prose (no placeholder-like words). */
export const WORDS = [
    'amber', 'anchor', 'apex', 'arbor', 'aspen', 'atlas', 'aurora', 'basil', 'beacon', 'birch', 'bison', 'blossom',
    'bramble', 'breeze', 'brook', 'cactus', 'canyon', 'cedar', 'cinder', 'clover', 'cobalt', 'comet', 'coral', 'cosmos',
    'crane', 'crimson', 'cypress', 'dahlia', 'delta', 'dune', 'ember', 'falcon', 'fern', 'fjord', 'flint', 'galaxy',
    'garnet', 'glacier', 'granite', 'harbor', 'hazel', 'heron', 'indigo', 'iris', 'ivory', 'jasper', 'juniper', 'kestrel',
    'lagoon', 'larch', 'lantern', 'lilac', 'linden', 'lotus', 'lynx', 'magnolia', 'maple', 'marble', 'meadow', 'mesa',
    'meteor', 'mistral', 'nebula', 'nimbus', 'oasis', 'obsidian', 'onyx', 'orchid', 'osprey', 'otter', 'pebble', 'pine',
    'prairie', 'quartz', 'quill', 'raven', 'reef', 'ridge', 'river', 'saffron', 'sage', 'sequoia', 'sierra', 'slate',
    'sparrow', 'spruce', 'summit', 'swift', 'talon', 'thistle', 'thunder', 'timber', 'topaz', 'tundra', 'umber', 'valley',
    'velvet', 'willow', 'yarrow', 'zephyr', 'zinnia', 'walnut', 'tangerine', 'pelican', 'mulberry', 'lichen', 'kelp',
];
export const FIRST_NAMES = [
    'Amelia', 'Noah', 'Olivia', 'Liam', 'Sofia', 'Mateo', 'Hannah', 'Lukas', 'Chloé', 'Arjun', 'Priya', 'Yuki', 'Kenji',
    'Fatima', 'Omar', 'Ingrid', 'Sven', 'Zoe', 'Diego', 'Lucía', 'Marta', 'Tomasz', 'Aoife', 'Ciarán', 'Leila', 'Nadia',
    'Felix', 'Greta', 'Jonas', 'Elif', 'Mehmet', 'Ana', 'João', 'Wei', 'Mei', 'Hugo', 'Camille', 'Isabel', 'Rafael', 'Nora',
];
export const LAST_NAMES = [
    'Hartmann', 'Okafor', 'Lindqvist', 'Moreau', 'Castillo', 'Nakamura', 'Kowalski', 'Brennan', 'Haddad', 'Fischer',
    'Rossi', 'Novak', 'Petrov', 'Silva', 'Chen', 'Patel', 'Schneider', 'Dubois', 'García', 'Jansen', 'Murphy', 'Yilmaz',
    'Andersen', 'Kaur', 'Takahashi', 'Oliveira', 'Whitfield', 'Vasquez', 'Becker', 'Duarte', 'Holm', 'Ibrahim',
];
export const PERSONAL_MAIL_DOMAINS = [
    'gmail.com', 'outlook.com', 'yahoo.co.uk', 'proton.me', 'web.de', 'icloud.com', 'fastmail.fm', 'gmx.de', 'hotmail.fr',
    'posteo.de', 'live.com', 'mail.ru', 'yandex.com', 'orange.fr', 'btinternet.com',
];
export const TLDS = ['io', 'com', 'dev', 'co', 'app', 'net', 'ai', 'de', 'co.uk', 'fr', 'tech', 'cloud'];
export const SERVICES = ['api', 'web', 'worker', 'billing', 'auth', 'search', 'ingest', 'gateway', 'scheduler', 'notifier', 'reports', 'admin'];
export const USERS = ['app', 'admin', 'deploy', 'svc_reporting', 'postgres', 'root', 'etl', 'readonly', 'analytics', 'backend', 'ci', 'ops'];
export const LANGS = ['ts', 'py', 'go', 'rb', 'rs', 'java', 'kt', 'php'];
export function cap(word) {
    return word.charAt(0).toUpperCase() + word.slice(1);
}
export function camel(...words) {
    return words.map((w, i) => (i === 0 ? w : cap(w))).join('');
}
export function projectName(rng) {
    return rng.chance(0.5) ? `${rng.pick(WORDS)}-${rng.pick(SERVICES)}` : `${rng.pick(WORDS)}${rng.pick(['', '-app', '-platform', 'ly', 'hq'])}`;
}
export function companyDomain(rng) {
    return `${rng.pick(WORDS)}${rng.pick(['', 'labs', 'works', 'soft', 'data', 'hq'])}.${rng.pick(TLDS)}`;
}
export function hostName(rng, project) {
    return rng.pick([
        `${project}-prod.${rng.str(LOWER + DIGITS, 12)}.eu-west-1.rds.amazonaws.com`,
        `db-${rng.int(1, 9)}.${project}.internal`,
        `${project}.postgres.database.azure.com`,
        `${rng.pick(SERVICES)}.${companyDomain(rng)}`,
        `${project}-${rng.pick(['primary', 'replica', 'main'])}.c${rng.str(LOWER + DIGITS, 6)}.us-east-2.rds.amazonaws.com`,
        `${rng.pick(SERVICES)}-${rng.int(1, 4)}.${project}.svc.cluster.local`,
    ]);
}
/** An ISO timestamp between 2024-01-01 and 2025-12-31. */
export function isoTime(rng) {
    const ms = Date.UTC(2024, 0, 1) + Math.floor(rng.next() * 730 * 86_400_000);
    return new Date(ms).toISOString();
}
export function epochSeconds(rng) {
    return Math.floor(Date.UTC(2024, 0, 1) / 1000) + rng.int(0, 730 * 86_400);
}
export function sha1(rng) {
    return rng.str(HEX, 40);
}
export function shortSha(rng) {
    return rng.str(HEX, rng.pick([7, 7, 8, 9, 10, 12]));
}
export function toolUseId(rng) {
    return 'toolu_01' + rng.str(ALNUM, 22);
}
export function messageId(rng) {
    return 'msg_01' + rng.str(ALNUM, 22);
}
export function requestId(rng) {
    return 'req_011C' + rng.str(ALNUM, 20);
}
export function callId(rng) {
    return 'call_' + rng.str(ALNUM, 24);
}
export function chatCompletionId(rng) {
    return 'chatcmpl-' + rng.str(ALNUM, 29);
}
export function version(rng) {
    return `${rng.int(0, 24)}.${rng.int(0, 40)}.${rng.int(0, 30)}`;
}
export function sourceFile(rng) {
    const dir = rng.pick(['src', 'src/lib', 'src/server', 'app', 'lib', 'packages/core/src', 'internal', 'services/api/src']);
    return `${dir}/${rng.pick(WORDS)}${cap(rng.pick(['client', 'config', 'service', 'handler', 'store', 'util', 'routes']))}.${rng.pick(['ts', 'ts', 'js', 'py', 'go'])}`;
}
export function cwd(rng, project) {
    return rng.pick([`/workspace/${project}`, `/srv/${project}`, `/opt/build/${project}`, `/app`, `/code/${project}`, `/tmp/${project}`]);
}
/** Benign lines that pad a `.env` file. */
export function benignEnvLines(rng, project, n) {
    const pool = [
        `NODE_ENV=${rng.pick(['production', 'development', 'staging'])}`,
        `PORT=${rng.pick([3000, 4000, 5173, 8000, 8080, 8787])}`,
        `LOG_LEVEL=${rng.pick(['debug', 'info', 'warn'])}`,
        `APP_NAME=${project}`,
        `PUBLIC_URL=https://${project}.${rng.pick(TLDS)}`,
        `REDIS_HOST=${rng.pick(['localhost', 'redis', '127.0.0.1'])}`,
        `FEATURE_FLAGS=${rng.pick(WORDS)},${rng.pick(WORDS)}`,
        `TZ=${rng.pick(['UTC', 'Europe/Berlin', 'America/New_York'])}`,
        `WORKERS=${rng.int(1, 16)}`,
        `CACHE_TTL_SECONDS=${rng.pick([60, 300, 3600])}`,
        `S3_BUCKET=${project}-${rng.pick(['assets', 'uploads', 'backups'])}`,
        `AWS_REGION=${rng.pick(['us-east-1', 'eu-west-1', 'eu-central-1', 'ap-southeast-2'])}`,
        `SENTRY_ENVIRONMENT=${rng.pick(['prod', 'staging'])}`,
        `MAX_UPLOAD_MB=${rng.int(5, 500)}`,
        `# ${rng.pick(['database', 'third-party services', 'feature toggles', 'observability'])}`,
    ];
    return rng.sample(pool, n);
}
/** A short benign JSON API response body. */
export function benignJson(rng) {
    const obj = rng.pick([
        () => ({ ok: true, id: uuid(rng), created_at: isoTime(rng) }),
        () => ({ data: { id: rng.int(1000, 999999), status: rng.pick(['active', 'queued', 'done']) }, meta: { page: 1, per_page: 50 } }),
        () => ({ login: `${rng.pick(WORDS)}-bot`, id: rng.int(100000, 99999999), type: 'Bot', site_admin: false }),
        () => ({ items: [], total: 0, next_cursor: null }),
        () => ({ status: 'ok', version: version(rng), uptime_s: rng.int(10, 999999) }),
    ])();
    return rng.chance(0.5) ? JSON.stringify(obj) : JSON.stringify(obj, null, 2);
}
export function b64urlId(rng, n) {
    return rng.str(B64URL, n);
}
//# sourceMappingURL=pools.js.map