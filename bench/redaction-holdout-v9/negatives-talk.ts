/**
 * What people write around credentials without writing one: configs masked by hand, code that
 * reads a secret, placeholders from docs, references to a secret store, talk about a leak,
 * public keys, git's own auth errors, bots' and masked addresses. No person's data either.
 */
import { B64, DIGITS, LOWER, UPPER } from '../corpus-kit.js';
import type { RandomDraws } from '../random.js';
import { gitSha, hex, HOSTS, idiom, ORGS, paste, REPOS, SERVICES, semver, type PasteCategory } from './kit.js';

const MASKS = ['****', '********', '<redacted>', 'xxx', 'xxxxxxxxxxxx', 'REDACTED', '[hidden]', '<removed>', '***', '[FILTERED]', '••••••••', '<secret>'];
const mask = (rng: RandomDraws) => rng.pick(MASKS);

const maskedConfigPaste = idiom(
  'masked-config-paste',
  19,
  (rng) =>
    paste(
      `\`\`\`env\nDATABASE_URL=postgres://app:${mask(rng)}@${rng.pick(HOSTS)}:5432/app\nREDIS_URL=redis://:${mask(rng)}@redis:6379/0\nSTRIPE_API_KEY=sk_live_${mask(rng)}\nSECRET_KEY_BASE=${mask(rng)}\nLOG_LEVEL=${rng.pick(['debug', 'info'])}\nWORKERS=${rng.int(1, 16)}\n\`\`\``,
    ),
  (rng) =>
    paste(
      `config.yaml (passwords removed):\n\nsmtp:\n  host: smtp.${rng.pick(ORGS)}.net\n  port: ${rng.pick([25, 465, 587])}\n  username: notifications\n  password: ${mask(rng)}\nauth:\n  jwt_secret: ${mask(rng)}\n  token_ttl: ${rng.int(5, 120)}m`,
    ),
  (rng) =>
    paste(
      `[${rng.int(2025, 2025)}-0${rng.int(1, 9)}-1${rng.int(0, 9)} 0${rng.int(0, 9)}:1${rng.int(0, 9)}:2${rng.int(0, 9)},${rng.int(100, 999)}: INFO/MainProcess] Connected to amqp://guest:**@${rng.pick(['127.0.0.1', 'rabbitmq', 'broker'])}:5672//\n[${rng.int(2025, 2025)}-0${rng.int(1, 9)}-1${rng.int(0, 9)} 0${rng.int(0, 9)}:1${rng.int(0, 9)}:2${rng.int(0, 9)},${rng.int(100, 999)}: INFO/MainProcess] mingle: searching for neighbors\n[${rng.int(2025, 2025)}-0${rng.int(1, 9)}-1${rng.int(0, 9)} 0${rng.int(0, 9)}:1${rng.int(0, 9)}:2${rng.int(0, 9)},${rng.int(100, 999)}: INFO/MainProcess] celery@${rng.pick(SERVICES)}-worker-${rng.int(1, 9)} ready.`,
    ),
  (rng) =>
    paste(
      `Connection string: \`Server=${rng.pick(HOSTS)};Database=${rng.pick(SERVICES)};User Id=sa;Password=${mask(rng)};TrustServerCertificate=True\` (password removed for posting)\n\nLogin failed for user 'sa'. Reason: Password did not match that for the login provided. [CLIENT: ${rng.pick(['<local machine>', '<named pipe>'])}]`,
    ),
);

