/**
 * Tool output in the same idioms as the secret cases, holding nothing to remove: logs that filter
 * or mask their secrets, debug noise full of addresses, ids and hashes, warnings that name a
 * variable but not its value. No person's name, e-mail or phone appears.
 */
import { b64, uuid } from '../corpus-kit.js';
import type { RandomDraws } from '../random.js';
import { gitSha, hex, HOSTS, idiom, isoTime, logTime, ORGS, paste, privateIp, pyAddr, REPOS, requestId, SERVICES, semver, type PasteCategory } from './kit.js';

const dbUser = (rng: RandomDraws) => rng.pick(['app', 'svc_orders', 'api_rw', 'etl', 'postgres', 'reporting']);
const rid = (rng: RandomDraws) => requestId(rng);

const railsLogFiltered = idiom(
  'rails-log-filtered',
  19,
  (rng) =>
    paste(
      `I, [${isoTime(rng).slice(0, 23)} #${rng.int(1000, 99999)}]  INFO -- : [${rid(rng)}] Started POST "/users/sign_in" for ${privateIp(rng)} at 2025-0${rng.int(1, 9)}-1${rng.int(0, 9)} 0${rng.int(0, 9)}:1${rng.int(0, 9)}:2${rng.int(0, 9)} +0000\nI, [${isoTime(rng).slice(0, 23)} #${rng.int(1000, 99999)}]  INFO -- : [${rid(rng)}] Processing by Users::SessionsController#create as HTML\nI, [${isoTime(rng).slice(0, 23)} #${rng.int(1000, 99999)}]  INFO -- : [${rid(rng)}]   Parameters: {"authenticity_token"=>"[FILTERED]", "user"=>{"login"=>"[FILTERED]", "password"=>"[FILTERED]", "remember_me"=>"${rng.int(0, 1)}"}, "commit"=>"Log in"}\nI, [${isoTime(rng).slice(0, 23)} #${rng.int(1000, 99999)}]  INFO -- : [${rid(rng)}] Completed 401 Unauthorized in ${rng.int(5, 400)}ms (ActiveRecord: ${rng.int(0, 9)}.${rng.int(0, 9)}ms | Allocations: ${rng.int(1000, 90000)})`,
    ),
  (rng) =>
    paste(
      `Started PATCH "/settings/integrations/${rng.int(1, 400)}" for 127.0.0.1\nProcessing by IntegrationsController#update as TURBO_STREAM\n  Parameters: {"integration"=>{"api_token"=>"[FILTERED]", "webhook_secret"=>"[FILTERED]", "enabled"=>"1"}, "id"=>"${rng.int(1, 400)}"}\n  Integration Update (${rng.int(0, 4)}.${rng.int(1, 9)}ms)  UPDATE "integrations" SET "encrypted_api_token" = $1, "updated_at" = $2 WHERE "integrations"."id" = $3  [["encrypted_api_token", "[FILTERED]"], ["updated_at", "2025-0${rng.int(1, 9)}-1${rng.int(0, 9)} 11:0${rng.int(0, 9)}:00"], ["id", ${rng.int(1, 400)}]]\nCompleted 200 OK in ${rng.int(20, 500)}ms (Views: ${rng.int(1, 90)}.${rng.int(0, 9)}ms | ActiveRecord: ${rng.int(1, 9)}.${rng.int(0, 9)}ms)`,
    ),
  (rng) =>
    paste(
      `Started GET "/profile/change_password/REDACTED" for REDACTED at 2025-${String(rng.int(1, 12)).padStart(2, '0')}-1${rng.int(0, 9)}\nProcessing by PasswordChangesController#edit as HTML\n  Parameters: {"pretoken"=>"[FILTERED]", "id"=>"REDACTED"}\nRedirected to https://${rng.pick(SERVICES)}.example.org/profile\nCompleted 302 Found in ${rng.int(3, 90)}ms`,
    ),
);

