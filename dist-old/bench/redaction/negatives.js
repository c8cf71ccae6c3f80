/**
 * Hard-negative categories: realistic transcript snippets with no secret and no personal data,
 * full of the things naive scanners flag (hashes, ids, digests, placeholders, public keys, ...).
 */
import { ALNUM, B64, B64URL, DIGITS, HEX, HEX_UPPER, LOWER, TEST_PANS, UPPER, b64, b64url, groupDigits, privateIPv4, uuid, } from './formats.js';
import { SERVICES, WORDS, benignEnvLines, camel, cap, callId, chatCompletionId, epochSeconds, isoTime, messageId, projectName, requestId, sha1, shortSha, sourceFile, toolUseId, version, } from './pools.js';
function file(file, body) {
    return { snippet: { form: 'file', file, body, targets: [] } };
}
function shell(...steps) {
    return { snippet: { form: 'shell', steps, targets: [] } };
}
function text(body) {
    return { snippet: { form: 'text', body, targets: [] } };
}
function botAuthor(rng) {
    const user = `${rng.pick(WORDS)}${rng.pick(['dev', '-bot', 'ops', ''])}`;
    return rng.pick([
        `${cap(rng.pick(WORDS))} ${cap(rng.pick(WORDS))} <${rng.int(100000, 99999999)}+${user}@users.noreply.github.com>`,
        'dependabot[bot] <49699333+dependabot[bot]@users.noreply.github.com>',
        'GitHub <noreply@github.com>',
        `renovate[bot] <29139614+renovate[bot]@users.noreply.github.com>`,
        `${cap(user)} <${user}@users.noreply.github.com>`,
    ]);
}
function commitSubject(rng) {
    return `${rng.pick(['fix', 'feat', 'chore', 'refactor', 'docs', 'test'])}(${rng.pick(SERVICES)}): ${rng.pick(['handle', 'add', 'remove', 'rename', 'speed up'])} ${rng.pick(WORDS)} ${rng.pick(['retries', 'token refresh', 'password reset flow', 'secret rotation job', 'api key validation', 'pagination'])}`;
}
function gitDate(rng) {
    return new Date(isoTime(rng)).toUTCString().replace('GMT', '+0000');
}
function code(rng) {
    const id = camel(rng.pick(WORDS), rng.pick(['user', 'order', 'session', 'token', 'account']), rng.pick(['id', 'count', 'state']));
    return rng.sample([
        `export function ${camel('get', rng.pick(WORDS), 'config')}(): Config {`,
        `  const ${id} = await repo.find${cap(rng.pick(WORDS))}(input.id);`,
        `  if (!${id}) throw new NotFoundError('${rng.pick(WORDS)} not found');`,
        `  return { ...defaults, retries: ${rng.int(1, 9)}, timeoutMs: ${rng.pick([1000, 5000, 30000])} };`,
        `import { ${cap(rng.pick(WORDS))}Service } from './${rng.pick(WORDS)}.service';`,
        `const MAX_PAGE_SIZE = ${rng.pick([50, 100, 250])};`,
        `  logger.info({ ${id} }, 'processed');`,
        '}',
    ], rng.int(3, 7));
}
const JWT_IO_SAMPLE = 'eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJzdWIiOiIxMjM0NTY3ODkwIiwibmFtZSI6IkpvaG4gRG9lIiwiaWF0IjoxNTE2MjM5MDIyfQ.SflKxwRJSMeKKF2QT4fwpMeJf36POk6yJV_adQssw5c';
function placeholderValue(rng, name) {
    return rng.pick([
        'your-api-key-here', `<${name.toLowerCase().replace(/_/g, '-')}>`, `\${${name}}`, `$${name}`, `{{ secrets.${name} }}`, `\${{ secrets.${name} }}`,
        '<token>', 'xxxx', 'xxxxxxxxxxxxxxxxxxxxxxxx', 'REPLACE_ME', '********', 'sk_test_...', `%${name}%`, `{{ .Values.${camel(...name.toLowerCase().split('_'))} }}`,
        'TODO', '""', 'null', '<your-token-here>', `your_${name.toLowerCase()}`, `process.env.${name}`, '[REDACTED]',
    ]);
}
const SECRETISH_NAMES = ['API_KEY', 'OPENAI_API_KEY', 'GITHUB_TOKEN', 'DB_PASSWORD', 'STRIPE_SECRET_KEY', 'JWT_SECRET', 'AWS_SECRET_ACCESS_KEY', 'SLACK_BOT_TOKEN', 'CLIENT_SECRET', 'SESSION_SECRET'];
function pngBase64(rng, n) {
    return 'iVBORw0KGgoAAAANSUhEUgAA' + rng.str(B64, n) + rng.pick(['', '=', '==']);
}
function publicPem(rng) {
    if (rng.chance(0.5)) {
        const lines = ['MIIBIjANBgkqhkiG9w0BAQEFAAOCAQ8AMIIBCgKCAQEA' + rng.str(B64, 20), ...Array.from({ length: 5 }, () => rng.str(B64, 64)), rng.str(B64, 4) + 'IDAQAB'];
        return `-----BEGIN PUBLIC KEY-----\n${lines.join('\n')}\n-----END PUBLIC KEY-----`;
    }
    const lines = ['MIID' + rng.str(B64, 60), ...Array.from({ length: rng.int(10, 18) }, () => rng.str(B64, 64)), rng.str(B64, rng.int(8, 60)) + '='];
    return `-----BEGIN CERTIFICATE-----\n${lines.join('\n')}\n-----END CERTIFICATE-----`;
}
function sshPub(rng) {
    const comment = rng.pick([`${rng.pick(WORDS)}-deploy-key`, `ci@${rng.pick(WORDS)}-runner`, `${rng.pick(WORDS)}-laptop`, 'github-actions']);
    return rng.chance(0.6)
        ? `ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAI${rng.str(B64, 43)} ${comment}`
        : `ssh-rsa AAAAB3NzaC1yc2EAAAADAQABAAABgQ${rng.str(B64, 507)}= ${comment}`;
}
export const NEGATIVE_CATEGORIES = [
    {
        id: 'git-log-shas',
        gen: (rng) => rng.chance(0.5)
            ? shell({ cmd: `git log -${rng.int(2, 3)}`, out: Array.from({ length: rng.int(2, 3) }, () => `commit ${sha1(rng)}${rng.chance(0.3) ? ' (HEAD -> main, origin/main)' : ''}\nAuthor: ${botAuthor(rng)}\nDate:   ${gitDate(rng)}\n\n    ${commitSubject(rng)}\n`).join('\n') })
            : shell({ cmd: rng.pick(['git log --oneline -8', "git log --format='%H %s' -5", 'git log --graph --oneline -6']), out: Array.from({ length: rng.int(4, 8) }, () => `${rng.chance(0.4) ? '* ' : ''}${rng.chance(0.5) ? shortSha(rng) : sha1(rng)} ${commitSubject(rng)}`).join('\n') }),
    },
    {
        id: 'git-diff-headers',
        gen: (rng) => {
            const f = sourceFile(rng);
            const lines = code(rng);
            return shell({ cmd: `git show --stat ${shortSha(rng)} && git diff HEAD~1 -- ${f}`, out: `commit ${sha1(rng)}\nMerge: ${shortSha(rng)} ${shortSha(rng)}\n\n ${f} | ${rng.int(2, 40)} +++++---\n 1 file changed, ${rng.int(1, 30)} insertions(+), ${rng.int(1, 20)} deletions(-)\ndiff --git a/${f} b/${f}\nindex ${rng.str(HEX, 9)}..${rng.str(HEX, 9)} 100644\n--- a/${f}\n+++ b/${f}\n@@ -${rng.int(1, 200)},${lines.length} +${rng.int(1, 200)},${lines.length} @@\n${lines.map((l, i) => (i % 3 === 1 ? '+' : ' ') + l).join('\n')}` });
        },
    },
    {
        id: 'git-rev-parse',
        gen: (rng) => shell(...rng.sample([
            { cmd: 'git rev-parse HEAD', out: sha1(rng) },
            { cmd: 'git merge-base main HEAD', out: sha1(rng) },
            { cmd: 'git show-ref --heads', out: `${sha1(rng)} refs/heads/main\n${sha1(rng)} refs/heads/${rng.pick(WORDS)}-${rng.pick(WORDS)}` },
            { cmd: 'git reflog -3', out: [0, 1, 2].map((i) => `${shortSha(rng)} HEAD@{${i}}: ${rng.pick(['commit', 'checkout: moving from main to fix', 'rebase (finish)'])}: ${commitSubject(rng)}`).join('\n') },
            { cmd: 'git submodule status', out: ` ${sha1(rng)} vendor/${rng.pick(WORDS)} (v${version(rng)})` },
            { cmd: 'git ls-tree HEAD src', out: `100644 blob ${sha1(rng)}\tsrc/index.ts\n040000 tree ${sha1(rng)}\tsrc/lib` },
        ], rng.int(1, 3))),
    },
    {
        id: 'uuids',
        gen: (rng) => rng.pick([
            () => text(Array.from({ length: rng.int(2, 4) }, () => JSON.stringify({ level: rng.pick(['info', 'warn']), time: isoTime(rng), requestId: uuid(rng), traceId: rng.str(HEX, 32), msg: rng.pick(['request completed', 'job enqueued', 'cache miss']) })).join('\n')),
            () => shell({ cmd: `kubectl get pod ${projectName(rng)}-${rng.str(LOWER + DIGITS, 10)}-${rng.str(LOWER + DIGITS, 5)} -o jsonpath='{.metadata.uid}'`, out: uuid(rng) }),
            () => file('migrations/meta.json', JSON.stringify({ id: uuid(rng), parentId: uuid(rng), sessionId: uuid(rng), createdAt: isoTime(rng) }, null, 2)),
            () => shell({ cmd: 'uuidgen', out: uuid(rng).toUpperCase() }),
            () => text(`Azure subscription ${uuid(rng)} / tenant ${uuid(rng)} / resource group ${rng.pick(WORDS)}-rg`),
        ])(),
    },
    {
        id: 'npm-integrity',
        gen: (rng) => {
            const pkgs = Array.from({ length: rng.int(2, 4) }, () => [rng.pick(WORDS) + rng.pick(['', '-js', '-utils', '-core']), version(rng)]);
            return file('package-lock.json', `    ${pkgs.map(([n, v]) => `"node_modules/${n}": {\n      "version": "${v}",\n      "resolved": "https://registry.npmjs.org/${n}/-/${n}-${v}.tgz",\n      "integrity": "sha512-${rng.str(B64, 86)}==",\n      "dev": ${rng.chance(0.5)},\n      "license": "MIT"\n    }`).join(',\n    ')}`);
        },
    },
    {
        id: 'sha256-digests',
        gen: (rng) => rng.pick([
            () => shell({ cmd: `sha256sum dist/*.tar.gz`, out: Array.from({ length: rng.int(1, 3) }, () => `${rng.str(HEX, 64)}  dist/${projectName(rng)}-${version(rng)}-linux-${rng.pick(['x64', 'arm64'])}.tar.gz`).join('\n') }),
            () => file('requirements.txt', Array.from({ length: rng.int(2, 3) }, () => `${rng.pick(WORDS)}==${version(rng)} \\\n    --hash=sha256:${rng.str(HEX, 64)} \\\n    --hash=sha256:${rng.str(HEX, 64)}`).join('\n')),
            () => text(`Verifying checksum... sha256:${rng.str(HEX, 64)} OK\nsha1: ${sha1(rng)}\nmd5: ${rng.str(HEX, 32)}`),
            () => file('Cargo.lock', `[[package]]\nname = "${rng.pick(WORDS)}"\nversion = "${version(rng)}"\nsource = "registry+https://github.com/rust-lang/crates.io-index"\nchecksum = "${rng.str(HEX, 64)}"`),
        ])(),
    },
    {
        id: 'docker-digests',
        gen: (rng) => rng.pick([
            () => shell({ cmd: `docker pull ${rng.pick(['node', 'postgres', 'redis', 'nginx'])}:${rng.pick(['20-alpine', '16', '7.2', 'stable'])}`, out: `${rng.pick(['20-alpine', '16', '7.2'])}: Pulling from library/${rng.pick(['node', 'postgres'])}\n${rng.str(HEX, 12)}: Pull complete\n${rng.str(HEX, 12)}: Pull complete\nDigest: sha256:${rng.str(HEX, 64)}\nStatus: Downloaded newer image` }),
            () => shell({ cmd: 'docker images --digests', out: `REPOSITORY   TAG       DIGEST                                                                    IMAGE ID       CREATED       SIZE\n${projectName(rng)}   latest    sha256:${rng.str(HEX, 64)}   ${rng.str(HEX, 12)}   2 days ago    ${rng.int(50, 900)}MB` }),
            () => file('k8s/deployment.yaml', `spec:\n  template:\n    spec:\n      containers:\n        - name: ${rng.pick(SERVICES)}\n          image: ghcr.io/${rng.pick(WORDS)}/${rng.pick(SERVICES)}@sha256:${rng.str(HEX, 64)}\n          ports:\n            - containerPort: ${rng.pick([3000, 8080])}`),
        ])(),
    },
    {
        id: 'go-sum',
        gen: (rng) => file('go.sum', Array.from({ length: rng.int(2, 4) }, () => {
            const mod = `github.com/${rng.pick(WORDS)}/${rng.pick(WORDS)}`;
            const v = `v${version(rng)}`;
            return `${mod} ${v} h1:${rng.str(B64, 43)}=\n${mod} ${v}/go.mod h1:${rng.str(B64, 43)}=`;
        }).join('\n')),
    },
    {
        id: 'versions',
        gen: (rng) => rng.pick([
            () => shell({ cmd: 'pip freeze | head', out: Array.from({ length: rng.int(4, 8) }, () => `${rng.pick(WORDS)}${rng.pick(['', '-client', 'lib'])}==${version(rng)}`).join('\n') }),
            () => shell({ cmd: 'npm ls --depth=0', out: `${projectName(rng)}@${version(rng)} /workspace/app\n${Array.from({ length: rng.int(3, 6) }, () => `├── ${rng.pick(WORDS)}@${version(rng)}`).join('\n')}` }),
            () => file('package.json', JSON.stringify({ name: projectName(rng), version: version(rng), engines: { node: '>=20.11' }, dependencies: Object.fromEntries(Array.from({ length: 4 }, () => [rng.pick(WORDS), `^${version(rng)}`])) }, null, 2)),
            () => shell({ cmd: 'node -v && npm -v && tsc -v', out: `v20.${rng.int(0, 18)}.${rng.int(0, 9)}\n10.${rng.int(0, 9)}.${rng.int(0, 9)}\nVersion 5.${rng.int(0, 9)}.${rng.int(2, 4)}` }),
        ])(),
    },
    {
        id: 'file-paths',
        gen: (rng) => rng.pick([
            () => shell({ cmd: `find . -name "*.${rng.pick(['ts', 'py', 'go'])}" -path "*${rng.pick(WORDS)}*" | head`, out: Array.from({ length: rng.int(3, 7) }, () => `./${sourceFile(rng)}`).join('\n') }),
            () => text(Array.from({ length: rng.int(2, 4) }, () => `${sourceFile(rng)}(${rng.int(1, 300)},${rng.int(1, 80)}): error TS${rng.int(2300, 2800)}: Property '${camel(rng.pick(WORDS), rng.pick(WORDS))}' does not exist on type '${cap(rng.pick(WORDS))}Options'.`).join('\n')),
            () => text(`/usr/local/lib/node_modules/${rng.pick(WORDS)}/dist/esm/internal/${rng.pick(WORDS)}/${rng.pick(WORDS)}-${rng.pick(WORDS)}.mjs\n/opt/homebrew/Cellar/python@3.12/3.12.${rng.int(1, 7)}/Frameworks/Python.framework/Versions/3.12/lib/python3.12/site-packages/${rng.pick(WORDS)}/__init__.py`),
        ])(),
    },
    {
        id: 'base64-images',
        gen: (rng) => rng.pick([
            () => file(`src/components/${cap(rng.pick(WORDS))}Logo.tsx`, `export const Logo = () => (\n  <img\n    alt="${rng.pick(WORDS)} logo"\n    src="data:image/png;base64,${pngBase64(rng, rng.int(400, 1600))}"\n  />\n);`),
            () => file('styles/icons.css', `.icon-${rng.pick(WORDS)} {\n  background-image: url("data:image/svg+xml;base64,PHN2ZyB4bWxucz0iaHR0cDovL3d3dy53My5vcmcvMjAwMC9zdmciIHZpZXdCb3g9IjAgMCAyNCAyNCI+${rng.str(B64, rng.int(200, 700))}");\n  width: 24px;\n}`),
            () => text(`![screenshot](data:image/${rng.pick(['png', 'jpeg', 'webp'])};base64,${rng.pick(['iVBORw0KGgo', '/9j/4AAQSkZJRgABAQ', 'UklGR'])}${rng.str(B64, rng.int(600, 2000))})`),
        ])(),
    },
    {
        id: 'public-keys',
        gen: (rng) => rng.pick([
            () => file('~/.ssh/authorized_keys', Array.from({ length: rng.int(1, 3) }, () => sshPub(rng)).join('\n')),
            () => shell({ cmd: `cat ~/.ssh/id_ed25519.pub`, out: sshPub(rng) }),
            () => shell({ cmd: `ssh-keygen -lf ~/.ssh/id_ed25519.pub`, out: `256 SHA256:${rng.str(B64, 43)} ${rng.pick(WORDS)}-laptop (ED25519)` }),
            () => file(rng.pick(['keys/jwt-public.pem', 'certs/ca.crt', 'public.pem']), publicPem(rng)),
            () => file('wg0.conf', `[Interface]\nAddress = 10.${rng.int(0, 250)}.0.1/24\nListenPort = 51820\n\n[Peer]\nPublicKey = ${rng.str(B64, 43)}=\nAllowedIPs = 10.${rng.int(0, 250)}.0.2/32`),
            () => file('.well-known/jwks.json', JSON.stringify({ keys: [{ kty: 'RSA', use: 'sig', kid: rng.str(B64URL, 22), alg: 'RS256', n: rng.str(B64URL, 342), e: 'AQAB' }] }, null, 2)),
        ])(),
    },
    {
        id: 'stripe-publishable-key',
        gen: (rng) => {
            const k = `pk_${rng.pick(['live', 'test'])}_${rng.chance(0.5) ? rng.str(ALNUM, 24) : '51' + rng.str(ALNUM, 97)}`;
            return rng.pick([
                () => file('src/lib/stripe.ts', `import { loadStripe } from '@stripe/stripe-js';\n\n// Publishable key: safe to ship to the browser.\nexport const stripePromise = loadStripe('${k}');`),
                () => file('.env.production', `NEXT_PUBLIC_STRIPE_PUBLISHABLE_KEY=${k}\nNEXT_PUBLIC_SITE_URL=https://${projectName(rng)}.com`),
            ])();
        },
    },
    {
        id: 'mapbox-public-token',
        gen: (rng) => {
            const t = `pk.${b64url(JSON.stringify({ u: rng.pick(WORDS) + rng.pick(['maps', 'dev', '']), a: 'cl' + rng.str(LOWER + DIGITS, 23) }))}.${rng.str(B64URL, 22)}`;
            return rng.pick([
                () => file('src/map.ts', `mapboxgl.accessToken = '${t}';\nconst map = new mapboxgl.Map({ container: 'map', style: 'mapbox://styles/mapbox/streets-v12', zoom: ${rng.int(2, 14)} });`),
                () => file('.env', `VITE_MAPBOX_PUBLIC_TOKEN=${t}\nVITE_DEFAULT_ZOOM=${rng.int(2, 14)}`),
            ])();
        },
    },
    {
        id: 'placeholders',
        gen: (rng) => {
            const names = rng.sample(SECRETISH_NAMES, rng.int(3, 6));
            return rng.pick([
                () => file(rng.pick(['.env.example', '.env.sample', '.env.template']), names.map((n) => `${n}=${placeholderValue(rng, n)}`).join('\n')),
                () => file('.github/workflows/ci.yml', `jobs:\n  test:\n    runs-on: ubuntu-latest\n    env:\n${names.map((n) => `      ${n}: \${{ secrets.${n} }}`).join('\n')}\n    steps:\n      - run: npm test`),
                () => file('README.md', `## Configuration\n\n\`\`\`bash\n${names.map((n) => `export ${n}=${placeholderValue(rng, n)}`).join('\n')}\n\`\`\`\n\nThen run \`curl -H "Authorization: Bearer <token>" http://localhost:3000/api\`.`),
                () => file('docs/aws.md', 'Example credentials from the AWS docs:\n\n```ini\n[default]\naws_access_key_id = AKIAIOSFODNN7EXAMPLE\naws_secret_access_key = wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY\n```'),
                () => file('helm/values.yaml', `auth:\n  existingSecret: ${rng.pick(WORDS)}-credentials\n  password: "{{ .Values.global.dbPassword }}"\n  apiKey: \${API_KEY}\n  token: ""`),
                () => file(sourceFile(rng).replace(/\.\w+$/, '.ts'), `const apiKey = process.env.OPENAI_API_KEY;\nif (!apiKey) throw new Error('Set OPENAI_API_KEY (e.g. sk-...)');\nconst password = config.get<string>('db.password');`),
            ])();
        },
    },
    {
        id: 'redacted-markers',
        gen: (rng) => text(rng.pick([
            `GITHUB_TOKEN=[REDACTED:github-token#${rng.int(1, 9)}]\nDATABASE_URL=postgres://app:[REDACTED:password#${rng.int(1, 9)}]@db:5432/app`,
            `curl -H "Authorization: Bearer [REDACTED:bearer-token#${rng.int(1, 9)}]" https://api.${rng.pick(WORDS)}.io/v1/me`,
            `password: "***"\napi_key: "**********"\ntoken: <redacted>`,
            `Found token ghp_[REDACTED:github#${rng.int(1, 9)}] in ${sourceFile(rng)}; rotated.`,
            `aws_secret_access_key = [REDACTED]\nemail: [REDACTED:email#${rng.int(1, 9)}]`,
        ])),
    },
    {
        id: 'agent-ids',
        gen: (rng) => rng.pick([
            () => text(JSON.stringify({ id: messageId(rng), type: 'message', role: 'assistant', content: [{ type: 'tool_use', id: toolUseId(rng), name: 'Grep', input: { pattern: rng.pick(['apiKey', 'password', 'TODO']), path: 'src' } }], usage: { input_tokens: rng.int(1, 900), output_tokens: rng.int(1, 900) } }) + `\nrequest-id: ${requestId(rng)}`),
            () => text(JSON.stringify({ id: chatCompletionId(rng), object: 'chat.completion', created: epochSeconds(rng), model: 'gpt-4o-2024-08-06', system_fingerprint: `fp_${rng.str(HEX, 10)}`, choices: [{ index: 0, finish_reason: 'tool_calls', message: { role: 'assistant', tool_calls: [{ id: callId(rng), type: 'function', function: { name: 'shell', arguments: '{"command":["ls"]}' } }] } }] }, null, 2)),
            () => text(`resp_${rng.str(HEX, 48)} completed; item ${`fc_${rng.str(HEX, 48)}`} -> ${callId(rng)}; run_${rng.str(ALNUM, 24)}; thread_${rng.str(ALNUM, 24)}`),
        ])(),
    },
    {
        id: 'token-counts',
        gen: (rng) => rng.pick([
            () => file('config/llm.yaml', `model: ${rng.pick(['claude-sonnet-4-5', 'gpt-4o', 'gemini-2.5-pro'])}\nmax_tokens: ${rng.pick([1024, 4096, 8192, 64000])}\ntemperature: 0.${rng.int(0, 9)}\nmax_output_tokens: ${rng.pick([2048, 8192])}\ntoken_budget: ${rng.int(1000, 200000)}`),
            () => text(JSON.stringify({ usage: { input_tokens: rng.int(1, 90000), cache_creation_input_tokens: rng.int(0, 9000), cache_read_input_tokens: rng.int(0, 200000), output_tokens: rng.int(1, 9000) }, stop_reason: 'end_turn' })),
            () => shell({ cmd: `curl -s -X POST https://auth.${rng.pick(WORDS)}.io/oauth/introspect -d token=@-`, out: JSON.stringify({ active: true, token_type: 'bearer', expires_in: 3600, scope: 'read', client_id: `${rng.pick(WORDS)}-web` }) }),
            () => text(`Total tokens: ${rng.int(1000, 900000).toLocaleString('en-US')} (prompt_tokens=${rng.int(100, 9000)}, completion_tokens=${rng.int(100, 9000)}, reasoning_tokens=${rng.int(0, 4000)})`),
        ])(),
    },
    {
        id: 'sensitive-looking-keys',
        gen: (rng) => rng.pick([
            () => file('.vscode/keybindings.json', JSON.stringify(Array.from({ length: rng.int(2, 4) }, () => ({ key: rng.pick(['ctrl+shift+p', 'cmd+k cmd+s', 'ctrl+alt+down', 'shift+alt+f', 'ctrl+`']), command: `${rng.pick(['editor', 'workbench'])}.action.${camel(rng.pick(WORDS), rng.pick(['toggle', 'focus', 'format']))}`, when: 'editorTextFocus' })), null, 2)),
            () => file('terraform/secrets.tf', `resource "aws_secretsmanager_secret" "db" {\n  name = "prod-db"\n}\n\noutput "secret_name" {\n  value = aws_secretsmanager_secret.db.name\n}\n# secret_arn = arn:aws:secretsmanager:eu-west-1:${rng.str(DIGITS, 12)}:secret:prod-db-${rng.str(ALNUM, 6)}`),
            () => file('k8s/deployment.yaml', `env:\n  - name: DB_PASSWORD\n    valueFrom:\n      secretKeyRef:\n        name: ${rng.pick(WORDS)}-db\n        key: password\n  - name: API_TOKEN\n    valueFrom:\n      secretKeyRef:\n        name: ${rng.pick(WORDS)}-api\n        key: token`),
            () => file('db/schema.sql', `CREATE TABLE users (\n  id BIGSERIAL PRIMARY KEY,\n  password_hash TEXT NOT NULL,\n  api_key_prefix VARCHAR(8),\n  secret_question_id INT REFERENCES questions(id),\n  token_version INT NOT NULL DEFAULT 0\n);`),
            () => file('config/auth.yaml', `secret_name: prod-db\npublic_key: keys/jwt-public.pem\npassword_min_length: ${rng.int(8, 16)}\ntoken_endpoint: https://auth.${rng.pick(WORDS)}.io/oauth/token\napi_version: "2024-0${rng.int(1, 9)}-01"\nkeyName: ${rng.pick(WORDS)}-signing\nsecret_ref: vault://kv/${rng.pick(WORDS)}`),
            () => file('src/components/LoginForm.tsx', `<input type="password" name="password" autoComplete="current-password" />\n<input type="hidden" name="csrf_token" value={csrfToken} />\n<label htmlFor="apiKey">API key</label>`),
        ])(),
    },
    {
        id: 'timestamps',
        gen: (rng) => text(Array.from({ length: rng.int(3, 6) }, () => rng.pick([
            `${isoTime(rng)} INFO scheduler tick`,
            `[${new Date(isoTime(rng)).toUTCString()}] job finished`,
            `ts=${epochSeconds(rng)}${rng.str(DIGITS, 3)} level=info msg="flush"`,
            `Last-Modified: ${new Date(isoTime(rng)).toUTCString()}`,
            `created_at=${epochSeconds(rng)} updated_at=${epochSeconds(rng)}`,
        ])).join('\n')),
    },
    {
        id: 'ports',
        gen: (rng) => rng.pick([
            () => shell({ cmd: 'docker ps --format "table {{.Names}}\\t{{.Ports}}"', out: `NAMES          PORTS\n${Array.from({ length: rng.int(2, 4) }, () => `${projectName(rng)}-${rng.int(1, 3)}   0.0.0.0:${rng.int(1024, 65000)}->${rng.pick([80, 443, 5432, 6379, 3000])}/tcp, [::]:${rng.int(1024, 65000)}->${rng.pick([80, 5432])}/tcp`).join('\n')}` }),
            () => shell({ cmd: 'ss -tlnp | head -4', out: `State  Recv-Q Send-Q Local Address:Port  Peer Address:Port Process\n${Array.from({ length: 3 }, () => `LISTEN 0      511          127.0.0.1:${rng.int(1024, 65000)}       0.0.0.0:*     users:(("node",pid=${rng.int(100, 65000)},fd=${rng.int(10, 40)}))`).join('\n')}` }),
            () => text(`  ➜  Local:   http://localhost:${rng.pick([5173, 3000, 4321])}/\n  ➜  Network: http://${privateIPv4(rng, false)}:${rng.pick([5173, 3000])}/`),
        ])(),
    },
    {
        id: 'line-numbers',
        gen: (rng) => rng.pick([
            () => file(sourceFile(rng), code(rng).join('\n')),
            () => text(`    at ${camel(rng.pick(WORDS), 'handler')} (${sourceFile(rng)}:${rng.int(1, 999)}:${rng.int(1, 99)})\n    at async Promise.all (index ${rng.int(0, 9)})\n    at ${cap(rng.pick(WORDS))}Service.run (${sourceFile(rng)}:${rng.int(1, 999)}:${rng.int(1, 99)})`),
            () => shell({ cmd: `grep -rn "${rng.pick(['token', 'password', 'secret', 'apiKey'])}" src | head -5`, out: Array.from({ length: rng.int(2, 5) }, () => `${sourceFile(rng)}:${rng.int(1, 500)}:  ${rng.pick(['const token = await getToken(req);', 'if (!password) return res.status(400).end();', "// secret rotation handled by the 'rotate' job", 'apiKey: z.string().min(20),', 'validateTokenSignature(token, jwks);'])}`).join('\n') }),
        ])(),
    },
    {
        id: 'prices-orders',
        gen: (rng) => text(rng.pick([
            `Order #${rng.pick(['', 'A-', 'ORD-'])}${rng.int(100000, 99999999)} confirmed\nItems: ${rng.int(1, 9)} × ${cap(rng.pick(WORDS))} ${rng.pick(['Mug', 'Hoodie', 'Plan'])} @ $${rng.int(5, 999)}.${rng.int(10, 99)}\nSubtotal: $${rng.int(1, 9)},${rng.int(100, 999)}.${rng.int(10, 99)}\nTax: $${rng.int(1, 99)}.${rng.int(10, 99)}`,
            `| SKU | Price | Qty |\n|---|---|---|\n| ${rng.str(UPPER, 3)}-${rng.int(1000, 9999)} | €${rng.int(1, 999)},${rng.int(10, 99)} | ${rng.int(1, 50)} |\n| ${rng.str(UPPER, 3)}-${rng.int(1000, 9999)} | £${rng.int(1, 999)}.${rng.int(10, 99)} | ${rng.int(1, 50)} |`,
            `Invoice INV-${rng.int(2024, 2025)}-${String(rng.int(1, 9999)).padStart(5, '0')} total ${rng.int(100, 99999).toLocaleString('en-US')}.${rng.int(10, 99)} USD, due in ${rng.pick([14, 30, 45])} days`,
            `Plan: Pro ($${rng.pick([19, 29, 49])}/mo) — ${rng.int(1000, 500000)} requests/day, tracking 1Z${rng.str(UPPER + DIGITS, 16)}`,
        ])),
    },
    {
        id: 'private-ips',
        gen: (rng) => rng.pick([
            () => shell({ cmd: 'ip -4 addr show eth0', out: `2: eth0: <BROADCAST,MULTICAST,UP,LOWER_UP> mtu 1500 qdisc fq_codel state UP\n    inet ${privateIPv4(rng, false)}/24 brd ${privateIPv4(rng, false)} scope global eth0\n       valid_lft forever preferred_lft forever` }),
            () => file('/etc/hosts', `127.0.0.1\tlocalhost\n::1\tlocalhost ip6-localhost\n${privateIPv4(rng, false)}\t${rng.pick(WORDS)}.internal\n${privateIPv4(rng, false)}\tdb\nfe80::${rng.str(HEX, 4)}:${rng.str(HEX, 4)}:fe${rng.str(HEX, 2)}:${rng.str(HEX, 4)}\tlink-local`),
            () => shell({ cmd: 'kubectl get pods -o wide', out: `NAME                      READY   STATUS    RESTARTS   AGE   IP            NODE\n${Array.from({ length: rng.int(2, 4) }, () => `${projectName(rng)}-${rng.str(LOWER + DIGITS, 9)}-${rng.str(LOWER + DIGITS, 5)}   1/1     Running   0          ${rng.int(1, 30)}d   10.${rng.int(0, 255)}.${rng.int(0, 255)}.${rng.int(1, 254)}   ip-10-0-${rng.int(1, 254)}-${rng.int(1, 254)}.ec2.internal`).join('\n')}` }),
            () => shell({ cmd: `dig @${rng.pick(['8.8.8.8', '1.1.1.1'])} ${rng.pick(WORDS)}.internal +short`, out: `${privateIPv4(rng, false)}\n${privateIPv4(rng, false)}` }),
            () => text(`For example, allow ${rng.pick(['192.0.2.10', '198.51.100.7', '203.0.113.25'])} and 2001:db8::${rng.str(HEX, 4)} in the firewall docs.`),
        ])(),
    },
    {
        id: 'noreply-emails',
        gen: (rng) => rng.pick([
            () => shell({ cmd: 'git shortlog -sne | head -3', out: `  ${rng.int(1, 900)}\t${botAuthor(rng)}\n  ${rng.int(1, 90)}\t${botAuthor(rng)}` }),
            () => text(`From: GitHub <noreply@github.com>\nTo: ${rng.pick(WORDS)}@users.noreply.github.com\nSubject: [${rng.pick(WORDS)}/${rng.pick(WORDS)}] Run failed: CI - main (${shortSha(rng)})`),
            () => file('test/fixtures/users.json', JSON.stringify([{ name: 'Alice Example', email: 'alice@example.com' }, { name: 'Bob Test', email: `bob+${rng.int(1, 99)}@example.org` }, { email: 'no-reply@accounts.google.com' }], null, 2)),
            () => file('.github/dependabot.yml', `version: 2\nupdates:\n  - package-ecosystem: npm\n    directory: "/"\n    schedule:\n      interval: weekly\n# Co-authored-by: dependabot[bot] <49699333+dependabot[bot]@users.noreply.github.com>`),
        ])(),
    },
    {
        id: 'git-ssh-remotes',
        gen: (rng) => {
            const org = rng.pick(WORDS);
            const repo = projectName(rng);
            return rng.pick([
                () => shell({ cmd: 'git remote -v', out: `origin\tgit@github.com:${org}/${repo}.git (fetch)\norigin\tgit@github.com:${org}/${repo}.git (push)\nupstream\thttps://github.com/${rng.pick(WORDS)}/${repo}.git (fetch)` }),
                () => file('.gitmodules', `[submodule "vendor/${rng.pick(WORDS)}"]\n\tpath = vendor/${rng.pick(WORDS)}\n\turl = ssh://git@gitlab.com/${org}/${rng.pick(WORDS)}.git`),
                () => shell({ cmd: `git clone git@bitbucket.org:${org}/${repo}.git`, out: `Cloning into '${repo}'...\nWarning: Permanently added 'bitbucket.org' (ED25519) to the list of known hosts.` }),
            ])();
        },
    },
    {
        id: 'package-specifiers',
        gen: (rng) => rng.pick([
            () => shell({ cmd: `npm install ${rng.pick(WORDS)}@${version(rng)} @types/${rng.pick(WORDS)}@${version(rng)} -D`, out: `added ${rng.int(1, 300)} packages, and audited ${rng.int(300, 2000)} packages in ${rng.int(1, 40)}s` }),
            () => text(`npm ERR! Could not resolve dependency:\nnpm ERR! peer react@"^18.0.0" from @testing-library/react@${version(rng)}\nnpm ERR!   node_modules/@testing-library/react\nnpm ERR!     dev @testing-library/react@"^14.1.2" from the root project`),
            () => shell({ cmd: `npx create-${rng.pick(['vite', 'next-app', 'astro'])}@latest ${projectName(rng)}`, out: `Need to install the following packages:\ncreate-vite@${version(rng)}\nOk to proceed? (y) y` }),
            () => shell({ cmd: `pnpm add ${rng.pick(WORDS)}@^${version(rng)} eslint@${version(rng)}`, out: `Packages: +${rng.int(1, 40)}\nProgress: resolved ${rng.int(100, 900)}, reused ${rng.int(100, 900)}, downloaded 0, added ${rng.int(1, 40)}, done` }),
        ])(),
    },
    {
        id: 'hex-colors',
        gen: (rng) => file(rng.pick(['tailwind.config.js', 'src/theme.ts']), `export const colors = {\n${Array.from({ length: rng.int(4, 8) }, () => `  ${rng.pick(WORDS)}: '#${rng.str(HEX, rng.pick([3, 6, 6, 8]))}',`).join('\n')}\n};`),
    },
    {
        id: 'jwt-io-sample',
        gen: (rng) => rng.pick([
            () => file('docs/auth.md', `A JWT looks like this (sample from jwt.io):\n\n\`\`\`\n${JWT_IO_SAMPLE}\n\`\`\`\n\nIt has a header, a payload and a signature separated by dots.`),
            () => file(`test/${rng.pick(WORDS)}.test.ts`, `// well-known sample token from jwt.io\nconst SAMPLE = '${JWT_IO_SAMPLE}';\nexpect(decode(SAMPLE).sub).toBe('1234567890');`),
        ])(),
    },
    {
        id: 'css',
        gen: (rng) => file(`dist/assets/index-${rng.str(ALNUM, 8)}.css`, Array.from({ length: rng.int(4, 10) }, () => `.css-${rng.str(LOWER + DIGITS, 7)}{display:flex;color:#${rng.str(HEX, 6)};margin:${rng.int(0, 32)}px ${rng.int(0, 32)}px;transition:all .${rng.int(1, 9)}s cubic-bezier(.4,0,.2,1)}`).join('')),
    },
    {
        id: 'minified-js',
        gen: (rng) => file(`dist/static/js/main.${rng.str(HEX, 8)}.js`, `(()=>{"use strict";var e={${rng.int(100, 999)}:(e,t,n)=>{n.d(t,{Z:()=>${rng.str(LOWER, 2)}});const r=n(${rng.int(100, 999)}),o="${rng.str(ALNUM, 20)}",a=[${Array.from({ length: 6 }, () => rng.int(0, 99999)).join(',')}];function ${camel(rng.pick(WORDS), rng.pick(WORDS), rng.pick(WORDS), 'factory')}(e){return e.${camel(rng.pick(WORDS), 'token', 'cache')}??o}}};n.p="/static/",n.u=e=>"static/js/"+e+"."+{${Array.from({ length: 4 }, () => `${rng.int(10, 999)}:"${rng.str(HEX, 8)}"`).join(',')}}[e]+".chunk.js"})();\n//# sourceMappingURL=main.${rng.str(HEX, 8)}.js.map`),
    },
    {
        id: 'lockfiles',
        gen: (rng) => rng.pick([
            () => file('yarn.lock', Array.from({ length: rng.int(2, 3) }, () => {
                const n = rng.pick(WORDS);
                const v = version(rng);
                return `"${n}@^${v}":\n  version "${v}"\n  resolved "https://registry.yarnpkg.com/${n}/-/${n}-${v}.tgz#${sha1(rng)}"\n  integrity sha512-${rng.str(B64, 86)}==`;
            }).join('\n\n')),
            () => file('pnpm-lock.yaml', `packages:\n\n  /${rng.pick(WORDS)}@${version(rng)}:\n    resolution: {integrity: sha512-${rng.str(B64, 86)}==}\n    engines: {node: '>=18'}\n    dev: true`),
            () => file('yarn.lock', `"${rng.pick(WORDS)}@npm:^${version(rng)}":\n  version: ${version(rng)}\n  resolution: "${rng.pick(WORDS)}@npm:${version(rng)}"\n  checksum: 10c0/${rng.str(HEX, 128)}\n  languageName: node\n  linkType: hard`),
            () => file('poetry.lock', `[[package]]\nname = "${rng.pick(WORDS)}"\nversion = "${version(rng)}"\nfiles = [\n    {file = "${rng.pick(WORDS)}-${version(rng)}-py3-none-any.whl", hash = "sha256:${rng.str(HEX, 64)}"},\n]`),
        ])(),
    },
    {
        id: 'camelcase-identifiers',
        gen: (rng) => file(sourceFile(rng).replace(/\.\w+$/, '.ts'), [
            `export class ${cap(rng.pick(WORDS))}AuthenticationTokenProviderFactoryBean implements ${cap(rng.pick(WORDS))}SecretResolverStrategy {`,
            `  private readonly accessTokenExpirationMilliseconds = ${rng.pick([900000, 3600000])};`,
            `  private readonly apiKeyHeaderName = 'x-api-key';`,
            `  validatePasswordStrengthRequirements(password: string): boolean {`,
            `    return password.length >= this.minimumPasswordLengthForAdministrators;`,
            '  }',
            `  ${camel('get', rng.pick(WORDS), 'client', 'secret', 'from', 'environment', 'or', 'default')}(): string | undefined {`,
            `    return process.env.${rng.pick(SECRETISH_NAMES)};`,
            '  }',
            '}',
        ].join('\n')),
    },
    {
        id: 'base64-json',
        gen: (rng) => {
            const cursor = b64url(JSON.stringify({ id: rng.int(1, 999999), ts: epochSeconds(rng), dir: 'next' }));
            return rng.pick([
                () => shell({ cmd: `curl -s "https://api.${rng.pick(WORDS)}.io/v1/items?limit=50"`, out: JSON.stringify({ data: [], has_more: true, next_cursor: cursor }) }),
                () => file(`dist/${rng.pick(WORDS)}.js`, `console.log("ready");\n//# sourceMappingURL=data:application/json;base64,${b64(JSON.stringify({ version: 3, sources: [`../src/${rng.pick(WORDS)}.ts`], names: [], mappings: rng.str('ACEGIKMOQSUWYacegikmoqsuwy;', rng.int(60, 300)) }))}`),
                () => file('k8s/configmap.yaml', `apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: ${rng.pick(WORDS)}-settings\nbinaryData:\n  settings.json: ${b64(JSON.stringify({ theme: rng.pick(WORDS), pageSize: rng.int(10, 100), features: [rng.pick(WORDS)] }))}`),
            ])();
        },
    },
    {
        id: 'test-card-numbers',
        gen: (rng) => {
            const pan = rng.pick(TEST_PANS);
            const shown = rng.chance(0.5) ? pan : groupDigits(pan, pan.length === 15 ? [4, 6, 5] : [4, 4, 4, 4], ' ');
            return file(`test/${rng.pick(['checkout', 'payments', 'billing'])}.spec.ts`, `// Stripe test card (https://docs.stripe.com/testing)\nawait page.fill('[name=cardnumber]', '${shown}');\nawait page.fill('[name=exp-date]', '12/${rng.int(30, 34)}');\nawait page.fill('[name=cvc]', '123');`);
        },
    },
    {
        id: 'content-hashes',
        gen: (rng) => rng.pick([
            () => text(`HTTP/2 200\ncontent-type: application/javascript\netag: "${rng.str(HEX, 32)}"\ncache-control: public, max-age=31536000, immutable\nx-amz-cf-id: ${rng.str(ALNUM + '_-', 56)}==\nx-cache: Hit from cloudfront`),
            () => file('dist/asset-manifest.json', JSON.stringify({ files: Object.fromEntries(Array.from({ length: 4 }, () => { const n = rng.pick(WORDS); return [`${n}.js`, `/static/js/${n}.${rng.str(HEX, 8)}.chunk.js`]; })) }, null, 2)),
            () => file('index.html', `<script src="https://cdn.jsdelivr.net/npm/${rng.pick(WORDS)}@${version(rng)}/dist/index.min.js" integrity="sha384-${rng.str(B64, 64)}" crossorigin="anonymous"></script>`),
        ])(),
    },
    {
        id: 'benign-env',
        gen: (rng) => {
            const project = projectName(rng);
            return file(rng.pick(['.env', '.env.development', 'docker/.env.local']), [
                ...benignEnvLines(rng, project, rng.int(3, 8)),
                `DATABASE_URL=postgres://${rng.pick(['postgres', 'app'])}@localhost:5432/${project.replace(/-/g, '_')}_dev`,
                `REDIS_URL=redis://localhost:6379/${rng.int(0, 3)}`,
                `AUTH_PROVIDER=${rng.pick(['github', 'google', 'okta'])}`,
                `PASSWORD_RESET_TTL_MINUTES=${rng.pick([15, 30, 60])}`,
            ].join('\n'));
        },
    },
    {
        id: 'urls-without-credentials',
        gen: (rng) => text(Array.from({ length: rng.int(2, 4) }, () => rng.pick([
            `https://github.com/${rng.pick(WORDS)}/${projectName(rng)}/pull/${rng.int(1, 9999)}#discussion_r${rng.int(1000000, 1999999999)}`,
            `postgres://app@db.internal:5432/app?sslmode=disable`,
            `https://${rng.pick(WORDS)}.io/search?q=${rng.pick(WORDS)}&page=${rng.int(1, 9)}&sort=desc&utm_source=newsletter`,
            `https://console.aws.amazon.com/cloudwatch/home?region=eu-west-1#logsV2:log-groups/log-group/$252Faws$252Flambda$252F${rng.pick(WORDS)}`,
            `https://img.shields.io/npm/v/${rng.pick(WORDS)}.svg?style=flat-square`,
            `https://docs.${rng.pick(WORDS)}.dev/reference/authentication#api-keys`,
        ])).join('\n')),
    },
    {
        id: 'secret-talk',
        gen: (rng) => rng.pick([
            () => text(rng.pick([
                `I've added the API key to \`.env\` and made sure \`.env\` is in \`.gitignore\`. Rotate the token if it was ever committed.`,
                `The password must be at least ${rng.int(8, 16)} characters; the validator rejects tokens older than ${rng.int(1, 90)} days.`,
                `Store the secret in AWS Secrets Manager and reference it by ARN; never paste it in the chat.`,
            ])),
            () => shell({ cmd: `gh secret set ${rng.pick(SECRETISH_NAMES)} --repo ${rng.pick(WORDS)}/${projectName(rng)} < /dev/stdin`, out: `✓ Set Actions secret ${rng.pick(SECRETISH_NAMES)} for ${rng.pick(WORDS)}/${projectName(rng)}` }),
            () => shell({ cmd: `kubectl create secret generic ${rng.pick(WORDS)}-creds --from-env-file=.env.prod --dry-run=client -o name`, out: `secret/${rng.pick(WORDS)}-creds` }),
        ])(),
    },
    {
        id: 'benign-cli-flags',
        gen: (rng) => shell(...rng.sample([
            { cmd: `docker run -d -p ${rng.int(1024, 9000)}:80 -e NODE_ENV=production nginx:${rng.pick(['stable', '1.27'])}`, out: rng.str(HEX, 64) },
            { cmd: `mkdir -p ${sourceFile(rng).replace(/\/[^/]+$/, '')}`, out: '' },
            { cmd: 'aws ecr get-login-password --region eu-west-1 | docker login --username AWS --password-stdin 000000000000.dkr.ecr.eu-west-1.amazonaws.com', out: 'Login Succeeded' },
            { cmd: 'mysql -u root -p', out: 'Enter password:' },
            { cmd: `psql -h localhost -p 5432 -U postgres -W`, out: 'Password for user postgres:' },
            { cmd: `ssh -p ${rng.int(2000, 2999)} -i ~/.ssh/id_ed25519 deploy@${privateIPv4(rng, false)}`, out: 'Last login: Mon from 10.0.0.2' },
            { cmd: `git commit -m "${commitSubject(rng)}"`, out: `[main ${shortSha(rng)}] ${commitSubject(rng)}\n 2 files changed, 14 insertions(+)` },
            { cmd: `gh auth login --with-token < token.txt`, out: '' },
            { cmd: `openssl req -new -key server.key -out server.csr -subj "/CN=${rng.pick(WORDS)}.internal"`, out: '' },
        ], rng.int(2, 4))),
    },
    {
        id: 'cloud-ids',
        gen: (rng) => text(rng.pick([
            `arn:aws:iam::${rng.str(DIGITS, 12)}:role/${rng.pick(WORDS)}-lambda-exec\narn:aws:s3:::${projectName(rng)}-assets\ninstance i-0${rng.str(HEX, 16)} in subnet-0${rng.str(HEX, 16)} (sg-0${rng.str(HEX, 16)}, vpc-0${rng.str(HEX, 16)})`,
            `x-amzn-RequestId: ${uuid(rng)}\nx-amz-request-id: ${rng.str(HEX_UPPER, 16)}\nx-amz-id-2: ${rng.str(B64, 76)}=`,
            `Stripe: created ${rng.pick(['cus', 'pi', 'ch', 'price', 'prod', 'sub', 'evt'])}_${rng.str(ALNUM, 24)} and ${rng.pick(['in', 'seti', 'pm'])}_${rng.str(ALNUM, 24)} (livemode: false)`,
            `traceparent: 00-${rng.str(HEX, 32)}-${rng.str(HEX, 16)}-01\nsentry event ${rng.str(HEX, 32)}`,
            `"id": "${'1' + rng.str(DIGITS, 18)}", "guild_id": "${'1' + rng.str(DIGITS, 17)}", "channel_id": "${'1' + rng.str(DIGITS, 18)}"`,
            `projects/${rng.str(DIGITS, 12)}/locations/us-central1/functions/${rng.pick(WORDS)}  gcr.io/${rng.pick(WORDS)}-${rng.int(100000, 999999)}/${rng.pick(SERVICES)}`,
        ])),
    },
    {
        id: 'benign-json-tool-input',
        gen: (rng) => text(`Tool call: ${rng.pick(['Edit', 'Write', 'Grep'])}\nInput: ${JSON.stringify({ file_path: `/workspace/${projectName(rng)}/${sourceFile(rng)}`, old_string: code(rng).join('\n'), new_string: code(rng).join('\n'), replace_all: false })}`),
    },
    {
        id: 'markdown-readme',
        gen: (rng) => file('README.md', `# ${projectName(rng)}\n\n[![CI](https://github.com/${rng.pick(WORDS)}/${rng.pick(WORDS)}/actions/workflows/ci.yml/badge.svg)](https://github.com/${rng.pick(WORDS)}/${rng.pick(WORDS)}/actions)\n[![npm](https://img.shields.io/npm/v/${rng.pick(WORDS)}.svg)](https://www.npmjs.com/package/${rng.pick(WORDS)})\n\n## Install\n\n\`\`\`bash\nnpm i ${rng.pick(WORDS)}@${version(rng)}\n\`\`\`\n\nSet \`${rng.pick(SECRETISH_NAMES)}\` in your environment before running \`npm start\`.`),
    },
];
//# sourceMappingURL=negatives.js.map