const codeReadsSecret = idiom(
  'code-reads-secret',
  19,
  (rng) =>
    paste(
      `client = ${rng.pick(['OpenAI', 'Anthropic', 'Groq'])}(api_key=os.environ["${rng.pick(['OPENAI_API_KEY', 'ANTHROPIC_API_KEY', 'LLM_KEY'])}"])\npassword = getpass.getpass("DB password: ")\ntoken = os.environ.get("GITHUB_TOKEN") or keyring.get_password("${rng.pick(REPOS)}", "github")\nconn = psycopg.connect(host="${rng.pick(HOSTS)}", user="${rng.pick(['app', 'etl'])}", password=password)`,
    ),
  (rng) =>
    paste(
      `const stripe = new Stripe(process.env.STRIPE_SECRET_KEY!, { apiVersion: '2024-06-20' });\nconst secret = await getSecret('${rng.pick(SERVICES)}/webhook-signing');\nconst password = await prompt('Admin password: ', { hidden: true });\nconst apiKey = config.get<string>('${rng.pick(SERVICES)}.apiKey');`,
    ),
  (rng) =>
    paste(
      `Rails.application.configure do\n  config.x.payments.secret_key = ENV.fetch("STRIPE_SECRET_KEY")\n  config.x.mailer.password = Rails.application.credentials.dig(:smtp, :password)\n  config.x.github.token = ENV["GITHUB_TOKEN"] || raise("GITHUB_TOKEN missing")\nend\n# line ${rng.int(3, 90)} of config/environments/${rng.pick(['production', 'staging'])}.rb`,
    ),
  (rng) =>
    paste(
      `      - name: Deploy\n        env:\n          AWS_SECRET_ACCESS_KEY: \${{ secrets.AWS_SECRET_ACCESS_KEY }}\n          SLACK_WEBHOOK: \${{ secrets.SLACK_WEBHOOK_URL }}\n          NPM_TOKEN: \${{ secrets.NPM_TOKEN }}\n        run: ./deploy.sh --env ${rng.pick(['prod', 'staging'])} --region \${{ vars.AWS_REGION }}`,
    ),
  (rng) =>
    paste(
      `func mustEnv(k string) string {\n\tv, ok := os.LookupEnv(k)\n\tif !ok {\n\t\tlog.Fatalf("%s not set", k)\n\t}\n\treturn v\n}\n\ndsn := fmt.Sprintf("postgres://%s:%s@%s/%s", mustEnv("PGUSER"), mustEnv("PGPASSWORD"), "${rng.pick(HOSTS)}", "${rng.pick(SERVICES)}")`,
    ),
);

const placeholderInstructions = idiom(
  'placeholder-instructions',
  19,
  (rng) =>
    paste(
      `Did you replace \`$your_access_token\` with your token? The docs example is:\n\n    curl https://api.${rng.pick(ORGS)}.com/api/v1/util/ping \\\n      -H "Authorization: Bearer $your_access_token"\n\nyou need to replace the \`$\` as well, not only the name.`,
    ),
  (rng) =>
    paste(
      `1. Copy \`.env.example\` to \`.env\`\n2. Set \`${rng.pick(['OPENAI_API_KEY', 'ANTHROPIC_API_KEY', 'MISTRAL_API_KEY'])}=<YOUR_API_KEY>\`\n3. Set \`DATABASE_URL=postgres://<user>:<password>@localhost:5432/<db>\`\n4. Run \`${rng.pick(['npm run dev', 'make up', 'poetry run app'])}\``,
    ),
  (rng) =>
    paste(
      `Try this connection string format:\nmongodb+srv://<username>:<password>@<cluster-name>.mongodb.net/<dbname>?retryWrites=true&w=majority\n\nIf your password contains @, / or : it has to be percent-encoded. And add \`?authSource=admin\` if the user was created in admin.`,
    ),
  (rng) =>
    paste(
      `values["grant_type"] = "client_credentials";\nvalues["client_id"] = "${rng.pick(['YOUR_CLIENT_ID', '<client-id>', '00000000-0000-0000-0000-000000000000'])}";\nvalues["client_secret"] = "${rng.pick(['YOUR CLIENT SECRET', '<client-secret>', 'changeme'])}";\nvalues["scope"] = "https://graph.microsoft.com/.default";`,
    ),
  (rng) =>
    paste(
      `The REPO_URL setting takes \`https://username:password@github.com/owner/repo.git\`, but for GitHub you must put a personal access token (\`ghp_xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx\`) where the password goes. Example in the README uses \`sk_test_...\` and \`AKIA...EXAMPLE\` for the other providers (v${semver(rng)}).`,
    ),
);

