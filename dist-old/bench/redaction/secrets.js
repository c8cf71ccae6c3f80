/**
 * Secret categories: each generator returns a snippet (file, shell session or text) with the exact
 * substrings that a redactor must remove. Values come from formats.ts; nothing here reads the
 * project's rules.
 */
import { ALNUM, B64, B64URL, BASE32, DIGITS, HEX, HEX_UPPER, LETTERS, LOWER, UPPER, b64, checksumToken, jwt, pem, percentEncodeUserinfo, uuid, } from './formats.js';
import { SERVICES, USERS, WORDS, benignEnvLines, benignJson, cap, companyDomain, epochSeconds, hostName, isoTime, projectName, sourceFile, version, } from './pools.js';
const SYMBOLS = {
    url: '-_.~!*',
    shell: '-_.%^+=:,',
    env: '-_.!*%^+@:',
    quoted: '!#%^*-_.~+=@:;,?&()[]{}<>|',
    yaml: '-_.!%^*+=@',
};
/** A realistic password: random, passphrase, word+digits+symbol, or tool-generated. */
export function password(rng, ctx = 'quoted') {
    const style = rng.int(0, 9);
    let pw;
    if (style <= 4) {
        const n = rng.int(12, 28);
        pw = rng.str(LETTERS, 1) + rng.str(ALNUM + ALNUM + SYMBOLS[ctx], n - 3) + rng.str(DIGITS, 1) + rng.str(LOWER, 1);
    }
    else if (style <= 6) {
        const sep = rng.pick(['-', '.', '_']);
        pw = `${cap(rng.pick(WORDS))}${sep}${cap(rng.pick(WORDS))}${sep}${rng.pick(WORDS)}${sep}${rng.int(10, 9999)}`;
    }
    else if (style <= 8) {
        pw = `${cap(rng.pick(WORDS))}${cap(rng.pick(WORDS))}${rng.int(10, 99999)}${rng.str(SYMBOLS[ctx], 1)}`;
    }
    else {
        pw = rng.str(LETTERS, 1) + rng.str(B64URL, rng.int(23, 39));
    }
    if (ctx === 'url' && rng.chance(0.2)) {
        const at = rng.int(1, pw.length - 1);
        pw = percentEncodeUserinfo(pw.slice(0, at) + rng.pick(['@', '#', ':', '/', '%']) + pw.slice(at));
    }
    return pw;
}
/** An API key without a vendor prefix, as many services issue them. */
export function apiKey(rng) {
    switch (rng.int(0, 9)) {
        case 0: return rng.str(HEX, 32);
        case 1: return rng.str(HEX, 40);
        case 2: return rng.str(HEX, 64);
        case 3: return rng.str(ALNUM, 32);
        case 4: return rng.str(ALNUM, 40);
        case 5: return rng.str(B64URL, 43);
        case 6: return `${rng.pick(['live', 'prod', 'sk', 'key', 'api'])}_${rng.str(ALNUM, 32)}`;
        case 7: return rng.str(HEX, 32) + '-' + rng.pick(['us6', 'us21', 'eu1']);
        case 8: return uuid(rng);
        default: return rng.str(ALNUM, 24) + rng.str(HEX_UPPER, 8);
    }
}
function quote(rng, value, allowBare = true) {
    const q = allowBare ? rng.pick(['', '', '"', "'"]) : rng.pick(['"', "'"]);
    return q + value + q;
}
function mix(rng, benign, secrets) {
    const out = [...benign];
    for (const line of secrets)
        out.splice(rng.int(0, out.length), 0, line);
    return out.join('\n');
}
function file(file, body, targets, lang) {
    return { snippet: lang ? { form: 'file', file, body, targets, lang } : { form: 'file', file, body, targets } };
}
function shell(steps, targets) {
    return { snippet: { form: 'shell', steps, targets } };
}
function text(body, targets) {
    return { snippet: { form: 'text', body, targets } };
}
function envName(rng, base) {
    const name = rng.pick(base);
    return rng.chance(0.2) ? `${rng.pick(['PROD', 'APP', 'MY', 'CI', 'STAGING'])}_${name}` : name;
}
const bearer = (t) => `Authorization: Bearer ${t}`;
function curlAuth(v, t, rng) {
    return v.header ? `-H "${v.header(t, rng)}"` : `-u '${v.userAuth?.(t, rng) ?? t}'`;
}
function vendorHosts(v) {
    const cls = cap(v.pkg.replace(/^@[^/]+\//, '').replace(/[^a-z0-9]+(.)/gi, (_, c) => c.toUpperCase()));
    const hosts = [
        (rng, t) => {
            const env = envName(rng, v.env);
            const project = projectName(rng);
            return file(rng.pick(['.env', '.env.local', '.env.production', `apps/${rng.pick(SERVICES)}/.env`, 'config/.env.staging']), mix(rng, benignEnvLines(rng, project, rng.int(2, 8)), [`${env}=${quote(rng, t)}`]), [t]);
        },
        (rng, t) => {
            const env = envName(rng, v.env);
            return shell([{ cmd: `export ${env}=${quote(rng, t)}`, out: '' }, { cmd: rng.pick([`npm run ${rng.pick(['deploy', 'sync', 'seed'])}`, `python scripts/${rng.pick(WORDS)}.py`, `make release`]), out: rng.pick(['done in 2.1s', `> ${v.pkg}@${version(rng)} ready`, 'ok']) }], [t]);
        },
        (rng, t) => {
            const env = envName(rng, v.env);
            const lang = rng.int(0, 2);
            const keyName = rng.pick(['apiKey', 'token', 'auth', 'accessToken']);
            if (lang === 0) {
                return file(sourceFile(rng).replace(/\.\w+$/, '.ts'), `import { ${cls} } from '${v.pkg}';\n\nconst client = new ${cls}({\n  ${keyName}: process.env.${env} ?? '${t}',\n  baseURL: '${v.api}',\n  timeout: ${rng.pick([5000, 10_000, 30_000])},\n});\n\nexport default client;`, [t]);
            }
            if (lang === 1) {
                return file(sourceFile(rng).replace(/\.\w+$/, '.py'), `import os\nfrom ${v.pkg.replace(/[@/-]/g, '_').replace(/^_/, '')} import ${cls}\n\nclient = ${cls}(\n    api_key=os.getenv("${env}", "${t}"),\n    timeout=${rng.int(5, 60)},\n)\n`, [t]);
            }
            return file(sourceFile(rng).replace(/\.\w+$/, '.go'), `package ${rng.pick(WORDS)}\n\nconst defaultToken = "${t}"\n\nfunc NewClient() *Client {\n\treturn &Client{baseURL: "${v.api}", token: envOr("${env}", defaultToken)}\n}`, [t]);
        },
        (rng, t) => shell([{ cmd: `curl -sS ${rng.pick(['', '-X POST ', '-X GET '])}${curlAuth(v, t, rng)} ${rng.pick(['', '-H "Accept: application/json" '])}${v.api}/${rng.pick(['v1/me', 'user', 'v1/projects', 'api/status', 'v2/items?limit=5'])}`, out: benignJson(rng) }], [t]),
        (rng, t) => {
            const keyName = rng.pick(['apiKey', 'token', 'api_key', 'accessToken', 'secret', 'authToken']);
            const obj = { [v.pkg.replace(/^@[^/]+\//, '')]: { baseUrl: v.api, [keyName]: t, timeoutMs: rng.pick([3000, 5000, 15000]), retries: rng.int(0, 5) }, logLevel: rng.pick(['info', 'debug']) };
            return file(rng.pick(['config/default.json', 'config/production.json', 'settings.json', `.${v.pkg.replace(/\W/g, '')}rc.json`]), JSON.stringify(obj, null, 2), [t]);
        },
        (rng, t) => {
            if (rng.chance(0.5)) {
                const env = envName(rng, v.env);
                const svc = rng.pick(SERVICES);
                return file('docker-compose.yml', `services:\n  ${svc}:\n    image: ghcr.io/${rng.pick(WORDS)}/${svc}:${version(rng)}\n    restart: unless-stopped\n    environment:\n      - NODE_ENV=production\n      - ${env}=${t}\n    ports:\n      - "${rng.pick([3000, 8080])}:${rng.pick([3000, 8080])}"`, [t]);
            }
            return file(rng.pick(['config.yaml', 'values.yaml', 'settings.yml']), `${v.pkg.replace(/^@[^/]+\//, '').replace(/\W/g, '_')}:\n  base_url: ${v.api}\n  ${rng.pick(['api_key', 'token', 'apiKey', 'access_token'])}: ${quote(rng, t)}\n  timeout: ${rng.int(5, 60)}s`, [t]);
        },
        (rng, t) => {
            const line = `${isoTime(rng)} DEBUG ${v.pkg} request ${rng.pick(['GET', 'POST'])} ${v.api}/${rng.pick(['v1/events', 'v1/me', 'api/sync'])}`;
            if (!v.header) {
                const [user, ...rest] = (v.userAuth?.(t, rng) ?? t).split(':');
                return text(`${line} auth=('${user}', '${rest.join(':')}') timeout=${rng.int(5, 60)}`, [t]);
            }
            const h = v.header(t, rng);
            const idx = h.indexOf(':');
            return text(`${line} headers={'User-Agent': 'python-requests/2.${rng.int(25, 32)}.0', '${h.slice(0, idx)}': '${h.slice(idx + 1).trim()}', 'Accept': '*/*'}`, [t]);
        },
        (rng, t) => {
            const env = envName(rng, v.env);
            return file(`.github/workflows/${rng.pick(['deploy', 'release', 'nightly', 'sync'])}.yml`, `name: ${rng.pick(['Deploy', 'Release', 'Nightly sync'])}\non:\n  push:\n    branches: [main]\njobs:\n  run:\n    runs-on: ubuntu-latest\n    env:\n      ${env}: ${t}\n    steps:\n      - uses: actions/checkout@v4\n      - uses: actions/setup-node@v4\n        with:\n          node-version: 20\n      - run: npm ci && npm run ${rng.pick(['deploy', 'release', 'sync'])}`, [t]);
        },
        (rng, t) => shell([{ cmd: 'history | tail -n 4', out: [`  ${rng.int(100, 900)}  git pull`, `  ${rng.int(100, 900)}  curl ${curlAuth(v, t, rng)} ${v.api}/${rng.pick(['v1/me', 'user'])}`, `  ${rng.int(100, 900)}  npm test`].join('\n') }], [t]),
    ];
    if (v.bare) {
        hosts.push((rng, t) => text(rng.pick([
            `I found a hard-coded credential in \`${sourceFile(rng)}\` (line ${rng.int(3, 300)}): \`${t}\`. I moved it to the \`${rng.pick(v.env)}\` environment variable, but since it was committed you should revoke it.`,
            `here is my token ${t} — can you wire up the deploy script with it?`,
            `The request fails with 401 even though ${rng.pick(v.env)} is set to ${t}. The token may have expired.`,
        ]), [t]), (rng, t) => {
            const env = envName(rng, v.env);
            return shell([{ cmd: rng.pick([`printenv ${env}`, `echo $${env}`]), out: t }], [t]);
        }, (rng, t) => {
            const env = envName(rng, v.env);
            return shell([{ cmd: `env | grep -i ${env.split('_')[0]?.toLowerCase() ?? 'token'}`, out: `${env}=${t}\n${env.split('_')[0]}_BASE_URL=${v.api}` }], [t]);
        });
    }
    return [...hosts, ...(v.extra ?? []), ...(v.extra ?? [])];
}
function vendorCategory(v) {
    const hosts = vendorHosts(v);
    return { id: v.id, gen: (rng) => rng.pick(hosts)(rng, v.make(rng)) };
}
const ghHeader = (t, rng) => (rng.chance(0.5) ? `Authorization: token ${t}` : bearer(t));
const VENDORS = [
    {
        id: 'github-pat-classic', make: (rng) => checksumToken(rng, 'ghp_'), env: ['GITHUB_TOKEN', 'GH_TOKEN', 'GITHUB_PAT', 'HOMEBREW_GITHUB_API_TOKEN'],
        api: 'https://api.github.com', header: ghHeader, bare: true, pkg: '@octokit/rest',
        extra: [
            (rng, t) => shell([{ cmd: 'gh auth status --show-token', out: `github.com\n  ✓ Logged in to github.com account ${rng.pick(WORDS)}-${rng.pick(WORDS)} (keyring)\n  - Active account: true\n  - Git operations protocol: https\n  - Token: ${t}\n  - Token scopes: 'gist', 'read:org', 'repo', 'workflow'` }], [t]),
            (_rng, t) => shell([{ cmd: 'gh auth token', out: t }], [t]),
        ],
    },
    {
        id: 'github-oauth-token', make: (rng) => checksumToken(rng, 'gho_'), env: ['GITHUB_TOKEN', 'GH_TOKEN'], api: 'https://api.github.com', header: ghHeader, bare: true, pkg: '@octokit/core',
        extra: [(rng, t) => file('~/.config/gh/hosts.yml', `github.com:\n    users:\n        ${rng.pick(WORDS)}dev:\n            oauth_token: ${t}\n    git_protocol: ${rng.pick(['https', 'ssh'])}\n    oauth_token: ${t}\n    user: ${rng.pick(WORDS)}dev`, [t])],
    },
    {
        id: 'github-app-token', make: (rng) => checksumToken(rng, rng.pick(['ghs_', 'ghu_', 'ghr_'])), env: ['GITHUB_TOKEN', 'GH_APP_TOKEN', 'INSTALLATION_TOKEN'], api: 'https://api.github.com', header: ghHeader, bare: true, pkg: '@octokit/app',
        extra: [(rng, t) => text(`[command]/usr/bin/git -c http.extraheader="AUTHORIZATION: basic ***" fetch --prune origin\n##[debug]remote url: https://x-access-token:${t}@github.com/${rng.pick(WORDS)}/${rng.pick(WORDS)}.git\n##[debug]Finishing: Checkout`, [t])],
    },
    {
        id: 'github-fine-grained-pat', make: (rng) => `github_pat_11${rng.str(UPPER + DIGITS, 7)}${rng.str(ALNUM, 13)}_${rng.str(ALNUM, 59)}`, env: ['GITHUB_TOKEN', 'GH_TOKEN', 'GITHUB_PAT'],
        api: 'https://api.github.com', header: ghHeader, bare: true, pkg: '@octokit/rest',
    },
    {
        id: 'gitlab-token', make: (rng) => `${rng.pick(['glpat-', 'glpat-', 'glrt-', 'gldt-'])}${rng.str(ALNUM + '-_', 20)}`, env: ['GITLAB_TOKEN', 'CI_JOB_TOKEN_OVERRIDE', 'GL_TOKEN', 'GITLAB_PRIVATE_TOKEN'],
        api: 'https://gitlab.com/api/v4', header: (t) => `PRIVATE-TOKEN: ${t}`, bare: true, pkg: '@gitbeaker/rest',
    },
    {
        id: 'slack-bot-token', make: (rng) => `xoxb-${rng.str(DIGITS, rng.int(10, 13))}-${rng.str(DIGITS, rng.int(10, 13))}-${rng.str(ALNUM, 24)}`, env: ['SLACK_BOT_TOKEN', 'SLACK_TOKEN'],
        api: 'https://slack.com/api', header: bearer, bare: true, pkg: '@slack/web-api',
    },
    {
        id: 'slack-user-token', make: (rng) => `xoxp-${rng.str(DIGITS, 11)}-${rng.str(DIGITS, 12)}-${rng.str(DIGITS, 13)}-${rng.str(HEX, 32)}`, env: ['SLACK_USER_TOKEN', 'SLACK_TOKEN'],
        api: 'https://slack.com/api', header: bearer, bare: true, pkg: '@slack/web-api',
    },
    {
        id: 'slack-app-token', make: (rng) => `xapp-1-A${rng.str(UPPER + DIGITS, 10)}-${rng.str(DIGITS, 13)}-${rng.str(HEX, 64)}`, env: ['SLACK_APP_TOKEN'],
        api: 'https://slack.com/api', header: bearer, bare: true, pkg: '@slack/bolt',
    },
    {
        id: 'stripe-secret-key', make: (rng) => `sk_live_${rng.chance(0.5) ? rng.str(ALNUM, 24) : '51' + rng.str(ALNUM, 97)}`, env: ['STRIPE_SECRET_KEY', 'STRIPE_API_KEY', 'STRIPE_KEY'],
        api: 'https://api.stripe.com/v1', header: bearer, bare: true, pkg: 'stripe',
        extra: [(rng, t) => shell([{ cmd: `curl https://api.stripe.com/v1/${rng.pick(['charges', 'customers', 'balance'])} -u ${t}: -d limit=3`, out: benignJson(rng) }], [t])],
    },
    {
        id: 'stripe-restricted-key', make: (rng) => `rk_live_${rng.chance(0.5) ? rng.str(ALNUM, 24) : '51' + rng.str(ALNUM, 97)}`, env: ['STRIPE_RESTRICTED_KEY', 'STRIPE_API_KEY'],
        api: 'https://api.stripe.com/v1', header: bearer, bare: true, pkg: 'stripe',
    },
    {
        id: 'stripe-webhook-secret', make: (rng) => `whsec_${rng.str(ALNUM, 32)}`, env: ['STRIPE_WEBHOOK_SECRET', 'STRIPE_ENDPOINT_SECRET'],
        api: 'https://api.stripe.com/v1', header: (t) => `Stripe-Webhook-Secret: ${t}`, bare: true, pkg: 'stripe',
        extra: [(rng, t) => shell([{ cmd: `stripe listen --forward-to localhost:${rng.pick([3000, 4242, 8000])}/webhook`, out: `> Ready! You are using Stripe API Version [2024-${String(rng.int(1, 12)).padStart(2, '0')}-20]. Your webhook signing secret is ${t} (^C to quit)` }], [t])],
    },
    {
        id: 'openai-api-key',
        make: (rng) => rng.pick([
            () => `sk-proj-${rng.str(ALNUM + '-_', 74)}T3BlbkFJ${rng.str(ALNUM + '-_', 74)}`,
            () => `sk-${rng.str(ALNUM, 20)}T3BlbkFJ${rng.str(ALNUM, 20)}`,
            () => `sk-svcacct-${rng.str(ALNUM + '-_', 74)}T3BlbkFJ${rng.str(ALNUM + '-_', 74)}`,
        ])(),
        env: ['OPENAI_API_KEY', 'OPENAI_KEY'], api: 'https://api.openai.com/v1', header: bearer, bare: true, pkg: 'openai',
    },
    {
        id: 'anthropic-api-key', make: (rng) => `sk-ant-${rng.pick(['api03', 'api03', 'admin01'])}-${rng.str(ALNUM + '-_', 93)}AA`, env: ['ANTHROPIC_API_KEY', 'CLAUDE_API_KEY'],
        api: 'https://api.anthropic.com/v1', header: (t) => `x-api-key: ${t}`, bare: true, pkg: '@anthropic-ai/sdk',
    },
    {
        id: 'google-api-key', make: (rng) => `AIza${rng.str(ALNUM + '-_', 35)}`, env: ['GOOGLE_API_KEY', 'GEMINI_API_KEY', 'FIREBASE_API_KEY', 'MAPS_API_KEY'],
        api: 'https://generativelanguage.googleapis.com/v1beta', header: (t) => `x-goog-api-key: ${t}`, bare: true, pkg: '@google/genai',
        extra: [(rng, t) => shell([{ cmd: `curl "https://maps.googleapis.com/maps/api/geocode/json?address=${rng.pick(WORDS)}+street&key=${t}"`, out: '{\n  "results": [],\n  "status": "ZERO_RESULTS"\n}' }], [t])],
    },
    {
        id: 'google-oauth-client-secret', make: (rng) => `GOCSPX-${rng.str(ALNUM + '-_', 28)}`, env: ['GOOGLE_CLIENT_SECRET', 'OAUTH_CLIENT_SECRET'],
        api: 'https://oauth2.googleapis.com', header: (t) => `X-Client-Secret: ${t}`, bare: true, pkg: 'google-auth-library',
        extra: [(rng, t) => file('client_secret.json', JSON.stringify({ installed: { client_id: `${rng.str(DIGITS, 12)}-${rng.str(LOWER + DIGITS, 32)}.apps.googleusercontent.com`, project_id: `${rng.pick(WORDS)}-${rng.int(100000, 999999)}`, auth_uri: 'https://accounts.google.com/o/oauth2/auth', token_uri: 'https://oauth2.googleapis.com/token', client_secret: t, redirect_uris: ['http://localhost'] } }, null, rng.pick([0, 2])), [t])],
    },
    {
        id: 'npm-token', make: (rng) => checksumToken(rng, 'npm_'), env: ['NPM_TOKEN', 'NODE_AUTH_TOKEN', 'NPM_AUTH_TOKEN'], api: 'https://registry.npmjs.org', header: bearer, bare: true, pkg: 'npm-registry-fetch',
        extra: [
            (rng, t) => file(rng.pick(['.npmrc', '~/.npmrc']), `${rng.chance(0.5) ? `@${rng.pick(WORDS)}:registry=https://registry.npmjs.org/\n` : ''}//registry.npmjs.org/:_authToken=${t}\nsave-exact=true`, [t]),
            (rng, t) => shell([{ cmd: 'npm token create --read-only', out: `┌────────────────┬──────────────────────────────────────────┐\n│ token          │ ${t} │\n├────────────────┼──────────────────────────────────────────┤\n│ readonly       │ true                                     │\n├────────────────┼──────────────────────────────────────────┤\n│ created        │ ${isoTime(rng)}                 │\n└────────────────┴──────────────────────────────────────────┘` }], [t]),
        ],
    },
    {
        id: 'pypi-token', make: (rng) => `pypi-AgEIcHlwaS5vcmcCJ${rng.str(B64URL, rng.int(120, 170))}`, env: ['TWINE_PASSWORD', 'PYPI_TOKEN', 'UV_PUBLISH_TOKEN'],
        api: 'https://upload.pypi.org/legacy', header: bearer, bare: true, pkg: 'twine',
        extra: [(_rng, t) => file('~/.pypirc', `[distutils]\nindex-servers =\n    pypi\n\n[pypi]\nusername = __token__\npassword = ${t}`, [t])],
    },
    {
        id: 'sendgrid-api-key', make: (rng) => `SG.${rng.str(ALNUM + '-_', 22)}.${rng.str(ALNUM + '-_', 43)}`, env: ['SENDGRID_API_KEY', 'SMTP_PASSWORD'],
        api: 'https://api.sendgrid.com/v3', header: bearer, bare: true, pkg: '@sendgrid/mail',
    },
    {
        id: 'huggingface-token', make: (rng) => `hf_${rng.str(LETTERS, 34)}`, env: ['HF_TOKEN', 'HUGGING_FACE_HUB_TOKEN', 'HUGGINGFACE_TOKEN'],
        api: 'https://huggingface.co/api', header: bearer, bare: true, pkg: 'huggingface_hub',
        extra: [(_rng, t) => shell([{ cmd: `huggingface-cli login --token ${t}`, out: 'Token is valid (permission: write).\nYour token has been saved to /root/.cache/huggingface/token\nLogin successful' }], [t])],
    },
    {
        id: 'databricks-token', make: (rng) => `dapi${rng.str(HEX, 32)}${rng.chance(0.3) ? '-2' : ''}`, env: ['DATABRICKS_TOKEN'], api: 'https://dbc-7f3a21c9-5d04.cloud.databricks.com/api/2.0', header: bearer, bare: true, pkg: 'databricks-sdk',
        extra: [(rng, t) => file('~/.databrickscfg', `[DEFAULT]\nhost  = https://dbc-${rng.str(HEX, 8)}-${rng.str(HEX, 4)}.cloud.databricks.com\ntoken = ${t}`, [t])],
    },
    {
        id: 'digitalocean-token', make: (rng) => `${rng.pick(['dop_v1_', 'doo_v1_'])}${rng.str(HEX, 64)}`, env: ['DIGITALOCEAN_TOKEN', 'DO_TOKEN', 'DIGITALOCEAN_ACCESS_TOKEN'],
        api: 'https://api.digitalocean.com/v2', header: bearer, bare: true, pkg: 'do-wrapper',
        extra: [(_rng, t) => shell([{ cmd: `doctl auth init --access-token ${t}`, out: 'Validating token... OK' }], [t])],
    },
    {
        id: 'shopify-token', make: (rng) => `${rng.pick(['shpat_', 'shpss_', 'shpca_', 'shppa_'])}${rng.str(HEX, 32)}`, env: ['SHOPIFY_ACCESS_TOKEN', 'SHOPIFY_API_SECRET'],
        api: `https://shop.myshopify.com/admin/api/2024-07`, header: (t) => `X-Shopify-Access-Token: ${t}`, bare: true, pkg: '@shopify/shopify-api',
    },
    {
        id: 'docker-hub-pat', make: (rng) => `dckr_pat_${rng.str(ALNUM + '-_', 27)}`, env: ['DOCKERHUB_TOKEN', 'DOCKER_PASSWORD', 'DOCKER_TOKEN'], api: 'https://hub.docker.com/v2', header: bearer, bare: true, pkg: 'dockerode',
        extra: [(rng, t) => shell([{ cmd: `echo "${t}" | docker login -u ${rng.pick(WORDS)}ci --password-stdin`, out: 'Login Succeeded' }], [t])],
    },
    {
        id: 'heroku-api-key', make: (rng) => `HRKU-AA${rng.str(ALNUM + '-_', 58)}`, env: ['HEROKU_API_KEY'], api: 'https://api.heroku.com', header: bearer, bare: true, pkg: 'heroku-client',
    },
    {
        id: 'linear-api-key', make: (rng) => `lin_api_${rng.str(ALNUM, 40)}`, env: ['LINEAR_API_KEY'], api: 'https://api.linear.app', header: (t) => `Authorization: ${t}`, bare: true, pkg: '@linear/sdk',
    },
    {
        id: 'notion-token', make: (rng) => (rng.chance(0.5) ? `secret_${rng.str(ALNUM, 43)}` : `ntn_${rng.str(DIGITS, 11)}${rng.str(ALNUM, 35)}`), env: ['NOTION_TOKEN', 'NOTION_API_KEY'],
        api: 'https://api.notion.com/v1', header: bearer, bare: true, pkg: '@notionhq/client',
    },
    {
        id: 'grafana-token', make: (rng) => (rng.chance(0.7) ? `glsa_${rng.str(ALNUM, 32)}_${rng.str(HEX, 8)}` : `glc_${b64(JSON.stringify({ o: String(rng.int(100000, 999999)), n: `stack-${rng.int(100000, 999999)}-hm-read`, k: rng.str(ALNUM, 24), m: { r: 'prod-eu-west-2' } })).replace(/=+$/, '')}`),
        env: ['GRAFANA_TOKEN', 'GRAFANA_SERVICE_ACCOUNT_TOKEN', 'GRAFANA_CLOUD_TOKEN'], api: 'https://ops-stack.grafana.net/api', header: bearer, bare: true, pkg: '@grafana/client',
    },
    {
        id: 'tailscale-key', make: (rng) => `tskey-${rng.pick(['auth', 'api', 'client'])}-k${rng.str(ALNUM, 10)}CNTRL-${rng.str(ALNUM, 33)}`, env: ['TS_AUTHKEY', 'TAILSCALE_API_KEY', 'TS_AUTH_KEY'],
        api: 'https://api.tailscale.com/api/v2', header: bearer, bare: true, pkg: 'tailscale',
        extra: [(_rng, t) => shell([{ cmd: `sudo tailscale up --authkey=${t} --ssh`, out: 'Success.' }], [t])],
    },
    {
        id: 'groq-api-key', make: (rng) => `gsk_${rng.str(ALNUM, 52)}`, env: ['GROQ_API_KEY'], api: 'https://api.groq.com/openai/v1', header: bearer, bare: true, pkg: 'groq-sdk',
    },
    {
        id: 'figma-token', make: (rng) => `figd_${rng.str(ALNUM + '-_', 40)}`, env: ['FIGMA_TOKEN', 'FIGMA_ACCESS_TOKEN'], api: 'https://api.figma.com/v1', header: (t) => `X-Figma-Token: ${t}`, bare: true, pkg: 'figma-js',
    },
    {
        id: 'vault-token', make: (rng) => (rng.chance(0.7) ? `hvs.CAESI${rng.str(ALNUM + '-_', 86)}` : `hvb.AAAAAQ${rng.str(ALNUM + '-_', 120)}`), env: ['VAULT_TOKEN'],
        api: 'https://vault.internal:8200/v1', header: (t) => `X-Vault-Token: ${t}`, bare: true, pkg: 'node-vault',
        extra: [(rng, t) => shell([{ cmd: 'vault login -method=oidc', out: `Success! You are now authenticated.\n\nKey                  Value\n---                  -----\ntoken                ${t}\ntoken_accessor       ${rng.str(ALNUM, 24)}\ntoken_duration       ${rng.pick(['768h', '1h', '32h'])}\ntoken_renewable      true\ntoken_policies       ["default" "dev"]` }], [t])],
    },
    {
        id: 'terraform-cloud-token', make: (rng) => `${rng.str(ALNUM, 14)}.atlasv1.${rng.str(ALNUM, 67)}`, env: ['TF_TOKEN_app_terraform_io', 'TFE_TOKEN', 'ATLAS_TOKEN'],
        api: 'https://app.terraform.io/api/v2', header: bearer, bare: true, pkg: 'terraform-cloud',
        extra: [(_rng, t) => file('~/.terraform.d/credentials.tfrc.json', JSON.stringify({ credentials: { 'app.terraform.io': { token: t } } }, null, 2), [t])],
    },
    {
        id: 'postman-api-key', make: (rng) => `PMAK-${rng.str(HEX, 24)}-${rng.str(HEX, 34)}`, env: ['POSTMAN_API_KEY'], api: 'https://api.getpostman.com', header: (t) => `X-Api-Key: ${t}`, bare: true, pkg: 'postman-collection',
    },
    {
        id: 'newrelic-api-key', make: (rng) => `NRAK-${rng.str(UPPER + DIGITS, 27)}`, env: ['NEW_RELIC_API_KEY', 'NEWRELIC_API_KEY'], api: 'https://api.newrelic.com/graphql', header: (t) => `Api-Key: ${t}`, bare: true, pkg: 'newrelic',
    },
    {
        id: 'sentry-auth-token', make: (rng) => (rng.chance(0.6) ? `sntryu_${rng.str(HEX, 64)}` : `sntrys_${b64(JSON.stringify({ iat: epochSeconds(rng) + rng.next(), url: 'https://sentry.io', region_url: 'https://us.sentry.io', org: rng.pick(WORDS) })).replace(/=+$/, '')}_${rng.str(ALNUM + '+/', 43)}`),
        env: ['SENTRY_AUTH_TOKEN'], api: 'https://sentry.io/api/0', header: bearer, bare: true, pkg: '@sentry/cli',
        extra: [(rng, t) => file('.sentryclirc', `[defaults]\norg = ${rng.pick(WORDS)}\nproject = ${rng.pick(SERVICES)}\n\n[auth]\ntoken=${t}`, [t])],
    },
    {
        id: 'atlassian-api-token', make: (rng) => `ATATT3xFfGF0${rng.str(ALNUM + '-_', 170)}=${rng.str(HEX_UPPER, 8)}`, env: ['JIRA_API_TOKEN', 'ATLASSIAN_API_TOKEN', 'CONFLUENCE_TOKEN'],
        api: 'https://team.atlassian.net/rest/api/3', userAuth: (t, rng) => `ci-bot@${rng.pick(WORDS)}.io:${t}`, bare: true, pkg: 'jira-client',
        extra: [(rng, t) => shell([{ cmd: `curl -s -u "ci-bot@${rng.pick(WORDS)}.io:${t}" https://${rng.pick(WORDS)}.atlassian.net/rest/api/3/myself`, out: benignJson(rng) }], [t])],
    },
    {
        id: 'discord-bot-token', make: (rng) => `${b64('1' + rng.str(DIGITS, rng.int(17, 18))).replace(/=+$/, '')}.${rng.str(ALNUM + '-_', 6)}.${rng.str(ALNUM + '-_', rng.pick([27, 38]))}`,
        env: ['DISCORD_TOKEN', 'DISCORD_BOT_TOKEN'], api: 'https://discord.com/api/v10', header: (t) => `Authorization: Bot ${t}`, bare: false, pkg: 'discord.js',
    },
    {
        id: 'twilio-credentials', make: (rng) => rng.str(HEX, 32), env: ['TWILIO_AUTH_TOKEN', 'TWILIO_API_SECRET'], api: 'https://api.twilio.com/2010-04-01', userAuth: (t, rng) => `AC${rng.str(HEX, 32)}:${t}`, bare: false, pkg: 'twilio',
        extra: [(rng, t) => file('.env', mix(rng, benignEnvLines(rng, projectName(rng), 3), [`TWILIO_ACCOUNT_SID=AC${rng.str(HEX, 32)}`, `TWILIO_AUTH_TOKEN=${t}`, `TWILIO_FROM_NUMBER=+1${rng.int(201, 989)}${rng.str(DIGITS, 7)}`]), [t])],
    },
    {
        id: 'mailgun-api-key', make: (rng) => `key-${rng.str(HEX, 32)}`, env: ['MAILGUN_API_KEY', 'MAILGUN_KEY'], api: 'https://api.mailgun.net/v3', userAuth: (t) => `api:${t}`, bare: true, pkg: 'mailgun.js',
        extra: [(rng, t) => shell([{ cmd: `curl -s --user 'api:${t}' https://api.mailgun.net/v3/mg.${rng.pick(WORDS)}.com/messages -F to=ops@${rng.pick(WORDS)}.com -F subject=test`, out: '{"id":"<queued>","message":"Queued. Thank you."}' }], [t])],
    },
];
// ---------------------------------------------------------------------------------------------
// Structured and contextual secrets
// ---------------------------------------------------------------------------------------------
function awsKeyId(rng, prefix = 'AKIA') {
    return prefix + rng.str(BASE32, 16);
}
function awsSecret(rng) {
    return rng.str(ALNUM + '+/', 40);
}
function awsSessionToken(rng) {
    return rng.pick(['IQoJb3JpZ2luX2Vj', 'FwoGZXIvYXdzE']) + rng.str(B64, rng.int(300, 420)) + rng.pick(['', '=', '==']);
}
function pemCategory(id, kind, forced) {
    return {
        id,
        gen: (rng) => {
            const key = pem(rng, kind(rng));
            const name = rng.pick(['id_rsa', 'deploy_key', 'server.key', 'tls.key', 'private.pem', 'jwt-signing.pem', 'id_ed25519', 'certs/client.key']);
            const g = rng.chance(0.7) || forced
                ? file(name, key.text, key.secretLines)
                : rng.chance(0.5)
                    ? shell([{ cmd: `openssl ${rng.pick(['genrsa 2048', 'ecparam -name prime256v1 -genkey -noout', 'genpkey -algorithm ed25519'])}`, out: key.text }], key.secretLines)
                    : text(`Here's the key you asked me to add to the deploy secret:\n\n${key.text}\n\nPaste it into the repository settings.`, key.secretLines);
            return forced ? { ...g, wrapper: forced } : g;
        },
    };
}
function dbUrl(rng, scheme) {
    const pw = password(rng, 'url');
    const user = rng.pick(USERS);
    const project = projectName(rng);
    switch (scheme) {
        case 'postgres':
            return { pw, url: `${rng.pick(['postgres', 'postgresql', 'postgresql+psycopg2', 'postgresql+asyncpg'])}://${user}:${pw}@${hostName(rng, project)}:${rng.pick([5432, 5432, 6543])}/${project.replace(/-/g, '_')}${rng.pick(['', '?sslmode=require', '?schema=public'])}` };
        case 'mysql':
            return { pw, url: `${rng.pick(['mysql', 'mysql2', 'mysql+pymysql', 'mariadb'])}://${user}:${pw}@${hostName(rng, project)}:3306/${project.replace(/-/g, '_')}` };
        case 'mongodb':
            return { pw, url: rng.chance(0.6) ? `mongodb+srv://${user}:${pw}@cluster${rng.int(0, 3)}.${rng.str(LOWER + DIGITS, 5)}.mongodb.net/${project}?retryWrites=true&w=majority` : `mongodb://${user}:${pw}@mongo-${rng.int(0, 2)}.${project}.internal:27017,mongo-1.${project}.internal:27017/${project}?replicaSet=rs0&authSource=admin` };
        case 'redis':
            return { pw, url: rng.chance(0.5) ? `${rng.pick(['redis', 'rediss'])}://${rng.pick(['default', ''])}:${pw}@${project}.${rng.str(LOWER + DIGITS, 6)}.ng.0001.use1.cache.amazonaws.com:6379/0` : `rediss://default:${pw}@${rng.pick(WORDS)}-${rng.pick(WORDS)}-${rng.int(10000, 99999)}.upstash.io:6379` };
        case 'amqp':
            return { pw, url: `${rng.pick(['amqp', 'amqps'])}://${user}:${pw}@${rng.pick([`rabbitmq.${project}.svc.cluster.local:5672`, `${rng.pick(WORDS)}.rmq.cloudamqp.com/${rng.str(LOWER, 8)}`, `mq.${companyDomain(rng)}:5671/%2F`])}` };
    }
}
function dbUrlCategory(scheme) {
    const envs = {
        postgres: ['DATABASE_URL', 'POSTGRES_URL', 'PG_DSN', 'SQLALCHEMY_DATABASE_URI'],
        mysql: ['DATABASE_URL', 'MYSQL_URL', 'DB_DSN'],
        mongodb: ['MONGODB_URI', 'MONGO_URL', 'DATABASE_URL'],
        redis: ['REDIS_URL', 'CACHE_URL', 'CELERY_BROKER_URL'],
        amqp: ['AMQP_URL', 'RABBITMQ_URL', 'CELERY_BROKER_URL'],
    };
    return {
        id: `db-url-${scheme}`,
        gen: (rng) => {
            const { url, pw } = dbUrl(rng, scheme);
            const env = rng.pick(envs[scheme]);
            switch (rng.int(0, 6)) {
                case 0: return file(rng.pick(['.env', '.env.local', 'apps/api/.env']), mix(rng, benignEnvLines(rng, projectName(rng), rng.int(2, 6)), [`${env}=${quote(rng, url)}`]), [pw]);
                case 1: return text(`${isoTime(rng)} ERROR ${rng.pick(['prisma', 'sqlalchemy.engine', 'typeorm', 'celery', 'ioredis'])}: could not connect to ${url}: ${rng.pick(['connection refused', 'timeout expired', 'password authentication failed', 'getaddrinfo ENOTFOUND'])}`, [pw]);
                case 2: return shell([{ cmd: `${rng.pick({ postgres: ['psql', 'pgcli', 'pg_dump'], mysql: ['mysql', 'mycli'], mongodb: ['mongosh'], redis: ['redis-cli -u'], amqp: ['rabbitmqadmin --uri'] }[scheme])} "${url}"${scheme === 'postgres' ? ' -c "select count(*) from users;"' : ''}`, out: scheme === 'postgres' ? ' count\n-------\n  ' + rng.int(1, 99999) + '\n(1 row)' : 'Connected.' }], [pw]);
                case 3: return file('docker-compose.yml', `services:\n  ${rng.pick(SERVICES)}:\n    build: .\n    environment:\n      ${env}: ${url}\n      LOG_LEVEL: info\n    depends_on:\n      - db`, [pw]);
                case 4: return file(rng.pick(['settings.py', 'config/database.py']), `import os\n\n${env} = os.environ.get(\n    "${env}",\n    "${url}",\n)\nPOOL_SIZE = ${rng.int(2, 20)}`, [pw]);
                case 5: return file(rng.pick(['config/default.json', 'appsettings.json']), JSON.stringify({ database: { url, pool: { min: 1, max: rng.int(5, 30) } }, port: rng.pick([3000, 8080]) }, null, 2), [pw]);
                default: return text(`${rng.pick(['Connection string is', 'The app reads', 'Using'])} \`${url}\` — ${rng.pick(['that host is only reachable from the VPC.', 'I will switch it to the env var.', 'the pool size is the bottleneck.'])}`, [pw]);
            }
        },
    };
}
function k8sSecretYaml(rng, pairs) {
    return `apiVersion: v1\nkind: Secret\nmetadata:\n  name: ${rng.pick(WORDS)}-${rng.pick(['credentials', 'secrets', 'db', 'api'])}\n  namespace: ${rng.pick(['default', 'prod', 'platform'])}\ntype: Opaque\ndata:\n${pairs.map(([k, v]) => `  ${k}: ${v}`).join('\n')}`;
}
const ASSIGN_NAMES = {
    password: ['DB_PASSWORD', 'POSTGRES_PASSWORD', 'MYSQL_ROOT_PASSWORD', 'REDIS_PASSWORD', 'SMTP_PASSWORD', 'ADMIN_PASSWORD', 'MAIL_PASS', 'LDAP_BIND_PASSWORD', 'RABBITMQ_DEFAULT_PASS', 'DB_PASS', 'KEYSTORE_PASSWORD', 'PGPASSWORD', 'ELASTIC_PASSWORD', 'DB_PWD'],
    key: ['API_KEY', 'SECRET_KEY', 'APP_SECRET', 'JWT_SECRET', 'SESSION_SECRET', 'ENCRYPTION_KEY', 'CLIENT_SECRET', 'WEBHOOK_SECRET', 'ALGOLIA_ADMIN_KEY', 'MAPBOX_SECRET_TOKEN', 'PUSHER_APP_SECRET', 'MAILCHIMP_API_KEY', 'AUTH_TOKEN', 'ACCESS_TOKEN', 'SERVICE_TOKEN', 'HMAC_SECRET', 'CLOUDFLARE_API_TOKEN', 'VERCEL_TOKEN', 'OKTA_API_TOKEN', 'DATADOG_API_KEY', 'NEXTAUTH_SECRET', 'SECRET_KEY_BASE'],
};
function genericSecret(rng) {
    if (rng.chance(0.45))
        return { name: rng.pick(ASSIGN_NAMES.password), value: password(rng, 'env') };
    return { name: rng.pick(ASSIGN_NAMES.key), value: apiKey(rng) };
}
function lowerName(name) {
    return name.toLowerCase();
}
function camelName(name) {
    return name.toLowerCase().replace(/_(.)/g, (_, c) => c.toUpperCase());
}
function azureKey(rng) {
    return b64(rng.bytes(64));
}
function sasSig(rng) {
    return encodeURIComponent(b64(rng.bytes(32)));
}
const OTHER = [
    {
        id: 'aws-access-key',
        gen: (rng) => {
            const id = awsKeyId(rng);
            const secret = awsSecret(rng);
            switch (rng.int(0, 4)) {
                case 0: return file('.env', mix(rng, benignEnvLines(rng, projectName(rng), rng.int(2, 5)), [`AWS_ACCESS_KEY_ID=${id}`, `AWS_SECRET_ACCESS_KEY=${secret}`]), [id, secret]);
                case 1: return shell([{ cmd: `aws iam create-access-key --user-name ${rng.pick(WORDS)}-ci`, out: JSON.stringify({ AccessKey: { UserName: `${rng.pick(WORDS)}-ci`, AccessKeyId: id, Status: 'Active', SecretAccessKey: secret, CreateDate: isoTime(rng).replace('.000', '') } }, null, 4) }], [id, secret]);
                case 2: return file(sourceFile(rng).replace(/\.\w+$/, '.py'), `import boto3\n\ns3 = boto3.client(\n    "s3",\n    region_name="${rng.pick(['us-east-1', 'eu-west-1'])}",\n    aws_access_key_id="${id}",\n    aws_secret_access_key="${secret}",\n)\n`, [id, secret]);
                case 3: return file('main.tf', `provider "aws" {\n  region     = "${rng.pick(['us-east-1', 'eu-central-1'])}"\n  access_key = "${id}"\n  secret_key = "${secret}"\n}`, [id, secret]);
                default: return shell([{ cmd: `export AWS_ACCESS_KEY_ID=${id}`, out: '' }, { cmd: `export AWS_SECRET_ACCESS_KEY=${secret}`, out: '' }, { cmd: 'aws sts get-caller-identity', out: JSON.stringify({ UserId: awsKeyId(rng, 'AIDA'), Account: rng.str(DIGITS, 12), Arn: `arn:aws:iam::${rng.str(DIGITS, 12)}:user/${rng.pick(WORDS)}` }, null, 4) }], [id, secret]);
            }
        },
    },
    {
        id: 'aws-credentials-file',
        gen: (rng) => {
            const id = awsKeyId(rng);
            const secret = awsSecret(rng);
            const id2 = awsKeyId(rng);
            const secret2 = awsSecret(rng);
            const two = rng.chance(0.4);
            return file('~/.aws/credentials', `[default]\naws_access_key_id = ${id}\naws_secret_access_key = ${secret}${two ? `\n\n[${rng.pick(WORDS)}-prod]\naws_access_key_id=${id2}\naws_secret_access_key=${secret2}\nregion=eu-west-1` : ''}`, two ? [id, secret, id2, secret2] : [id, secret]);
        },
    },
    {
        id: 'aws-session-credentials',
        gen: (rng) => {
            const id = awsKeyId(rng, 'ASIA');
            const secret = awsSecret(rng);
            const token = awsSessionToken(rng);
            if (rng.chance(0.5)) {
                return shell([{ cmd: `aws sts assume-role --role-arn arn:aws:iam::${rng.str(DIGITS, 12)}:role/${rng.pick(WORDS)}-deploy --role-session-name ci`, out: JSON.stringify({ Credentials: { AccessKeyId: id, SecretAccessKey: secret, SessionToken: token, Expiration: isoTime(rng).replace('.000', '') }, AssumedRoleUser: { AssumedRoleId: `AROA${rng.str(BASE32, 17)}:ci`, Arn: `arn:aws:sts::${rng.str(DIGITS, 12)}:assumed-role/deploy/ci` } }, null, 4) }], [id, secret, token]);
            }
            return file('.env', `AWS_ACCESS_KEY_ID=${id}\nAWS_SECRET_ACCESS_KEY=${secret}\nAWS_SESSION_TOKEN=${token}\nAWS_REGION=us-east-1`, [id, secret, token]);
        },
    },
    pemCategory('private-key-rsa', () => 'rsa'),
    pemCategory('private-key-ec', () => 'ec'),
    pemCategory('private-key-openssh', () => 'openssh'),
    pemCategory('private-key-pkcs8', (rng) => (rng.chance(0.75) ? 'pkcs8' : 'pkcs8-ed25519')),
    pemCategory('private-key-cat-n', () => 'rsa', 'read-view'),
    pemCategory('private-key-cat-n-jsonl', () => 'ec', 'read-jsonl'),
    {
        id: 'private-key-json-escaped',
        gen: (rng) => {
            const key = pem(rng, rng.pick(['pkcs8', 'pkcs8', 'rsa', 'ec']));
            const project = `${rng.pick(WORDS)}-${rng.int(100000, 999999)}`;
            const sa = { type: 'service_account', project_id: project, private_key_id: rng.str(HEX, 40), private_key: key.text + '\n', client_email: `${rng.pick(WORDS)}-sa@${project}.iam.gserviceaccount.com`, client_id: rng.str(DIGITS, 21), auth_uri: 'https://accounts.google.com/o/oauth2/auth', token_uri: 'https://oauth2.googleapis.com/token' };
            // Inside a JSON file the PEM's newlines are literal "\n" escapes: the targets are the escaped lines.
            const body = JSON.stringify(sa, null, 2);
            return rng.chance(0.7)
                ? file(rng.pick(['service-account.json', 'gcp-key.json', 'credentials/firebase-adminsdk.json']), body, key.secretLines)
                : shell([{ cmd: `gcloud iam service-accounts keys create key.json --iam-account=${sa.client_email} && cat key.json`, out: body }], key.secretLines);
        },
    },
    {
        id: 'kubeconfig-client-key-data',
        gen: (rng) => {
            const key = pem(rng, rng.pick(['rsa', 'ec']));
            const data = b64(key.text + '\n');
            const cluster = `${rng.pick(WORDS)}-${rng.pick(['prod', 'staging', 'dev'])}`;
            const body = `apiVersion: v1\nclusters:\n- cluster:\n    certificate-authority-data: ${b64('-----BEGIN CERTIFICATE-----\n' + rng.str(B64, 600) + '\n-----END CERTIFICATE-----\n')}\n    server: https://${rng.str(HEX_UPPER, 32)}.gr7.eu-west-1.eks.amazonaws.com\n  name: ${cluster}\ncontexts:\n- context:\n    cluster: ${cluster}\n    user: admin@${cluster}\n  name: ${cluster}\ncurrent-context: ${cluster}\nkind: Config\nusers:\n- name: admin@${cluster}\n  user:\n    client-certificate-data: ${b64('-----BEGIN CERTIFICATE-----\n' + rng.str(B64, 400) + '\n-----END CERTIFICATE-----\n')}\n    client-key-data: ${data}`;
            return rng.chance(0.6) ? file('~/.kube/config', body, [data]) : shell([{ cmd: 'kubectl config view --raw', out: body }], [data]);
        },
    },
    {
        id: 'kubeconfig-token',
        gen: (rng) => {
            const token = rng.chance(0.5) ? rng.str(ALNUM, rng.int(40, 64)) : `${rng.str(LOWER + DIGITS, 6)}.${rng.str(LOWER + DIGITS, 16)}`;
            const cluster = `${rng.pick(WORDS)}-${rng.pick(['prod', 'staging'])}`;
            return file('~/.kube/config', `apiVersion: v1\nkind: Config\nclusters:\n- cluster:\n    server: https://${rng.pick(WORDS)}.k8s.${companyDomain(rng)}:6443\n  name: ${cluster}\nusers:\n- name: ${rng.pick(WORDS)}-ci\n  user:\n    token: ${token}\ncontexts:\n- context:\n    cluster: ${cluster}\n    user: ${rng.pick(WORDS)}-ci\n  name: ${cluster}\ncurrent-context: ${cluster}`, [token]);
        },
    },
    {
        id: 'k8s-secret-data',
        gen: (rng) => {
            const pw = password(rng);
            const key = apiKey(rng);
            const pairs = [[rng.pick(['password', 'db-password', 'POSTGRES_PASSWORD', 'admin-password']), b64(pw)], [rng.pick(['api-key', 'token', 'API_KEY', 'client-secret']), b64(key)]];
            if (rng.chance(0.5))
                pairs.unshift([rng.pick(['username', 'user']), b64(rng.pick(USERS))]);
            const secretTargets = pairs.slice(-2).map(([, v]) => v);
            const body = k8sSecretYaml(rng, pairs);
            return rng.chance(0.5) ? shell([{ cmd: `kubectl get secret ${rng.pick(WORDS)}-credentials -o yaml`, out: body }], secretTargets) : file(`k8s/${rng.pick(WORDS)}-secret.yaml`, body, secretTargets);
        },
    },
    {
        id: 'docker-config-auth',
        gen: (rng) => {
            const auth = b64(`${rng.pick(WORDS)}${rng.pick(['', 'ci', '-bot'])}:${rng.chance(0.5) ? password(rng) : `dckr_pat_${rng.str(ALNUM + '-_', 27)}`}`);
            const registry = rng.pick(['https://index.docker.io/v1/', 'ghcr.io', `${rng.str(DIGITS, 12)}.dkr.ecr.us-east-1.amazonaws.com`, 'registry.gitlab.com']);
            const body = JSON.stringify({ auths: { [registry]: { auth } }, credsStore: rng.chance(0.3) ? 'desktop' : undefined, currentContext: 'default' }, null, '\t');
            return rng.chance(0.6) ? file('~/.docker/config.json', body, [auth]) : shell([{ cmd: 'cat ~/.docker/config.json', out: body }], [auth]);
        },
    },
    dbUrlCategory('postgres'),
    dbUrlCategory('mysql'),
    dbUrlCategory('mongodb'),
    dbUrlCategory('redis'),
    dbUrlCategory('amqp'),
    {
        id: 'git-remote-credentials',
        gen: (rng) => {
            const token = rng.pick([
                () => rng.str(ALNUM, 20),
                () => `ATBB${rng.str(ALNUM, 28)}${rng.str(HEX_UPPER, 8)}`,
                () => rng.str('abcdefghijklmnopqrstuvwxyz234567', 52),
                () => password(rng, 'url'),
            ])();
            const user = rng.pick(['oauth2', 'x-token-auth', `${rng.pick(WORDS)}dev`, 'git', 'build']);
            const host = rng.pick(['github.com', 'gitlab.com', 'bitbucket.org', 'dev.azure.com/' + rng.pick(WORDS), 'git.' + companyDomain(rng)]);
            const url = `https://${user}:${token}@${host}/${rng.pick(WORDS)}/${rng.pick(WORDS)}.git`;
            const choice = rng.int(0, 3);
            if (choice === 0)
                return shell([{ cmd: 'git remote -v', out: `origin\t${url} (fetch)\norigin\t${url} (push)` }], [token]);
            if (choice === 1)
                return shell([{ cmd: `git clone ${url}`, out: `Cloning into '${rng.pick(WORDS)}'...\nremote: Enumerating objects: ${rng.int(100, 9999)}, done.\nReceiving objects: 100% (${rng.int(100, 9999)}/${rng.int(100, 9999)}), done.` }], [token]);
            if (choice === 2)
                return file('.git/config', `[core]\n\trepositoryformatversion = 0\n\tfilemode = true\n[remote "origin"]\n\turl = ${url}\n\tfetch = +refs/heads/*:refs/remotes/origin/*\n[branch "main"]\n\tremote = origin\n\tmerge = refs/heads/main`, [token]);
            return file('~/.git-credentials', url.replace(/\/[^/]+\/[^/]+\.git$/, ''), [token]);
        },
    },
    {
        id: 'jwt',
        gen: (rng) => {
            const now = epochSeconds(rng);
            const t = jwt(rng, { sub: rng.chance(0.5) ? uuid(rng) : `user_${rng.int(1000, 999999)}`, iss: `https://auth.${companyDomain(rng)}/`, aud: rng.pick(['api', 'web', 'mobile']), iat: now, exp: now + rng.pick([900, 3600, 86400]), scope: rng.pick(['read write', 'openid profile', 'admin']) });
            const targets = [t.payload, t.signature];
            switch (rng.int(0, 4)) {
                case 0: return shell([{ cmd: `curl -s -H "Authorization: Bearer ${t.token}" https://api.${companyDomain(rng)}/v1/me`, out: benignJson(rng) }], targets);
                case 1: return text(`${isoTime(rng)} DEBUG auth: issued ${rng.pick(['access', 'id', 'refresh'])} token ${t.token} for session ${uuid(rng)}`, targets);
                case 2: return shell([{ cmd: `curl -s -X POST https://auth.${companyDomain(rng)}/oauth/token -d grant_type=client_credentials`, out: JSON.stringify({ access_token: t.token, token_type: 'Bearer', expires_in: 3600 }) }], targets);
                case 3: return text(`Cookie: session=${t.token}; Path=/; HttpOnly; Secure`, targets);
                default: return file('.env.test', `API_URL=http://localhost:${rng.pick([3000, 8080])}\nTEST_ACCESS_TOKEN=${t.token}`, targets);
            }
        },
    },
    {
        id: 'auth-bearer-header',
        gen: (rng) => {
            const t = rng.pick([() => rng.str(ALNUM, rng.int(32, 64)), () => rng.str(B64URL, 43), () => `${rng.str(ALNUM, 8)}.${rng.str(ALNUM + '-_', 40)}`, () => rng.str(HEX, 40)])();
            const host = `api.${companyDomain(rng)}`;
            switch (rng.int(0, 3)) {
                case 0: return shell([{ cmd: `curl -s ${rng.pick(['-H', '--header'])} "Authorization: Bearer ${t}" https://${host}/v2/${rng.pick(['orders', 'users/me', 'reports'])}`, out: benignJson(rng) }], [t]);
                case 1: return text(`> GET /v2/${rng.pick(['orders', 'jobs'])} HTTP/2\n> Host: ${host}\n> User-Agent: curl/8.${rng.int(1, 9)}.0\n> Accept: */*\n> Authorization: Bearer ${t}\n>\n< HTTP/2 200\n< content-type: application/json`, [t]);
                case 2: return file(sourceFile(rng).replace(/\.\w+$/, '.ts'), `const res = await fetch('https://${host}/v1/sync', {\n  method: 'POST',\n  headers: {\n    'Content-Type': 'application/json',\n    Authorization: 'Bearer ${t}',\n  },\n  body: JSON.stringify(payload),\n});`, [t]);
                default: return file(`requests/${rng.pick(WORDS)}.http`, `### Fetch ${rng.pick(WORDS)}\nGET https://${host}/v1/items?page=2\nAuthorization: Bearer ${t}\nAccept: application/json`, [t]);
            }
        },
    },
    {
        id: 'auth-basic-header',
        gen: (rng) => {
            const cred = b64(`${rng.pick(USERS)}:${password(rng)}`);
            const host = `${rng.pick(SERVICES)}.${companyDomain(rng)}`;
            return rng.chance(0.5)
                ? shell([{ cmd: `curl -v -H "Authorization: Basic ${cred}" https://${host}/api/health`, out: `*   Trying ${rng.int(11, 200)}.${rng.int(0, 255)}.${rng.int(0, 255)}.${rng.int(1, 254)}:443...\n> GET /api/health HTTP/1.1\n> Host: ${host}\n> Authorization: Basic ${cred}\n>\n< HTTP/1.1 200 OK\n{"status":"ok"}` }], [cred])
                : file('nginx/upstream.conf', `location /internal/ {\n    proxy_pass http://${rng.pick(SERVICES)}:8080;\n    proxy_set_header Authorization "Basic ${cred}";\n    proxy_set_header Host $host;\n}`, [cred]);
        },
    },
    {
        id: 'api-key-header',
        gen: (rng) => {
            const [name, value] = rng.pick([
                ['x-api-key', () => apiKey(rng)], ['X-API-Key', () => apiKey(rng)], ['X-Auth-Token', () => rng.str(ALNUM, 40)], ['PRIVATE-TOKEN', () => rng.str(ALNUM + '-_', 20)],
                ['Ocp-Apim-Subscription-Key', () => rng.str(HEX, 32)], ['X-RapidAPI-Key', () => rng.str(ALNUM, 50)], ['apikey', () => apiKey(rng)], ['X-Access-Token', () => rng.str(ALNUM, 36)],
            ]);
            const v = value();
            const host = `api.${companyDomain(rng)}`;
            switch (rng.int(0, 2)) {
                case 0: return shell([{ cmd: `curl -sS -H '${name}: ${v}' https://${host}/v1/${rng.pick(['search', 'quotes', 'weather'])}?q=${rng.pick(WORDS)}`, out: benignJson(rng) }], [v]);
                case 1: return text(`${rng.pick(['POST', 'GET'])} /v1/${rng.pick(['events', 'ingest'])} HTTP/1.1\nHost: ${host}\nContent-Type: application/json\n${name}: ${v}\nContent-Length: ${rng.int(20, 900)}`, [v]);
                default: return file(sourceFile(rng).replace(/\.\w+$/, '.py'), `import requests\n\nresp = requests.get(\n    "https://${host}/v1/items",\n    headers={"${name}": "${v}"},\n    timeout=10,\n)\nresp.raise_for_status()`, [v]);
            }
        },
    },
    {
        id: 'curl-user-password',
        gen: (rng) => {
            const pw = password(rng, 'shell');
            const user = rng.pick(USERS);
            const host = `${rng.pick(['jenkins', 'nexus', 'artifactory', 'grafana', 'registry', 'es'])}.${companyDomain(rng)}`;
            const form = rng.pick([`-u ${user}:${pw}`, `-u '${user}:${pw}'`, `--user "${user}:${pw}"`]);
            return shell([{ cmd: `curl -s ${form} https://${host}/${rng.pick(['api/json', 'service/rest/v1/status', '_cluster/health'])}`, out: benignJson(rng) }], [pw]);
        },
    },
    {
        id: 'cli-password-flag',
        gen: (rng) => {
            const pw = password(rng, 'shell');
            const cmd = rng.pick([
                `docker login ${rng.pick(['registry.gitlab.com', 'ghcr.io', 'quay.io'])} -u ${rng.pick(WORDS)} --password ${pw}`,
                `./manage.py createsuperuser --username admin --password=${pw}`,
                `redis-cli -h ${rng.pick(WORDS)}.cache.internal -a ${pw} ping`,
                `mongosh --host mongo.internal --username admin --password '${pw}' --authenticationDatabase admin`,
                `pg_dump --dbname=${rng.pick(WORDS)} --username=${rng.pick(USERS)} --password=${pw} > dump.sql`,
                `keytool -importkeystore -srckeystore app.p12 -srcstoretype PKCS12 -srcstorepass ${pw} -destkeystore app.jks`,
                `openssl pkcs12 -export -in cert.pem -inkey key.pem -out bundle.p12 -passout pass:${pw}`,
                `wp user create ${rng.pick(WORDS)} ops@localhost --role=administrator --user_pass=${pw}`,
                `rabbitmqctl add_user ${rng.pick(USERS)} ${pw}`,
                `PGPASSWORD=${pw} psql -h ${rng.pick(WORDS)}.internal -U ${rng.pick(USERS)} -d app -c '\\dt'`,
            ]);
            return shell([{ cmd, out: rng.pick(['Login Succeeded', 'PONG', 'Superuser created successfully.', 'done', '']) }], [pw]);
        },
    },
    {
        id: 'mysql-p-flag',
        gen: (rng) => {
            const pw = password(rng, 'shell');
            const user = rng.pick(USERS);
            const cmd = rng.pick([
                `mysql -u ${user} -p${pw} -h ${rng.pick(WORDS)}.internal ${rng.pick(WORDS)}_db`,
                `mysqldump -u${user} -p'${pw}' --single-transaction app > backup.sql`,
                `mysql -h 127.0.0.1 -P 3306 -u${user} -p"${pw}" -e "SHOW DATABASES;"`,
            ]);
            return shell([{ cmd, out: rng.chance(0.5) ? '+--------------------+\n| Database           |\n+--------------------+\n| information_schema |\n| app                |\n+--------------------+' : 'mysql: [Warning] Using a password on the command line interface can be insecure.' }], [pw]);
        },
    },
    {
        id: 'sshpass-password',
        gen: (rng) => {
            const pw = password(rng, 'shell');
            return shell([{ cmd: `sshpass -p ${rng.chance(0.5) ? `'${pw}'` : pw} ${rng.pick(['ssh', 'scp -r dist/', 'rsync -av build/'])} ${rng.pick(USERS)}@${rng.pick(WORDS)}.${companyDomain(rng)}${rng.pick([' uptime', ':/var/www/', ' "systemctl restart app"'])}`, out: rng.pick(['', ` ${rng.int(10, 23)}:${rng.int(10, 59)}:01 up ${rng.int(2, 300)} days,  load average: 0.12, 0.08, 0.05`]) }], [pw]);
        },
    },
    {
        id: 'env-password',
        gen: (rng) => {
            const name = rng.pick(ASSIGN_NAMES.password);
            const pw = password(rng, 'env');
            return file(rng.pick(['.env', '.env.local', '.env.production', 'docker/.env', 'deploy/prod.env']), mix(rng, benignEnvLines(rng, projectName(rng), rng.int(3, 9)), [`${name}=${quote(rng, pw)}`]), [pw]);
        },
    },
    {
        id: 'env-api-key',
        gen: (rng) => {
            const name = rng.pick(ASSIGN_NAMES.key);
            const v = apiKey(rng);
            return file(rng.pick(['.env', '.env.local', '.env.production', 'apps/web/.env']), mix(rng, benignEnvLines(rng, projectName(rng), rng.int(3, 9)), [`${name}=${quote(rng, v)}`]), [v]);
        },
    },
    {
        id: 'shell-export-secret',
        gen: (rng) => {
            const { name, value } = genericSecret(rng);
            const q = /[^\w.-]/.test(value) ? "'" : rng.pick(['', '"', "'"]);
            return rng.chance(0.5)
                ? shell([{ cmd: `export ${name}=${q}${value}${q}`, out: '' }, { cmd: rng.pick(['npm run dev', 'make migrate', 'docker compose up -d']), out: rng.pick(['ready in 812 ms', 'migrations applied', ' ✔ Container app-db-1  Started']) }], [value])
                : file(rng.pick(['~/.zshrc', '~/.bashrc', 'scripts/env.sh', '.envrc']), `# ${rng.pick(['local dev', 'work', 'credentials'])}\nexport PATH="$HOME/.local/bin:$PATH"\nexport ${name}=${q}${value}${q}\nalias k=kubectl`, [value]);
        },
    },
    {
        id: 'yaml-secret',
        gen: (rng) => {
            const { name, value } = genericSecret(rng);
            const key = rng.pick([lowerName(name), camelName(name), 'password', 'secret', 'api_key', 'client_secret', 'token']);
            const v = /PASS|PWD/.test(name) ? password(rng, 'yaml') : value;
            const qv = quote(rng, v);
            return file(rng.pick(['config/application.yml', 'values.prod.yaml', 'config.yaml', 'ansible/group_vars/all.yml']), `${rng.pick(['database', 'smtp', 'integrations', 'auth'])}:\n  host: ${rng.pick(WORDS)}.internal\n  port: ${rng.pick([5432, 587, 443])}\n  username: ${rng.pick(USERS)}\n  ${key}: ${qv}\n  pool: ${rng.int(2, 20)}`, [v]);
        },
    },
    {
        id: 'toml-secret',
        gen: (rng) => {
            const { name, value } = genericSecret(rng);
            const key = rng.pick([lowerName(name), 'password', 'token', 'api_key', 'secret_key']);
            return file(rng.pick(['config.toml', 'settings.toml', '.streamlit/secrets.toml', '~/.cargo/credentials.toml', 'netlify.toml']), `[${rng.pick(['database', 'registry', 'service', 'auth'])}]\nhost = "${rng.pick(WORDS)}.internal"\nuser = "${rng.pick(USERS)}"\n${key} = "${value}"\ntimeout = ${rng.int(5, 60)}`, [value]);
        },
    },
    {
        id: 'ini-secret',
        gen: (rng) => {
            const pw = password(rng, 'env');
            return rng.pick([
                () => file('~/.my.cnf', `[client]\nuser=${rng.pick(USERS)}\npassword=${pw}\nhost=${rng.pick(WORDS)}.internal`, [pw]),
                () => file('setup.cfg', `[${rng.pick(['database', 'smtp'])}]\nhost = ${rng.pick(WORDS)}.internal\nusername = ${rng.pick(USERS)}\npassword = ${pw}\n`, [pw]),
                () => file('pip.conf', `[global]\nindex-url = https://${rng.pick(USERS)}:${pw.replace(/[@:/%#]/g, '')}@pypi.${companyDomain(rng)}/simple\n`, [pw.replace(/[@:/%#]/g, '')]),
                () => file('odbc.ini', `[${rng.pick(WORDS)}]\nDriver = PostgreSQL Unicode\nServername = ${rng.pick(WORDS)}.internal\nUsername = ${rng.pick(USERS)}\nPassword = ${pw}\nDatabase = app`, [pw]),
            ])();
        },
    },
    {
        id: 'properties-secret',
        gen: (rng) => {
            const pw = password(rng, 'env');
            const key = rng.pick(['spring.datasource.password', 'spring.mail.password', 'jdbc.password', 'db.password', 'spring.rabbitmq.password', 'keystore.password', 'sonar.password', 'app.jwt.secret']);
            return file(rng.pick(['src/main/resources/application.properties', 'gradle.properties', 'config/app.properties']), `spring.application.name=${rng.pick(WORDS)}\nspring.datasource.url=jdbc:postgresql://${rng.pick(WORDS)}.internal:5432/app\nspring.datasource.username=${rng.pick(USERS)}\n${key}=${pw}\nserver.port=${rng.pick([8080, 8081, 9000])}`, [pw]);
        },
    },
    {
        id: 'dockerfile-env-secret',
        gen: (rng) => {
            const { name, value } = genericSecret(rng);
            const line = rng.pick([`ENV ${name}=${value}`, `ENV ${name} ${value}`, `ARG ${name}=${value}`]);
            return file(rng.pick(['Dockerfile', 'docker/api.Dockerfile', 'Dockerfile.prod']), `FROM node:${rng.pick(['20', '22'])}-${rng.pick(['alpine', 'bookworm-slim'])}\nWORKDIR /app\nCOPY package*.json ./\nRUN npm ci --omit=dev\n${line}\nCOPY . .\nEXPOSE ${rng.pick([3000, 8080])}\nCMD ["node", "dist/server.js"]`, [value]);
        },
    },
    {
        id: 'hcl-secret',
        gen: (rng) => {
            const pw = password(rng, 'quoted').replace(/["\\$]/g, '');
            return rng.pick([
                () => file('main.tf', `resource "aws_db_instance" "${rng.pick(WORDS)}" {\n  identifier        = "${rng.pick(WORDS)}-db"\n  engine            = "postgres"\n  instance_class    = "db.t3.micro"\n  username          = "${rng.pick(USERS)}"\n  password          = "${pw}"\n  allocated_storage = ${rng.int(20, 200)}\n}`, [pw]),
                () => file('terraform.tfvars', `region      = "eu-west-1"\ndb_password = "${pw}"\ninstance_count = ${rng.int(1, 6)}`, [pw]),
                () => file('providers.tf', `provider "${rng.pick(['cloudflare', 'datadog', 'github'])}" {\n  ${rng.pick(['api_token', 'api_key', 'token'])} = "${pw}"\n}`, [pw]),
            ])();
        },
    },
    {
        id: 'json-config-secret',
        gen: (rng) => {
            const { name, value } = genericSecret(rng);
            const key = rng.pick([camelName(name), lowerName(name), 'password', 'clientSecret', 'apiKey', 'secret']);
            const obj = { ConnectionStrings: undefined, [rng.pick(['auth', 'smtp', 'payments', 'storage'])]: { endpoint: `https://${rng.pick(WORDS)}.${companyDomain(rng)}`, [key]: value, enabled: true }, Logging: { LogLevel: { Default: 'Information' } } };
            const body = JSON.stringify(obj, null, rng.pick([2, 4]));
            return rng.chance(0.7) ? file(rng.pick(['appsettings.json', 'config/secrets.json', 'firebase.json', '.vscode/settings.json']), body, [value]) : shell([{ cmd: `jq . ${rng.pick(['config/local.json', 'secrets.json'])}`, out: body }], [value]);
        },
    },
    {
        id: 'netrc-password',
        gen: (rng) => {
            const pw = rng.chance(0.5) ? password(rng, 'env') : rng.str(ALNUM, 40);
            const inline = rng.chance(0.5);
            const machine = rng.pick(['api.heroku.com', 'github.com', 'git.heroku.com', `artifacts.${companyDomain(rng)}`, 'urs.earthdata.nasa.gov']);
            const body = inline ? `machine ${machine} login ${rng.pick(USERS)} password ${pw}` : `machine ${machine}\n  login ${rng.pick(USERS)}\n  password ${pw}`;
            return file('~/.netrc', body, [pw]);
        },
    },
    {
        id: 'pgpass-password',
        gen: (rng) => {
            const pw = password(rng, 'env').replace(/:/g, '');
            return file('~/.pgpass', `${rng.pick(WORDS)}.internal:5432:*:${rng.pick(USERS)}:${pw}\nlocalhost:5432:app_dev:postgres:postgres`, [pw]);
        },
    },
    {
        id: 'azure-storage-key',
        gen: (rng) => {
            const key = azureKey(rng);
            const account = `${rng.pick(WORDS)}${rng.str(LOWER + DIGITS, 6)}`;
            const cs = `DefaultEndpointsProtocol=https;AccountName=${account};AccountKey=${key};EndpointSuffix=core.windows.net`;
            return rng.pick([
                () => file('local.settings.json', JSON.stringify({ IsEncrypted: false, Values: { AzureWebJobsStorage: cs, FUNCTIONS_WORKER_RUNTIME: 'node' } }, null, 2), [key]),
                () => file('.env', `AZURE_STORAGE_CONNECTION_STRING="${cs}"\nCONTAINER_NAME=uploads`, [key]),
                () => shell([{ cmd: `az storage account keys list -g ${rng.pick(WORDS)}-rg -n ${account} -o table`, out: `CreationTime                      KeyName    Permissions    Value\n--------------------------------  ---------  -------------  ${'-'.repeat(88)}\n${isoTime(rng)}  key1       FULL           ${key}` }], [key]),
            ])();
        },
    },
    {
        id: 'azure-sas-signature',
        gen: (rng) => {
            const sig = sasSig(rng);
            const url = `https://${rng.pick(WORDS)}${rng.str(LOWER + DIGITS, 5)}.blob.core.windows.net/${rng.pick(['backups', 'uploads', 'exports'])}/${rng.pick(WORDS)}.tar.gz?sv=2022-11-02&ss=b&srt=sco&sp=rwdlac&se=2025-${String(rng.int(1, 12)).padStart(2, '0')}-01T00:00:00Z&st=2024-01-01T00:00:00Z&spr=https&sig=${sig}`;
            return rng.chance(0.5) ? shell([{ cmd: `azcopy copy ./dist "${url}" --recursive`, out: 'Job completed. Total transfers: 12, Failed: 0' }], [sig]) : text(`upload target: ${url}`, [sig]);
        },
    },
    {
        id: 'sqlserver-connection-string',
        gen: (rng) => {
            const pw = password(rng, 'env').replace(/;/g, '');
            const cs = rng.pick([
                `Server=tcp:${rng.pick(WORDS)}-sql.database.windows.net,1433;Initial Catalog=${rng.pick(WORDS)};Persist Security Info=False;User ID=${rng.pick(USERS)};Password=${pw};MultipleActiveResultSets=False;Encrypt=True;`,
                `Data Source=${rng.pick(WORDS)}.internal;Database=app;User Id=${rng.pick(USERS)};Pwd=${pw};TrustServerCertificate=true`,
                `Driver={ODBC Driver 18 for SQL Server};Server=${rng.pick(WORDS)}.internal;Uid=${rng.pick(USERS)};Pwd=${pw};`,
            ]);
            return rng.chance(0.6)
                ? file('appsettings.Production.json', JSON.stringify({ ConnectionStrings: { DefaultConnection: cs }, AllowedHosts: '*' }, null, 2), [pw])
                : text(`${isoTime(rng)} fail: Microsoft.EntityFrameworkCore.Database.Connection[20004] An error occurred using the connection to database with connection string '${cs}'`, [pw]);
        },
    },
    {
        id: 'url-access-token',
        gen: (rng) => {
            const v = rng.chance(0.5) ? rng.str(ALNUM, rng.int(32, 64)) : rng.str(HEX, 40);
            const param = rng.pick(['access_token', 'api_key', 'apikey', 'token', 'auth', 'private_token', 'client_secret']);
            const url = `https://${rng.pick(['api', 'hooks', 'data'])}.${companyDomain(rng)}/v1/${rng.pick(['export', 'items', 'events'])}?${rng.pick(['format=json&', ''])}${param}=${v}${rng.pick(['', '&page=2'])}`;
            return rng.chance(0.5) ? shell([{ cmd: `curl -s "${url}"`, out: benignJson(rng) }], [v]) : text(`${isoTime(rng)} INFO http GET ${url} -> 200 (${rng.int(20, 900)}ms)`, [v]);
        },
    },
    {
        id: 'oauth-client-secret',
        gen: (rng) => {
            const secret = rng.chance(0.5) ? rng.str(ALNUM + '~._-', rng.int(34, 40)) : rng.str(HEX, 40);
            const id = rng.chance(0.5) ? uuid(rng) : rng.str(ALNUM, 20);
            return rng.pick([
                () => shell([{ cmd: `curl -s -X POST https://login.${companyDomain(rng)}/oauth2/token -d grant_type=client_credentials -d client_id=${id} -d client_secret=${secret}`, out: '{"token_type":"Bearer","expires_in":3599}' }], [secret]),
                () => file('auth.config.json', JSON.stringify({ clientId: id, clientSecret: secret, tenant: rng.pick(WORDS), redirectUri: 'http://localhost:3000/callback' }, null, 2), [secret]),
                () => text(`Tool input: ${JSON.stringify({ command: `az ad sp create-for-rbac --name ${rng.pick(WORDS)}`, result: { appId: id, password: secret, tenant: uuid(rng) } })}`, [secret]),
            ])();
        },
    },
    {
        id: 'source-code-secret',
        gen: (rng) => {
            const { name, value } = genericSecret(rng);
            return rng.pick([
                () => file(sourceFile(rng).replace(/\.\w+$/, '.py'), `# TODO: move to vault\n${name} = "${value}"\n\n\ndef client():\n    return Client(secret=${name})`, [value]),
                () => file(sourceFile(rng).replace(/\.\w+$/, '.ts'), `export const config = {\n  region: 'eu-west-1',\n  ${camelName(name)}: '${value}',\n};`, [value]),
                () => file(sourceFile(rng).replace(/\.\w+$/, '.go'), `var ${camelName(name)} = "${value}"`, [value]),
                () => file('config/initializers/secrets.rb', `Rails.application.config.${lowerName(name)} = "${value}"`, [value]),
            ])();
        },
    },
    {
        id: 'prose-credentials',
        gen: (rng) => {
            const pw = password(rng, 'shell');
            return text(rng.pick([
                `You can log in to the staging admin with username \`${rng.pick(USERS)}\` and password \`${pw}\`.`,
                `ssh is at ${rng.pick(WORDS)}.${companyDomain(rng)}, user ${rng.pick(USERS)}, password: ${pw}`,
                `The sudo password on the build box is ${pw} if the script asks for it.`,
                `Credentials for the test tenant:\n- user: ${rng.pick(USERS)}\n- password: ${pw}`,
            ]), [pw]);
        },
    },
    {
        id: 'slack-webhook-url',
        gen: (rng) => {
            const secret = rng.str(ALNUM, 24);
            const url = `https://hooks.slack.com/services/T${rng.str(UPPER + DIGITS, rng.int(8, 10))}/B${rng.str(UPPER + DIGITS, rng.int(8, 10))}/${secret}`;
            return rng.chance(0.5)
                ? shell([{ cmd: `curl -X POST -H 'Content-type: application/json' --data '{"text":"Deploy of ${rng.pick(WORDS)} finished"}' ${url}`, out: 'ok' }], [secret])
                : file('.env', `SLACK_WEBHOOK_URL=${url}\nSLACK_CHANNEL=#${rng.pick(WORDS)}-alerts`, [secret]);
        },
    },
    {
        id: 'discord-webhook-url',
        gen: (rng) => {
            const secret = rng.str(ALNUM + '-_', 68);
            const url = `https://${rng.pick(['discord.com', 'discordapp.com'])}/api/webhooks/${rng.str(DIGITS, 19)}/${secret}`;
            return rng.chance(0.5) ? shell([{ cmd: `curl -H "Content-Type: application/json" -d '{"content":"build ${rng.int(100, 999)} passed"}' "${url}"`, out: '' }], [secret]) : file('config.yaml', `notify:\n  discord_webhook: ${url}\n  on: [failure]`, [secret]);
        },
    },
    {
        id: 'telegram-bot-token',
        gen: (rng) => {
            const secret = `AA${rng.str(ALNUM + '-_', 33)}`;
            const token = `${rng.int(100000000, 7999999999)}:${secret}`;
            return rng.pick([
                () => shell([{ cmd: `curl -s "https://api.telegram.org/bot${token}/sendMessage?chat_id=-100${rng.str(DIGITS, 10)}&text=deployed"`, out: '{"ok":true,"result":{"message_id":' + rng.int(1, 9999) + '}}' }], [secret]),
                () => file('.env', `TELEGRAM_BOT_TOKEN=${token}\nTELEGRAM_CHAT_ID=-100${rng.str(DIGITS, 10)}`, [secret]),
                () => text(`${isoTime(rng)} ERROR telegram: POST https://api.telegram.org/bot${token}/getUpdates failed: 409 Conflict`, [secret]),
            ])();
        },
    },
];
export const SECRET_CATEGORIES = [...VENDORS.map(vendorCategory), ...OTHER];
//# sourceMappingURL=secrets.js.map