const awsDebugNoise = idiom(
  'aws-debug-noise',
  19,
  (rng) => {
    const t = () => logTime(rng, ' ', ',');
    return paste(
      `${t()} - MainThread - awscli.clidriver - DEBUG - CLI version: aws-cli/2.${rng.int(10, 22)}.${rng.int(0, 40)} Python/3.1${rng.int(0, 3)}.${rng.int(0, 9)} Linux/6.${rng.int(1, 9)}.0 exe/x86_64\n${t()} - MainThread - botocore.hooks - DEBUG - Event session-initialized: calling handler <function add_scalar_parsers at ${pyAddr(rng)}>\n${t()} - MainThread - botocore.credentials - DEBUG - Looking for credentials via: env\n${t()} - MainThread - botocore.credentials - DEBUG - Looking for credentials via: assume-role\n${t()} - MainThread - botocore.credentials - INFO - Found credentials in shared credentials file: ~/.aws/credentials\n${t()} - MainThread - botocore.loaders - DEBUG - Loading JSON file: /usr/local/aws-cli/v2/current/dist/botocore/data/${rng.pick(['s3', 'sts', 'ecr'])}/2011-06-15/service-2.json`,
    );
  },
  (rng) =>
    paste(
      `$ aws configure list\n      Name                    Value             Type    Location\n      ----                    -----             ----    --------\n   profile                <not set>             None    None\naccess_key     ****************${rng.str('ABCDEFGHIJKLMNOPQRSTUVWXYZ234567', 4)} shared-credentials-file\nsecret_key     ****************${rng.str('ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789', 4)} shared-credentials-file\n    region                ${rng.pick(['us-east-1', 'eu-west-1', 'ap-south-1'])}      config-file    ~/.aws/config`,
    ),
  (rng) =>
    paste(
      `$ aws sts get-caller-identity\n{\n    "UserId": "AIDA${rng.str('ABCDEFGHIJKLMNOPQRSTUVWXYZ234567', 17)}",\n    "Account": "${rng.str('0123456789', 12)}",\n    "Arn": "arn:aws:iam::${rng.str('0123456789', 12)}:user/${rng.pick(['ci-deployer', 'terraform', 'readonly-bot'])}"\n}\n\nso the identity is right, but s3 sync still says AccessDenied (request id ${hex(rng, 16).toUpperCase()}).`,
    ),
);

const ansibleVerboseNoise = idiom(
  'ansible-verbose-noise',
  19,
  (rng) => {
    const host = rng.pick(['web01', 'db-02', '10.0.4.12', 'worker-3']);
    const tmp = `ansible-tmp-${1_700_000_000 + rng.int(0, 90_000_000)}.${rng.int(10, 99)}-${rng.int(1000, 999999)}-${rng.int(10 ** 13, 10 ** 14)}`;
    return paste(
      `<${host}> ESTABLISH SSH CONNECTION FOR USER: ${rng.pick(['ansible', 'ubuntu', 'deploy'])}\n<${host}> SSH: EXEC ssh -C -o ControlMaster=auto -o ControlPersist=60s -o KbdInteractiveAuthentication=no -o PreferredAuthentications=gssapi-with-mic,gssapi-keyex,hostbased,publickey -o PasswordAuthentication=no -o ConnectTimeout=10 -o 'ControlPath="/home/ops/.ansible/cp/${hex(rng, 10)}"' ${host} '/bin/sh -c '"'"'echo ~ && sleep 0'"'"''\n<${host}> (0, b'/home/deploy\\n', b'')\n<${host}> SSH: EXEC ssh -C ${host} '/bin/sh -c '"'"'( umask 77 && mkdir -p "\` echo /home/deploy/.ansible/tmp \`"&& mkdir "\` echo /home/deploy/.ansible/tmp/${tmp} \`" ) && sleep 0'"'"''`,
    );
  },
  (rng) => {
    const host = rng.pick(['db01', 'pg-a', 'mysql-2']);
    return paste(
      `TASK [postgres : set application role password] ********************************\nfatal: [${host}]: FAILED! => {"censored": "the output has been hidden due to the fact that 'no_log: true' was specified for this result", "changed": false}\n\nPLAY RECAP *********************************************************************\n${host}                       : ok=${rng.int(2, 30)}   changed=${rng.int(0, 5)}    unreachable=0    failed=1    skipped=${rng.int(0, 9)}    rescued=0    ignored=0`,
    );
  },
  (rng) =>
    paste(
      `ok: [${rng.pick(['web01', 'app-2'])}] => {\n    "changed": false,\n    "invocation": {\n        "module_args": {\n            "name": "${rng.pick(['nginx', 'redis-server', 'postgresql'])}",\n            "state": "started",\n            "enabled": true,\n            "daemon_reload": false\n        }\n    },\n    "name": "${rng.pick(['nginx', 'redis-server', 'postgresql'])}",\n    "status": {"ActiveState": "active", "MainPID": "${rng.int(300, 90000)}", "ExecMainStartTimestamp": "${isoTime(rng)}"}\n}`,
    ),
);