const secretManagerRefs = idiom(
  'secret-manager-refs',
  19,
  (rng) =>
    paste(
      `DB_PASSWORD=op://${rng.pick(['Engineering', 'Prod', 'Shared'])}/${rng.pick(SERVICES)}-postgres/password\nSTRIPE_KEY=op://${rng.pick(['Engineering', 'Prod'])}/Stripe/credential\nrun with: op run --env-file=.env -- ${rng.pick(['npm start', 'python -m app', './bin/server'])}`,
    ),
  (rng) =>
    paste(
      `"valueFrom": "arn:aws:secretsmanager:${rng.pick(['us-east-1', 'eu-west-1'])}:${rng.str(DIGITS, 12)}:secret:${rng.pick(SERVICES)}/prod/db-${rng.str(UPPER + LOWER, 6)}:password::"\n\nand in the ECS task role policy the Resource is "arn:aws:secretsmanager:*:${rng.str(DIGITS, 12)}:secret:${rng.pick(SERVICES)}/*"`,
    ),
  (rng) =>
    paste(
      `"ConnectionStrings__Default": "@Microsoft.KeyVault(SecretUri=https://kv-${rng.pick(SERVICES)}-${rng.pick(['prod', 'dev'])}.vault.azure.net/secrets/db-connection/)",\n"Payments__ApiKey": "@Microsoft.KeyVault(VaultName=kv-${rng.pick(SERVICES)};SecretName=payments-api-key)"`,
    ),
  (rng) =>
    paste(
      `spring.datasource.password=\${vault:secret/data/${rng.pick(SERVICES)}#password}\nmailer.api-key={{ secrets.MAILER_API_KEY }}\ngcp: projects/${rng.pick(ORGS)}-prod/secrets/${rng.pick(SERVICES)}-token/versions/latest`,
    ),
  (rng) =>
    paste(
      `db:\n    password: ENC[AES256_GCM,data:${rng.str(B64, rng.int(16, 40))},iv:${rng.str(B64, 43)}=,tag:${rng.str(B64, 22)}==,type:str]\nsops:\n    age:\n        - recipient: age1${rng.str('qpzry9x8gf2tvdw0s3jn54khce6mua7l', 58)}\n    lastmodified: "2025-0${rng.int(1, 9)}-1${rng.int(0, 9)}T10:00:00Z"\n    mac: ENC[AES256_GCM,data:${rng.str(B64, 60)},iv:${rng.str(B64, 43)}=,tag:${rng.str(B64, 22)}==,type:str]\n    version: 3.${rng.int(7, 9)}.${rng.int(0, 3)}`,
    ),
);

const leakReportProse = idiom(
  'leak-report-prose',
  19,
  (rng) =>
    paste(
      `Hi! A scanner flagged a live API key in an earlier revision of a comment on this issue. Please rotate it rather than only deleting the comment, since edits keep the history. To find it: \`trufflehog github --repo https://github.com/<your_username>/<your_reponame> --issue-comments --only-verified\`. (${rng.pick(['cc the reporter', 'happy to help', 'thanks for the quick fix'])}, ref #${rng.int(10, 9999)})`,
    ),
  (rng) =>
    paste(
      `> Your API key was reported as leaked. Please use another API key.\n\nYou can't safely ignore that: the key is on a revocation list. Revoke it in the console, create a new one, keep it only in server-side env or the secret store, and check CI logs and git history (\`git log -p -S'${rng.pick(['AIza', 'sk-', 'ghp_'])}'\`) for copies.`,
    ),
  (rng) =>
    paste(
      `Post-incident note: the ${rng.pick(['Stripe', 'SendGrid', 'Twilio', 'OpenAI'])} key ending in …${hex(rng, 4)} was committed in ${gitSha(rng).slice(0, 8)} and pushed for ${rng.int(3, 90)} minutes. It was revoked at ${rng.int(10, 23)}:${rng.int(10, 59)} UTC and replaced; usage logs show no calls from unknown IPs. Action items: pre-commit secret scanning, shorter-lived tokens.`,
    ),
  (rng) =>
    paste(
      `It looks like you just committed something that looks like an API key (in \`${rng.pick(['config/settings.py', 'src/config.ts', '.env.production'])}\`, line ${rng.int(3, 80)}). If it's real, revoke it now; removing the commit is not enough because forks and caches keep it.`,
    ),
);

