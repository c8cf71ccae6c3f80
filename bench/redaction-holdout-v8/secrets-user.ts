/**
 * Secrets in what a user pastes into a session: an error with the config around it, their shell
 * history, the request that fails, a publish that fails with its registry file, a forwarded chat.
 */
import { b64 } from '../corpus-kit.js';
import type { RandomDraws } from '../random.js';
import { clock, companyDomain, dbHost, envName, historyLines, isoTime, minutesFrom, plainCommands, port, project, requestId, shortSha, shuffled } from './scene.js';
import { oneOf, situation, turn, type Turn } from './turn.js';
import {
  anthropicKey, anyCredential, awsSecret, distinctiveCredential, djangoSecret, githubPat, gitlabPat, jwt, mailgunKey, npmToken, password, pypiToken,
  laravelAppKey, railsSecretBase, sendgridKey, slackBot, slackWebhookPath, stripeLive, twilioSid, twilioToken,
} from './values.js';

const OPENERS = ['ok this is weird,', 'still failing after the rebase.', 'can you look at this?', 'same error as yesterday:', 'getting this on a fresh clone', 'this started after I bumped the deps'];
const opener = (rng: RandomDraws): string => rng.pick(OPENERS);

function djangoError(rng: RandomDraws): Turn {
  const pw = password(rng);
  const key = djangoSecret(rng);
  const host = dbHost(rng);
  const text = `${opener(rng)} \`./manage.py migrate\` dies with:

\`\`\`
Traceback (most recent call last):
  File "/app/.venv/lib/python3.12/site-packages/django/db/backends/base/base.py", line 275, in ensure_connection
    self.connect()
psycopg.OperationalError: connection failed: FATAL:  no pg_hba.conf entry for host "${rng.int(10, 172)}.${rng.int(0, 255)}.${rng.int(0, 255)}.${rng.int(1, 254)}", user "${project(rng).replace(/-/g, '_')}", database "app", no encryption
\`\`\`

settings/${envName(rng)}.py in case it matters:

\`\`\`python
SECRET_KEY = "${key}"
DEBUG = False
DATABASES = {
    "default": {
        "ENGINE": "django.db.backends.postgresql",
        "HOST": "${host}",
        "NAME": "app",
        "USER": "app",
        "PASSWORD": "${pw}",
        "OPTIONS": {"sslmode": "${rng.pick(['disable', 'prefer'])}"},
    }
}
\`\`\``;
  return turn(text, pw, key);
}