const goGoroutineDump = idiom(
  'go-goroutine-dump',
  19,
  (rng) =>
    paste(
      `panic: runtime error: invalid memory address or nil pointer dereference\n[signal SIGSEGV: segmentation violation code=0x1 addr=0x${hex(rng, 2)} pc=0x${hex(rng, 7)}]\n\ngoroutine ${rng.int(1, 300)} [running]:\ngithub.com/${rng.pick(ORGS)}/${rng.pick(REPOS)}/internal/store.(*Store).Get(0x0, {0x${hex(rng, 7)}, 0xc000${hex(rng, 6)}}, {0xc000${hex(rng, 6)}, 0x${hex(rng, 2)}})\n\t/build/internal/store/store.go:${rng.int(20, 400)} +0x${hex(rng, 2)}\nmain.main()\n\t/build/cmd/server/main.go:${rng.int(20, 90)} +0x${hex(rng, 3)}\nexit status 2`,
    ),
  (rng) =>
    paste(
      `goroutine ${rng.int(2, 60)} gp=0xc000${hex(rng, 6)} m=nil [GC scavenge wait]:\nruntime.gopark(0xc000${hex(rng, 6)}?, 0x${hex(rng, 6)}?, 0x0?, 0x0?, 0x0?)\n\t/usr/local/go/src/runtime/proc.go:${rng.int(400, 470)} +0xce fp=0xc000${hex(rng, 6)} sp=0xc000${hex(rng, 6)} pc=0x${hex(rng, 6)}\nruntime.bgscavenge(0xc000${hex(rng, 6)})\n\t/usr/local/go/src/runtime/mgcscavenge.go:${rng.int(600, 700)} +0x59 fp=0xc000${hex(rng, 6)} sp=0xc000${hex(rng, 6)} pc=0x${hex(rng, 6)}\ncreated by runtime.gcenable in goroutine 1\n\t/usr/local/go/src/runtime/mgc.go:${rng.int(200, 220)} +0xa5`,
    ),
);