const publicKeysCerts = idiom(
  'public-keys-certs',
  19,
  (rng) =>
    paste(
      `authorized_keys on the runner:\n\nssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAI${rng.str(B64, 43)} ci-deploy-${rng.pick(REPOS)}\nssh-rsa AAAAB3NzaC1yc2EAAAADAQABAAABgQ${rng.str(B64, 200)} backup-host-key\n\nand the fingerprint it shows: SHA256:${rng.str(B64, 43)}`,
    ),
  (rng) =>
    paste(
      `-----BEGIN CERTIFICATE-----\nMIID${rng.str(B64, 60)}\n${Array.from({ length: rng.int(4, 8) }, () => rng.str(B64, 64)).join('\n')}\n${rng.str(B64, 40)}==\n-----END CERTIFICATE-----\n\nopenssl x509 -noout -subject says CN = ${rng.pick(SERVICES)}.internal, and it expires ${rng.pick(['Jan', 'Jun', 'Oct'])} ${rng.int(1, 28)} 2026.`,
    ),
  (rng) =>
    paste(
      `JWKS from /.well-known/jwks.json:\n{"keys":[{"kty":"RSA","use":"sig","kid":"${hex(rng, 16)}","alg":"RS256","e":"AQAB","n":"${rng.str(UPPER + LOWER + DIGITS + '-_', 342)}"}]}`,
    ),
  (rng) =>
    paste(
      `-----BEGIN PUBLIC KEY-----\nMFkwEwYHKoZIzj0CAQYIKoZIzj0DAQcDQgAE${rng.str(B64, 28)}\n${rng.str(B64, 56)}==\n-----END PUBLIC KEY-----\nsignature verification with this key fails for tags after v${semver(rng)}; gpg fingerprint ${hex(rng, 40).toUpperCase()}`,
    ),
  (rng) =>
    paste(
      `github.com ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIOMqqnkVzrm0SdG6UOoqKLsabgH5C9okWi0dh2l9GKJl\n${rng.pick(['gitlab.internal', 'git.' + rng.pick(ORGS) + '.dev'])} ecdsa-sha2-nistp256 AAAAE2VjZHNhLXNoYTItbmlzdHAyNTYAAAAIbmlzdHAyNTYAAABBB${rng.str(B64, 87)}=`,
    ),
);