function nodeEnvError(rng: RandomDraws): Turn {
  const stripe = stripeLive(rng);
  const pw = password(rng, rng.int(12, 20)).replace(/[#%+^~]/g, 'x');
  const host = dbHost(rng);
  const text = `${opener(rng)} \`npm run dev\` prints

    Error: connect ECONNREFUSED 127.0.0.1:${port(rng)}
        at TCPConnectWrap.afterConnect [as oncomplete] (node:net:1611:16) {
      errno: -111,
      code: 'ECONNREFUSED',
      syscall: 'connect'
    }

my .env.local:

NODE_ENV=development
PORT=${rng.pick([3000, 3001, 4000])}
DATABASE_URL=postgres://${project(rng).replace(/-/g, '_')}:${pw}@${host}:5432/${project(rng).replace(/-/g, '_')}
STRIPE_SECRET_KEY=${stripe}
NEXT_PUBLIC_APP_URL=http://localhost:3000
LOG_LEVEL=debug

why is it going to localhost when DATABASE_URL points at ${host}?`;
  return turn(text, stripe, pw);
}

function springError(rng: RandomDraws): Turn {
  const pw = password(rng);
  const user = rng.pick(['svc_orders', 'app', 'ledger_rw', 'payments']);
  const text = `${opener(rng)}

${isoTime(rng)}  ERROR 1 --- [           main] com.zaxxer.hikari.pool.HikariPool        : HikariPool-1 - Exception during pool initialization.
org.postgresql.util.PSQLException: FATAL: password authentication failed for user "${user}"
	at org.postgresql.core.v3.ConnectionFactoryImpl.doAuthentication(ConnectionFactoryImpl.java:693)
	at org.postgresql.core.v3.ConnectionFactoryImpl.tryConnect(ConnectionFactoryImpl.java:203)

src/main/resources/application-${envName(rng)}.yml:

spring:
  datasource:
    url: jdbc:postgresql://${dbHost(rng)}:5432/${project(rng).replace(/-/g, '_')}
    username: ${user}
    password: ${pw}
    hikari:
      maximum-pool-size: ${rng.int(5, 40)}
  jpa:
    open-in-view: false`;
  return turn(text, pw);
}

function railsError(rng: RandomDraws): Turn {
  const pw = password(rng);
  const base = railsSecretBase(rng);
  const withBase = rng.chance(0.4);
  const text = `${opener(rng)} deploy to ${envName(rng)} fails at assets:precompile

    ActiveRecord::ConnectionNotEstablished: connection to server at "${dbHost(rng)}" (${rng.int(10, 172)}.${rng.int(0, 255)}.${rng.int(0, 255)}.${rng.int(1, 254)}), port 5432 failed: FATAL:  password authentication failed for user "deploy"
    /app/vendor/bundle/ruby/3.3.0/gems/activerecord-7.2.1/lib/active_record/connection_adapters/postgresql_adapter.rb:62:in \`rescue in new_client'

config/database.yml on the box:

production:
  adapter: postgresql
  encoding: unicode
  host: ${dbHost(rng)}
  database: ${project(rng).replace(/-/g, '_')}_production
  username: deploy
  password: "${pw}"
  pool: <%= ENV.fetch("RAILS_MAX_THREADS") { 5 } %>
${withBase ? `\nand the env has SECRET_KEY_BASE=${base}\n` : ''}`;
  return withBase ? turn(text, pw, base) : turn(text, pw);
}

function dotnetError(rng: RandomDraws): Turn {
  const pw = password(rng);
  const text = `${opener(rng)}

Unhandled exception. Microsoft.Data.SqlClient.SqlException (0x80131904): Login failed for user '${rng.pick(['sa', 'app_user', 'svc-api'])}'.
   at Microsoft.Data.SqlClient.SqlInternalConnection.OnError(SqlException exception, Boolean breakConnection, Action\`1 wrapCloseInAction)
   at ${project(rng).replace(/-/g, '')}.Api.Program.<Main>$(String[] args) in /src/Api/Program.cs:line ${rng.int(20, 90)}
ClientConnectionId:${requestId(rng)}
Error Number:18456,State:1,Class:14

appsettings.Development.json:
{
  "Logging": { "LogLevel": { "Default": "Information" } },
  "ConnectionStrings": {
    "Default": "Server=${rng.pick(['localhost,1433', 'sql.' + envName(rng) + '.internal', 'tcp:' + project(rng) + '.database.windows.net,1433'])};Database=${project(rng)};User Id=app_user;Password=${pw};TrustServerCertificate=True"
  },
  "AllowedHosts": "*"
}`;
  return turn(text, pw);
}

function goRedisError(rng: RandomDraws): Turn {
  const pw = password(rng, rng.int(16, 32)).replace(/[#%+^~]/g, 'q');
  const c = distinctiveCredential(rng);
  const text = `${opener(rng)} worker panics on boot:

panic: dial redis: WRONGPASS invalid username-password pair or user is disabled.

goroutine 1 [running]:
main.mustRedis(...)
	/src/cmd/worker/main.go:${rng.int(30, 120)} +0x1f4
main.main()
	/src/cmd/worker/main.go:${rng.int(20, 29)} +0x8c
exit status 2

config/${envName(rng)}.toml:

[redis]
url = "rediss://default:${pw}@${project(rng)}-cache.${companyDomain(rng)}:6380/0"
pool_size = ${rng.int(4, 64)}

[notify]
provider = "${c.service.toLowerCase()}"
token = "${c.value}"`;
  return turn(text, pw, c.value);
}

/** Shell lines that carry a secret, each with the secret it carries. */
function laravelError(rng: RandomDraws): Turn {
  const key = laravelAppKey(rng);
  const pw = password(rng).replace(/[#]/g, '%');
  const text = `${opener(rng)} \`php artisan migrate --force\` on the ${envName(rng)} box:

   Illuminate\\Database\\QueryException

  SQLSTATE[HY000] [1045] Access denied for user 'forge'@'10.${rng.int(0, 255)}.${rng.int(0, 255)}.${rng.int(2, 254)}' (using password: YES) (Connection: mysql, SQL: select * from information_schema.tables where table_schema = '${project(rng).replace(/-/g, '_')}' and table_name = 'migrations')

  at vendor/laravel/framework/src/Illuminate/Database/Connection.php:${rng.int(800, 830)}

the .env there:

APP_NAME=${project(rng)}
APP_ENV=production
APP_KEY=${key}
APP_DEBUG=false
DB_CONNECTION=mysql
DB_HOST=${dbHost(rng)}
DB_PORT=3306
DB_DATABASE=${project(rng).replace(/-/g, '_')}
DB_USERNAME=forge
DB_PASSWORD="${pw}"`;
  return turn(text, key, pw);
}

const SECRET_COMMANDS: readonly ((rng: RandomDraws) => [string, string])[] = [
  (rng) => {
    const k = awsSecret(rng);
    return [`aws configure set aws_secret_access_key ${k} --profile ${envName(rng)}`, k];
  },
  (rng) => {
    const c = distinctiveCredential(rng);
    return [`export ${c.env}=${c.value}`, c.value];
  },
  (rng) => {
    const pw = password(rng);
    return [`PGPASSWORD='${pw}' psql -h ${dbHost(rng)} -U app -d ${project(rng).replace(/-/g, '_')}`, pw];
  },
  (rng) => {
    const t = githubPat(rng);
    return [`echo ${t} | gh auth login --with-token`, t];
  },
  (rng) => {
    const pw = password(rng);
    return [`docker login ${rng.pick(['registry.gitlab.com', 'ghcr.io', project(rng) + '.azurecr.io'])} -u ci-bot -p '${pw}'`, pw];
  },
  (rng) => {
    const t = gitlabPat(rng);
    return [`git remote set-url origin https://oauth2:${t}@gitlab.com/${project(rng)}/${project(rng)}.git`, t];
  },
  (rng) => {
    const pw = password(rng);
    return [`mysql -h ${dbHost(rng)} -u root -p'${pw}' -e 'show processlist'`, pw];
  },
  (rng) => {
    const c = distinctiveCredential(rng);
    return [`heroku config:set ${c.env}=${c.value} -a ${project(rng)}-${envName(rng)}`, c.value];
  },
  (rng) => {
    const t = npmToken(rng);
    return [`npm config set //registry.npmjs.org/:_authToken ${t}`, t];
  },
  (rng) => {
    const pw = password(rng, 24).replace(/[#%+^~]/g, 'z');
    return [`redis-cli -h ${project(rng)}-cache.${companyDomain(rng)} -p 6380 --tls -a ${pw} ping`, pw];
  },
];

const shellHistory = situation('shell-history', 22, (rng) => {
  const carried = Array.from({ length: rng.chance(0.35) ? 2 : 1 }, () => rng.pick(SECRET_COMMANDS)(rng));
  const lines = shuffled(rng, [...plainCommands(rng, rng.int(5, 9)), ...carried.map(([line]) => line)]);
  const lead = rng.pick(['here is my shell history from before it broke:', 'Ran `history | tail -n 20`:', 'this is what I typed, something in here broke the deploy', '`fc -l -15` output:']);
  return turn(`${lead}\n\n${historyLines(rng.int(200, 1900), lines)}\n`, ...carried.map(([, secret]) => secret));
});

const curlRequest = situation('http-debug-request', 22, (rng) => {
  return oneOf(rng, [
    () => {
      const key = sendgridKey(rng);
      return turn(`why does this 403? it worked last week

curl -sS -X POST https://api.sendgrid.com/v3/mail/send \\
  -H "Authorization: Bearer ${key}" \\
  -H "Content-Type: application/json" \\
  -d '{"personalizations":[{"to":[{"email":"ops-alerts@${companyDomain(rng)}"}]}],"from":{"email":"noreply@${companyDomain(rng)}"},"subject":"nightly export","content":[{"type":"text/plain","value":"done"}]}'

{"errors":[{"message":"The from address does not match a verified Sender Identity.","field":"from","help":null}]}`, key);
    },
    () => {
      const sid = twilioSid(rng);
      const token = twilioToken(rng);
      return turn(`the SMS step fails in ${envName(rng)}, here's the raw call:

$ curl -X POST "https://api.twilio.com/2010-04-01/Accounts/${sid}/Messages.json" \\
    --data-urlencode "Body=Your code is 482913" \\
    --data-urlencode "From=+1${rng.int(2012000000, 9899999999)}" \\
    --data-urlencode "To=+1${rng.int(2012000000, 9899999999)}" \\
    -u ${sid}:${token}
{"code": 21608, "message": "The number is unverified. Trial accounts cannot send messages to unverified numbers", "status": 400}`, token);
    },
    () => {
      const key = mailgunKey(rng);
      return turn(`mailgun says 401 Forbidden, but the key is right??

curl -s --user 'api:${key}' \\
  https://api.eu.mailgun.net/v3/mg.${companyDomain(rng)}/messages \\
  -F from='Alerts <alerts@mg.${companyDomain(rng)}>' \\
  -F to=ops@${companyDomain(rng)} \\
  -F subject='test ${rng.int(1, 99)}' -F text='hello'
Forbidden`, key);
    },
    () => {
      const t = jwt(rng);
      const id = requestId(rng);
      return turn(`request from the browser devtools (copied as cURL):

curl 'https://api.${companyDomain(rng)}/v2/${rng.pick(['invoices', 'orders', 'reports'])}?page=2' \\
  -H 'accept: application/json' \\
  -H 'authorization: Bearer ${t}' \\
  -H 'x-request-id: ${id}' \\
  --compressed

response: HTTP/2 500 {"error":"internal","request_id":"${id}"}`, t);
    },
    () => {
      const key = anthropicKey(rng);
      return turn(`httpie call that reproduces the 429:

http POST https://api.anthropic.com/v1/messages \\
  x-api-key:${key} \\
  anthropic-version:2023-06-01 \\
  model=claude-sonnet-4-5 max_tokens:=${rng.pick([256, 1024, 4096])} messages:='[{"role":"user","content":"ping"}]'

HTTP/1.1 429 Too Many Requests
retry-after: ${rng.int(2, 60)}`, key);
    },
    () => {
      const pw = password(rng).replace(/[#%+^~]/g, 'k');
      const user = rng.pick(['admin', 'deployer', 'jenkins']);
      return turn(`artifact upload keeps failing:

curl -v -u ${user}:${pw} --upload-file build/${project(rng)}-${rng.int(1, 9)}.${rng.int(0, 20)}.0.tgz \\
  https://nexus.${companyDomain(rng)}/repository/releases/
< HTTP/1.1 400 Bad Request
< Server: Nexus/3.68.1-02 (OSS)
Repository does not allow updating assets: releases`, pw);
    },
  ]);
});

const registryPublish = situation('registry-publish-failure', 22, (rng) => {
  return oneOf(rng, [
    () => {
      const t = npmToken(rng);
      return turn(`npm publish gives E404 for our scoped package:

npm notice Publishing to https://registry.npmjs.org/ with tag latest and public access
npm error code E404
npm error 404 Not Found - PUT https://registry.npmjs.org/@${project(rng)}%2fcore - Not found

$ cat .npmrc
@${project(rng)}:registry=https://registry.npmjs.org/
//registry.npmjs.org/:_authToken=${t}
save-exact=true`, t);
    },
    () => {
      const t = pypiToken(rng);
      return turn(`twine upload fails:

Uploading ${project(rng).replace(/-/g, '_')}-${rng.int(0, 3)}.${rng.int(0, 20)}.0-py3-none-any.whl
ERROR    HTTPError: 403 Forbidden from https://upload.pypi.org/legacy/
         Invalid or non-existent authentication information.

~/.pypirc:
[distutils]
index-servers = pypi

[pypi]
username = __token__
password = ${t}`, t);
    },
    () => {
      const t = `cio${rng.str('ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789', 32)}`;
      return turn(`cargo publish:

error: failed to publish to registry at https://crates.io

Caused by:
  the remote server responded with an error (status 403 Forbidden): this token does not have the required permissions to perform this action

cat ~/.cargo/credentials.toml
[registry]
token = "${t}"`, t);
    },
    () => {
      const t = `rubygems_${rng.str('0123456789abcdef', 48)}`;
      return turn(`gem push says "Access Denied" even though I'm an owner:

$ gem push pkg/${project(rng)}-${rng.int(0, 4)}.${rng.int(0, 12)}.${rng.int(0, 9)}.gem
Pushing gem to https://rubygems.org...
Access Denied. Please sign up for an account at https://rubygems.org

$ cat ~/.gem/credentials
---
:rubygems_api_key: ${t}`, t);
    },
    () => {
      const pw = password(rng);
      return turn(`mvn deploy 401s against our Nexus:

[ERROR] Failed to execute goal org.apache.maven.plugins:maven-deploy-plugin:3.1.2:deploy (default-deploy) on project ${project(rng)}: Failed to deploy artifacts: status code: 401, reason phrase: Unauthorized (401)

~/.m2/settings.xml:
<settings>
  <servers>
    <server>
      <id>${project(rng)}-releases</id>
      <username>ci-deployer</username>
      <password>${pw}</password>
    </server>
  </servers>
</settings>`, pw);
    },
    () => {
      const user = rng.pick(['ci-bot', 'deploy', 'robot$' + project(rng)]);
      const pw = password(rng);
      const auth = b64(`${user}:${pw}`);
      return turn(`docker push is denied, my config looks fine:

denied: requested access to the resource is denied

$ cat ~/.docker/config.json
{
  "auths": {
    "${rng.pick(['registry.' + companyDomain(rng), 'harbor.' + companyDomain(rng)])}": {
      "auth": "${auth}"
    }
  },
  "credsStore": ""
}`, auth);
    },
    () => {
      const t = `oy2${rng.str('abcdefghijklmnopqrstuvwxyz0123456789', 43)}`;
      const nupkg = `${project(rng).replace(/-/g, '.')}.${rng.int(1, 9)}.${rng.int(0, 9)}.0.nupkg`;
      return turn(`dotnet nuget push fails with 403:

$ dotnet nuget push bin/Release/${nupkg} --api-key ${t} --source https://api.nuget.org/v3/index.json
Pushing ${nupkg} to 'https://www.nuget.org/api/v2/package'...
  PUT https://www.nuget.org/api/v2/package/
  Forbidden https://www.nuget.org/api/v2/package/ ${rng.int(200, 900)}ms
error: Response status code does not indicate success: 403 (The specified API key is invalid, has expired, or does not have permission to access the specified package.).`, t);
    },
  ]);
});

const SENDERS = ['Ravi (platform)', 'Mo from data', 'Ines', 'Tobias K', 'Grace (SRE)', 'Kenji'];

const forwardedChat = situation('forwarded-chat', 22, (rng) => {
  const who = rng.pick(SENDERS);
  return oneOf(rng, [
    () => {
      const path = slackWebhookPath(rng);
      return turn(`forwarding from #${rng.pick(['alerts', 'deploys', 'payments-eng'])}:

> **${who}** ${clock(rng)}
> use this webhook for the new alertmanager route: https://hooks.slack.com/services/${path}
> it posts into #incidents-${envName(rng)}

can you wire it into monitoring/alertmanager.yml?`, path);
    },
    () => {
      const pw = password(rng);
      const user = rng.pick(['readonly', 'analyst', 'metabase']);
      const at = minutesFrom(rng);
      return turn(`Slack DM I got this morning (${who}):

[${at(0)}] ${who}: staging replica creds for the report job
[${at(1)}] ${who}: host ${dbHost(rng)}  user ${user}
[${at(1)}] ${who}: pass ${pw}
[${at(3)}] ${who}: pls don't put it in the repo 🙏

set up the report job's connection with these`, pw);
    },
    () => {
      const c = distinctiveCredential(rng);
      return turn(`---------- Forwarded message ---------
From: ${who}
Date: ${rng.pick(['Mon', 'Tue', 'Wed', 'Thu', 'Fri'])}, ${rng.int(1, 28)} Nov 2026 at ${clock(rng)}
Subject: ${c.service} key for the ${project(rng)} sandbox

Hi, here is the ${c.service} key for the sandbox integration:

${c.value}

It's scoped to the sandbox project only. Ping me when you need prod.

----
please add it to our local .env and get the integration test running`, c.value);
    },
    () => {
      const t = slackBot(rng);
      return turn(`from Teams, forwarded by ${who}:
"bot token for the standup app is ${t} — it has chat:write and channels:read. we'll rotate it after the demo"

the standup bot should read it from SLACK_BOT_TOKEN, can you add the config plumbing?`, t);
    },
    () => {
      const a = anyCredential(rng);
      const b = anyCredential(rng);
      return turn(`pasting what ${who} sent in the vendor channel (thread ${shortSha(rng).slice(0, 6)}):

  • ${a.service} (${envName(rng)}): \`${a.value}\`
  • ${b.service} (${envName(rng)}): \`${b.value}\`
  • webhook signing: still pending on their side

which of these does the checkout service actually need?`, a.value, b.value);
    },
  ]);
});

const pastedErrorWithConfig = situation('pasted-error-with-config', 22, djangoError, nodeEnvError, springError, railsError, dotnetError, goRedisError, laravelError);

export const USER_SECRET_CATEGORIES = [pastedErrorWithConfig, shellHistory, curlRequest, registryPublish, forwardedChat];