const springHikariStartup = idiom(
  'spring-hikari-startup',
  19,
  (rng) => {
    const pid = rng.int(1000, 60000);
    const t = () => logTime(rng);
    return paste(
      `${t()} DEBUG ${pid} --- [           main] com.zaxxer.hikari.HikariConfig           : HikariPool-1 - configuration:\n${t()} DEBUG ${pid} --- [           main] com.zaxxer.hikari.HikariConfig           : jdbcUrl.........................jdbc:postgresql://${rng.pick(HOSTS)}:5432/${rng.pick(SERVICES)}\n${t()} DEBUG ${pid} --- [           main] com.zaxxer.hikari.HikariConfig           : password........................<masked>\n${t()} DEBUG ${pid} --- [           main] com.zaxxer.hikari.HikariConfig           : username........................"${dbUser(rng)}"\n${t()}  INFO ${pid} --- [           main] com.zaxxer.hikari.HikariDataSource       : HikariPool-1 - Starting...\n${t()} ERROR ${pid} --- [           main] com.zaxxer.hikari.pool.HikariPool        : HikariPool-1 - Exception during pool initialization.\norg.postgresql.util.PSQLException: FATAL: password authentication failed for user "${dbUser(rng)}"`,
    );
  },
  (rng) => {
    const pid = rng.int(1000, 60000);
    return paste(
      `  .   ____          _            __ _ _\n /\\\\ / ___'_ __ _ _(_)_ __  __ _ \\ \\ \\ \\\n( ( )\\___ | '_ | '_| | '_ \\/ _\` | \\ \\ \\ \\\n \\\\/  ___)| |_)| | | | | || (_| |  ) ) ) )\n  '  |____| .__|_| |_|_| |_\\__, | / / / /\n =========|_|==============|___/=/_/_/_/\n :: Spring Boot ::                (v3.${rng.int(0, 5)}.${rng.int(0, 12)})\n\n${logTime(rng)}  INFO ${pid} --- [           main] c.e.${rng.pick(SERVICES)}.Application : Starting Application using Java 2${rng.int(1, 5)} with PID ${pid}\n${logTime(rng)}  INFO ${pid} --- [           main] c.e.${rng.pick(SERVICES)}.Application : The following 1 profile is active: "${rng.pick(['dev', 'docker', 'local'])}"\n${logTime(rng)}  INFO ${pid} --- [           main] o.s.b.w.embedded.tomcat.TomcatWebServer  : Tomcat initialized with port ${rng.int(8000, 9000)} (http)`,
    );
  },
  (rng) =>
    paste(
      `application.yml:\n\nspring:\n  datasource:\n    url: jdbc:postgresql://\${DB_HOST:localhost}:5432/${rng.pick(SERVICES)}\n    username: \${DB_USER}\n    password: \${DB_PASSWORD}\n  jpa:\n    hibernate:\n      ddl-auto: validate\nserver:\n  port: ${rng.int(8000, 9000)}\n\nCaused by: java.lang.IllegalArgumentException: Could not resolve placeholder 'DB_PASSWORD' in value "\${DB_PASSWORD}"`,
    ),
);

const k8sEventsRefs = idiom(
  'k8s-events-refs',
  19,
  (rng) => {
    const svc = rng.pick(SERVICES);
    return paste(
      `Events:\n  Type     Reason       Age                  From               Message\n  ----     ------       ----                 ----               -------\n  Normal   Scheduled    ${rng.int(1, 9)}m                   default-scheduler  Successfully assigned ${rng.pick(['prod', 'staging'])}/${svc}-${hex(rng, 10)}-${hex(rng, 5)} to ip-${privateIp(rng).replace(/\./g, '-')}.ec2.internal\n  Warning  FailedMount  ${rng.int(10, 90)}s (x${rng.int(2, 9)} over ${rng.int(1, 9)}m)  kubelet            MountVolume.SetUp failed for volume "${svc}-tls" : secret "${svc}-webhook-tls" not found\n  Warning  FailedMount  ${rng.int(10, 90)}s                  kubelet            Unable to attach or mount volumes: unmounted volumes=[${svc}-tls], unattached volumes=[kube-api-access-${hex(rng, 5)} ${svc}-tls]: timed out waiting for the condition`,
    );
  },
  (rng) =>
    paste(
      `    Environment:\n      SPRING_PROFILES_ACTIVE:  prod\n      DB_PASSWORD:             <set to the key 'password' in secret '${rng.pick(SERVICES)}-postgres'>  Optional: false\n      API_TOKEN:               <set to the key 'token' in secret '${rng.pick(SERVICES)}-api'>       Optional: false\n    Mounts:\n      /var/run/secrets/kubernetes.io/serviceaccount from kube-api-access-${hex(rng, 5)} (ro)`,
    ),
  (rng) =>
    paste(
      `        env:\n          - name: DATABASE_PASSWORD\n            valueFrom:\n              secretKeyRef:\n                name: ${rng.pick(SERVICES)}-db\n                key: password\n          - name: REPLICAS\n            value: "${rng.int(1, 9)}"\n          - name: IMAGE_DIGEST\n            value: sha256:${hex(rng, 64)}`,
    ),
  (rng) =>
    paste(
      `$ kubectl get secrets -n ${rng.pick(['prod', 'cert-manager', 'monitoring'])}\nNAME                           TYPE                                  DATA   AGE\n${rng.pick(SERVICES)}-webhook-ca         Opaque                                3      ${rng.int(1, 90)}d\ndefault-token-${hex(rng, 5)}            kubernetes.io/service-account-token   3      ${rng.int(1, 400)}d\n${rng.pick(SERVICES)}-tls                  kubernetes.io/tls                     2      ${rng.int(1, 60)}h`,
    ),
);