const gitAuthFailureNoise = idiom(
  'git-auth-failure-noise',
  19,
  (rng) =>
    paste(
      `Cloning into '${rng.pick(REPOS)}'...\nUsername for 'https://github.com': ${rng.pick(['xxxx', 'my-username', '<user>'])}\nPassword for 'https://${rng.pick(['xxxxx', 'my-username'])}@github.com':\nremote: Support for password authentication was removed on August 13, 2021.\nremote: Please see https://docs.github.com/get-started/getting-started-with-git/about-remote-repositories#cloning-with-https-urls for information on currently recommended modes of authentication.\nfatal: Authentication failed for 'https://github.com/${rng.pick(ORGS)}/${rng.pick(REPOS)}.git/'`,
    ),
  (rng) =>
    paste(
      `${new Date(Date.UTC(2025, rng.int(0, 11), rng.int(1, 28), rng.int(0, 23))).toISOString()} - info: [ui] Executing clone: git -c credential.helper= -c init.defaultBranch=main clone --recursive --progress -- https://{HOSTNAME}/${rng.pick(ORGS)}/${rng.pick(REPOS)}.git D:\\${rng.pick(REPOS)} (took ${rng.int(1, 9)}.${rng.int(100, 999)}s)\nremote: Password authentication is not available for Git operations.\nremote: You must use a personal access token or SSH key.\nfatal: unable to access 'https://{HOSTNAME}/${rng.pick(ORGS)}/${rng.pick(REPOS)}.git/': The requested URL returned error: 403`,
    ),
  (rng) =>
    paste(
      `$ git push\nERROR: Permission to ${rng.pick(ORGS)}/${rng.pick(REPOS)}.git denied to deploy key\nfatal: Could not read from remote repository.\n\nPlease make sure you have the correct access rights\nand the repository exists.\n$ ssh -T git@github.com\nHi ${rng.pick(ORGS)}/${rng.pick(REPOS)}! You've successfully authenticated, but GitHub does not provide shell access.`,
    ),
);

const botAndMaskedAddresses = idiom(
  'bot-and-masked-addresses',
  19,
  (rng) =>
    paste(
      `On ${rng.pick(['Mon', 'Tue', 'Fri'])}, ${rng.int(1, 28)} ${rng.pick(['Jul', 'Aug', 'Dec'])} 2025 at ${rng.int(8, 18)}:${rng.int(10, 59)}, github-actions[bot] <***@***.***> wrote:\n\n> This issue is stale because it has been open ${rng.int(30, 180)} days with no activity. Remove stale label or comment or this will be closed in ${rng.int(5, 14)} days.\n\n—\nReply to this email directly, view it on GitHub, or unsubscribe.\nYou are receiving this because you commented.Message ID: <${rng.pick(ORGS)}/${rng.pick(REPOS)}/issues/${rng.int(10, 9999)}/${rng.int(10 ** 9, 10 ** 10)}@github.com>`,
    ),
  (rng) =>
    paste(
      `commit ${gitSha(rng)}\nAuthor: dependabot[bot] <49699333+dependabot[bot]@users.noreply.github.com>\nDate:   ${rng.pick(['Mon', 'Wed', 'Sat'])} ${rng.pick(['Mar', 'May', 'Sep'])} ${rng.int(1, 28)} 0${rng.int(1, 9)}:1${rng.int(0, 9)}:00 2025 +0000\n\n    build(deps): bump ${rng.pick(['urllib3', 'axios', 'serde'])} from ${semver(rng)} to ${semver(rng)}\n\n    Signed-off-by: dependabot[bot] <support@github.com>\n    Co-authored-by: github-actions[bot] <41898282+github-actions[bot]@users.noreply.github.com>`,
    ),
  (rng) =>
    paste(
      `From: GitHub <noreply@github.com>\nTo: ${rng.pick(ORGS)}/${rng.pick(REPOS)} <${rng.pick(REPOS)}@noreply.github.com>\nCc: Subscribed <subscribed@noreply.github.com>\nSubject: [${rng.pick(ORGS)}/${rng.pick(REPOS)}] Run failed: CI - main (${gitSha(rng).slice(0, 7)})\nList-Unsubscribe: <mailto:unsub+${hex(rng, 24)}@reply.github.com>`,
    ),
);

export const TALK_NEGATIVE_CATEGORIES: readonly PasteCategory[] = [
  maskedConfigPaste,
  codeReadsSecret,
  placeholderInstructions,
  secretManagerRefs,
  leakReportProse,
  publicKeysCerts,
  gitAuthFailureNoise,
  botAndMaskedAddresses,
];