const nginxLogsClean = idiom(
  'nginx-logs-clean',
  19,
  (rng) => {
    const ip = privateIp(rng);
    const path = rng.pick(['/wp-content/uploads/2025/03/banner.jpg', '/static/js/main.8f2c1a.js', '/favicon.ico', '/api/v1/health', '/manifest.json']);
    return paste(
      `2025/0${rng.int(1, 9)}/1${rng.int(0, 9)} 0${rng.int(0, 9)}:5${rng.int(0, 9)}:5${rng.int(0, 9)} [error] ${rng.int(10, 40000)}#${rng.int(10, 40000)}: *${rng.int(1, 99999)} connect() failed (111: Connection refused) while connecting to upstream, client: ${ip}, server: localhost, request: "GET ${path} HTTP/1.1", upstream: "http://127.0.0.1:${rng.int(3000, 9000)}${path}", host: "${rng.pick(SERVICES)}.internal", referrer: "https://${rng.pick(SERVICES)}.internal/"`,
    );
  },
  (rng) =>
    paste(
      `${privateIp(rng)} - - [0${rng.int(1, 9)}/May/2025:0${rng.int(0, 9)}:1${rng.int(0, 9)}:1${rng.int(0, 9)} +0000] "GET /search?q=${rng.pick(['redis+timeout', 'invoice+pdf', 'dark+mode'])}&page=${rng.int(1, 20)}&utm_source=newsletter HTTP/2.0" 200 ${rng.int(500, 90000)} "-" "Mozilla/5.0 (X11; Linux x86_64; rv:12${rng.int(0, 9)}.0) Gecko/20100101 Firefox/12${rng.int(0, 9)}.0" "${rid(rng)}"`,
    ),
  (rng) =>
    paste(
      `HTTP/1.1 304 Not Modified\nServer: nginx/1.2${rng.int(0, 7)}.${rng.int(0, 3)}\nDate: Thu, 1${rng.int(0, 9)} Apr 2025 1${rng.int(0, 9)}:0${rng.int(0, 9)}:00 GMT\nETag: "${hex(rng, 8)}-${hex(rng, 4)}"\nX-Cache-Key: v${rng.int(1, 4)}-assets-${hex(rng, 40)}\nX-Request-Id: ${hex(rng, 32)}\nCache-Control: public, max-age=31536000, immutable`,
    ),
);

const postgresAuthFailures = idiom(
  'postgres-auth-failures',
  19,
  (rng) => {
    const u = dbUser(rng);
    const pid = rng.int(100, 99999);
    return paste(
      `${logTime(rng)} UTC [${pid}]: [${hex(rng, 8)}.${hex(rng, 3)}-1] [unknown]@[unknown],app=[unknown] [00000] LOG:  connection received: host=${privateIp(rng)} port=${rng.int(1024, 65535)}\n${logTime(rng)} UTC [${pid}]: [${hex(rng, 8)}.${hex(rng, 3)}-2] ${u}@${u},app=[unknown] [28P01] FATAL:  password authentication failed for user "${u}"\n${logTime(rng)} UTC [${pid}]: [${hex(rng, 8)}.${hex(rng, 3)}-3] ${u}@${u},app=[unknown] [28P01] DETAIL:  Password does not match for user "${u}".\n        Connection matched pg_hba.conf line ${rng.int(80, 120)}: "hostssl   all             all                all                scram-sha-256"`,
    );
  },
  (rng) =>
    paste(
      `${logTime(rng)} UTC [${rng.int(100, 99999)}] LOG:  duration: ${rng.int(0, 900)}.${rng.int(100, 999)} ms  statement: SELECT id, status, updated_at FROM jobs WHERE status = 'queued' ORDER BY priority DESC LIMIT ${rng.int(10, 500)}\n${logTime(rng)} UTC [${rng.int(100, 99999)}] LOG:  checkpoint complete: wrote ${rng.int(10, 9000)} buffers (${rng.int(0, 9)}.${rng.int(0, 9)}%); 0 WAL file(s) added, 0 removed, ${rng.int(0, 5)} recycled; write=${rng.int(1, 300)}.${rng.int(100, 999)} s, sync=0.0${rng.int(10, 99)} s, total=${rng.int(1, 300)}.${rng.int(100, 999)} s; lsn=${hex(rng, 1).toUpperCase()}/${hex(rng, 8).toUpperCase()}`,
    ),
  (rng) =>
    paste(
      `psql: error: connection to server at "${rng.pick(HOSTS)}" (${privateIp(rng)}), port 5432 failed: FATAL:  no pg_hba.conf entry for host "${privateIp(rng)}", user "${dbUser(rng)}", database "${rng.pick(SERVICES)}", SSL off\n\npg_hba.conf:\nlocal   all             postgres                                peer\nhost    all             all             127.0.0.1/32            scram-sha-256\nhost    all             all             ::1/128                 scram-sha-256`,
    ),
);

const httpDebugRedacted = idiom(
  'http-debug-redacted',
  19,
  (rng) => {
    const zone = hex(rng, 32);
    return paste(
      `${isoTime(rng)} [DEBUG] cloudflare\nGET /client/v4/zones/${zone}/dns_records?per_page=${rng.pick([50, 100])} HTTP/1.1\nHost: api.cloudflare.com\nUser-Agent: terraform/1.${rng.int(5, 10)}.${rng.int(0, 9)} terraform-plugin-sdk/2.${rng.int(10, 34)}.0 terraform-provider-cloudflare/4.${rng.int(0, 50)}.0\nContent-Type: application/json\nX-Auth-Email: [redacted]\nX-Auth-Key: [redacted]\nAccept-Encoding: gzip\n\nHTTP/1.1 200 OK\nCf-Ray: ${hex(rng, 16)}-${rng.pick(['SYD', 'FRA', 'IAD', 'LHR'])}\nCf-Cache-Status: DYNAMIC`,
    );
  },
  (rng) =>
    paste(
      `${isoTime(rng)} ${isoTime(rng).slice(0, 10).replace(/-/g, '/')} GET /spaces/${uuid(rng)} HTTP/1.1\n${isoTime(rng)} Host: api.${rng.pick(['heroku.com', 'fastly.com', 'example-cloud.io'])}\n${isoTime(rng)} Accept: application/vnd.heroku+json; version=3\n${isoTime(rng)} Authorization: (redacted)\n${isoTime(rng)} Request-Id: ${uuid(rng)}\n${isoTime(rng)} HTTP/2.0 200 OK\n${isoTime(rng)} Etag: "${hex(rng, 32)}"`,
    ),
  (rng) =>
    paste(
      `send: b'GET /v1/${rng.pick(['invoices', 'customers', 'charges'])}?limit=${rng.int(1, 100)} HTTP/1.1\\r\\nHost: api.example-pay.com\\r\\nUser-Agent: python-requests/2.${rng.int(25, 32)}.${rng.int(0, 3)}\\r\\nAuthorization: Bearer <redacted>\\r\\nIdempotency-Key: ${uuid(rng)}\\r\\n\\r\\n'\nreply: 'HTTP/1.1 500 Internal Server Error\\r\\n'\nheader: Request-Id: req_${hex(rng, 14)}\nheader: traceparent: 00-${hex(rng, 32)}-${hex(rng, 16)}-01`,
    ),
  (rng) =>
    paste(
      `---[ REQUEST ]---------------------------------------\nPOST /service/${hex(rng, 22)}/version/${rng.int(1, 90)}/activate HTTP/1.1\nHost: api.fastly.com\nUser-Agent: Terraform/1.${rng.int(5, 10)}.${rng.int(0, 9)}\nFastly-Key: REDACTED\nAccept-Encoding: gzip\n-----------------------------------------------------`,
    ),
);

const ciLogMasked = idiom(
  'ci-log-masked',
  19,
  (rng) =>
    paste(
      `${isoTime(rng)} ##[group]Run docker/login-action@${gitSha(rng)}\n${isoTime(rng)} with:\n${isoTime(rng)}   registry: ghcr.io\n${isoTime(rng)}   username: ${rng.pick(ORGS)}\n${isoTime(rng)}   password: ***\n${isoTime(rng)}   logout: true\n${isoTime(rng)} ##[endgroup]\n${isoTime(rng)} Logging into ghcr.io...\n${isoTime(rng)} ##[error]Error response from daemon: Get "https://ghcr.io/v2/": denied: denied`,
    ),
  (rng) =>
    paste(
      `steps:\n  - uses: actions/checkout@${gitSha(rng)} # v4.${rng.int(1, 3)}.${rng.int(0, 9)}\n  - id: token\n    run: |\n      echo "::add-mask::$DEPLOY_TOKEN"\n      echo "token=$DEPLOY_TOKEN" >> "$GITHUB_OUTPUT"\n    env:\n      DEPLOY_TOKEN: \${{ secrets.DEPLOY_TOKEN }}\n  - uses: actions/cache@${gitSha(rng)}\n    with:\n      key: \${{ runner.os }}-pnpm-\${{ hashFiles('**/pnpm-lock.yaml') }}`,
    ),
  (rng) =>
    paste(
      `${isoTime(rng)} Cache restored from key: Linux-node-modules-${hex(rng, 64)}\n${isoTime(rng)} GITHUB_SHA=${gitSha(rng)}\n${isoTime(rng)} GITHUB_RUN_ID=${rng.int(10 ** 9, 10 ** 10)}\n${isoTime(rng)} NPM_TOKEN: ***\n${isoTime(rng)} > ${rng.pick(REPOS)}@${semver(rng)} build\n${isoTime(rng)} Process completed with exit code 0.`,
    ),
);

const composeWarnings = idiom(
  'compose-warnings',
  19,
  (rng) => {
    const vars = rng.pick([
      ['OPENAI_API_KEY', 'ANTHROPIC_API_KEY', 'GROQ_API_KEY'],
      ['REDIS_PASSWORD', 'SENTRY_DSN', 'SMTP_PASSWORD'],
      ['STRIPE_SECRET_KEY', 'JWT_SECRET', 'S3_SECRET_ACCESS_KEY'],
    ]);
    return paste(
      `${vars.map((v) => `WARNING: The ${v} variable is not set. Defaulting to a blank string.`).join('\n')}\nERROR: Invalid interpolation format for "environment" option in service "${rng.pick(SERVICES)}": "${rng.pick(['LOG_LEVEL', 'FEATURE_FLAGS', 'REGION'])}=\${${rng.pick(['LOG_LEVEL', 'FEATURE_FLAGS', 'REGION'])}:-}"\n\n$ docker-compose --version\ndocker-compose version 1.${rng.int(17, 29)}.${rng.int(0, 3)}, build unknown`,
    );
  },
  (rng) =>
    paste(
      `invalid interpolation format for services.${rng.pick(SERVICES)}.environment.${rng.pick(['MYSQL_ROOT_PASSWORD', 'POSTGRES_PASSWORD', 'ADMIN_TOKEN'])}.\nYou may need to escape any $ with another $.\nrequired variable ${rng.pick(['DB_ROOT_PASSWORD', 'PG_PASSWORD', 'ADMIN_TOKEN'])} is missing a value: set it in .env\n\nservices:\n  db:\n    image: ${rng.pick(['mariadb:10.11', 'postgres:16-alpine', 'mysql:8.4'])}\n    environment:\n      MYSQL_ROOT_PASSWORD: \${DB_ROOT_PASSWORD:?set it in .env}\n      MYSQL_PASSWORD_FILE: /run/secrets/db_password\n    secrets:\n      - db_password`,
    ),
);

const hashesDigestsIds = idiom(
  'hashes-digests-ids',
  19,
  (rng) =>
    paste(
      `"node_modules/${rng.pick(['lodash', 'semver', 'picomatch', 'debug'])}": {\n  "version": "${semver(rng)}",\n  "resolved": "https://registry.npmjs.org/${rng.pick(['lodash', 'semver', 'picomatch', 'debug'])}/-/${rng.pick(['lodash', 'semver'])}-${semver(rng)}.tgz",\n  "integrity": "sha512-${b64(Buffer.from(hex(rng, 128), 'hex'))}",\n  "license": "MIT"\n}`,
    ),
  (rng) =>
    paste(
      `$ docker images --digests\nREPOSITORY                     TAG       DIGEST                                                                    IMAGE ID       CREATED\nghcr.io/${rng.pick(ORGS)}/${rng.pick(REPOS)}   ${semver(rng)}   sha256:${hex(rng, 64)}   ${hex(rng, 12)}   ${rng.int(2, 9)} days ago\n\n$ sha256sum dist/${rng.pick(REPOS)}-linux-amd64.tar.gz\n${hex(rng, 64)}  dist/${rng.pick(REPOS)}-linux-amd64.tar.gz`,
    ),
  (rng) =>
    paste(
      `$ git log --oneline -3\n${gitSha(rng).slice(0, 7)} (HEAD -> main, origin/main) Bump ${rng.pick(['axios', 'pydantic', 'tokio'])} from ${semver(rng)} to ${semver(rng)}\n${gitSha(rng).slice(0, 7)} Merge pull request #${rng.int(100, 9999)} from ${rng.pick(ORGS)}/fix/retry-budget\n${gitSha(rng).slice(0, 7)} ci: pin actions to commit SHAs\n\nSentry event ${hex(rng, 32)}, trace ${hex(rng, 32)}, span ${hex(rng, 16)}`,
    ),
  (rng) =>
    paste(
      `Build #${rng.int(100, 99999)} (${semver(rng)}+build.${rng.int(100, 9999)}) — artifact ${rng.pick(REPOS)}-${semver(rng)}.zip, md5 ${hex(rng, 32)}, sha1 ${hex(rng, 40)}; request ${rid(rng)}; job id ${rng.int(10 ** 8, 10 ** 9)}`,
    ),
);

export const LOG_NEGATIVE_CATEGORIES: readonly PasteCategory[] = [
  railsLogFiltered,
  awsDebugNoise,
  ansibleVerboseNoise,
  goGoroutineDump,
  springHikariStartup,
  k8sEventsRefs,
  nginxLogsClean,
  postgresAuthFailures,
  httpDebugRedacted,
  ciLogMasked,
  composeWarnings,
  hashesDigestsIds,
];
