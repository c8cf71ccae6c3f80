/**
 * Family `generic`: Bundler's credentials for a gem server, kept as a setting named after the host
 * (`bundle config set --global gems.example.com <token>`, `… <user>:<password>`; the environment's
 * `BUNDLE_GEMS__EXAMPLE__COM`, the config file's `BUNDLE_GEMS__EXAMPLE__COM: "…"`). Bundler
 * prints them in `bundle config` and `bundle config get <host>` as `Set via BUNDLE_…: "<value>"`
 * or `Set for the current user (<file>): "<value>"` under the setting's name. A value of a host's
 * setting is the credential whatever its shape; with a user before a colon, the part after it.
 * Settings that are not a host's stay (`jobs`, `path`, `mirror.https://…`, `build.nokogiri`, `local.rack`).
 */
import type { Rule, Span } from '../types.js';
import { sensitiveValue } from './assignment.js';
import { placedSecret } from './placed-secret.js';

/** A printed setting's line: its name from the environment or the config file, or its file's description. */
const SETTING_LINE = /^(?:Set via BUNDLE_(?<env>[\w:/.-]{1,200})|BUNDLE_(?<file>[\w:/.-]{1,200})|Set for [a-z ]{3,40} \([^()\r\n]{0,500}\)):[ \t]*"(?<value>[^"\r\n]{1,1000})"[ \t]*\r?$/gm;
/** `BUNDLE_<HOST>=<value>` in a shell's assignment or environment listing. */
const ASSIGNMENT = /(?:^|[\s;&|(])(?:export[ \t]+)?BUNDLE_(?<name>[\w:/.-]{1,200})=(?<value>'[^'\r\n]{1,1000}'|"[^"\r\n]{1,1000}"|[^\s'";&|]{1,1000})/gm;
/** `bundle config [set] [--global|--local] <host> <value>` typed (Bundler before 2.1 took no `set`). */
const SET_COMMAND = /\bbundle[ \t]+config(?:[ \t]+set)?(?:[ \t]+--(?:global|local))*[ \t]+(?<name>[\w:/.-]{1,300})[ \t]+(?<value>'[^'\r\n]{1,1000}'|"[^"\r\n]{1,1000}"|[^\s'";&|]{1,1000})(?=[ \t]*(?:\r?$|[;&|]))/gm;
/** What names a setting above its printed values: `Settings for \`host\` …` or the name alone on its line. */
const NAME_ABOVE = /^(?:Settings for `([^`\r\n]{1,300})`.*|([\w.:/-]{1,300}))\r?$/;
/** Bundler's settings with dots in their names that are not a host's. */
const NOT_A_HOST = /^(?:mirror|build|local|disable_[a-z_]+)\./;

/** The setting's name from an environment variable's (`GEMS__EXAMPLE__COM` is `gems.example.com`, `___` is `-`). */
function settingOf(variable: string): string {
  return variable.toLowerCase().replace(/___/g, '-').replace(/__/g, '.');
}

function namesAHost(setting: string): boolean {
  const host = setting.replace(/^https?:\/\//, '').replace(/\/.*$/, '');
  return /^[a-z0-9-]+(?:\.[a-z0-9-]+)*\.[a-z]{2,24}$/.test(host) && !NOT_A_HOST.test(setting);
}

/** The name of the setting whose values start at `at`: found on a line above the value lines. */
function settingAbove(text: string, at: number): string | undefined {
  let end = at - 1;
  for (let lines = 0; lines < 6 && end > 0; lines++) {
    const start = text.lastIndexOf('\n', end - 1) + 1;
    const line = text.slice(start, end);
    if (!line.startsWith('Set ')) {
      const named = NAME_ABOVE.exec(line);
      return named ? (named[1] ?? named[2]) : undefined;
    }
    end = start - 1;
  }
  return undefined;
}

/** The credential in a value: the password after `user:`, else the whole value. */
function* credentialOf(value: string, at: number): Iterable<Span> {
  const colon = value.indexOf(':');
  const secret = colon > 0 && colon < value.length - 1 ? value.slice(colon + 1) : value;
  if (secret.length >= 6 && sensitiveValue('token', secret)) yield { start: at + value.length - secret.length, end: at + value.length };
}

function* bundlerHostCredentials(text: string): Iterable<Span> {
  SETTING_LINE.lastIndex = 0;
  for (let found = SETTING_LINE.exec(text); found; found = SETTING_LINE.exec(text)) {
    const { env, file, value } = found.groups!;
    const setting = env ?? file ? settingOf((env ?? file)!) : settingAbove(text, found.index);
    if (setting === undefined || !namesAHost(setting)) continue;
    yield* credentialOf(value!, found.index + found[0].lastIndexOf(`"${value}"`) + 1);
  }
  for (const [pattern, nameOf] of [[ASSIGNMENT, settingOf], [SET_COMMAND, (name: string) => name.toLowerCase()]] as const) {
    pattern.lastIndex = 0;
    for (let found = pattern.exec(text); found; found = pattern.exec(text)) {
      if (!namesAHost(nameOf(found.groups!.name!))) continue;
      const written = found.groups!.value!;
      const quoted = /^['"]/.test(written) ? 1 : 0;
      yield* credentialOf(written.slice(quoted, written.length - quoted), found.index + found[0].length - written.length + quoted);
    }
  }
}

export const BUNDLER_HOST_CREDENTIAL_RULES: readonly Rule[] = [
  placedSecret(
    'bundler-host-credentials',
    "Bundler's credential for a gem server, a setting named after its host: `Set via BUNDLE_GEMS__EXAMPLE__COM: \"…\"`, `Set for the current user (…): \"…\"` under the host's name, `BUNDLE_GEMS__EXAMPLE__COM=…` (after `user:`, the password)",
    { keywords: ['bundle_', 'set for ', 'bundle config'], label: 'secret' },
    bundlerHostCredentials,
    {
      match: [
        'gems.graphql.pro\nSet via BUNDLE_GEMS__GRAPHQL__PRO: "lantern-copper-birch-41"\n',
        "Settings for `pkgs.acme.dev` in order of priority. The top value will be used\nSet for the current user (/home/ann/.bundle/config): \"Rk7vQm2LxT9wZp4N\"\n",
        'enterprise.contribsys.com\nSet for your local app (/srv/app/.bundle/config): "deploy:Lq8-harbor-Wm3"\nSet for the current user (/home/ci/.bundle/config): "ci:Vz4Kt9Lp2QxR"\n',
        '---\nBUNDLE_GEM__FURY__IO: "Tq3Wm8Zr2Lx7Kp9V"\n',
        'BUNDLE_NEXUS__CORP___EU__EXAMPLE__NET=ops:f1d2c3b4a5968778 bundle install',
        "export BUNDLE_HTTPS://GEMS__EXAMPLE__ORG/='Hx5-spruce-Kq2'",
        '$ bundle config set --global gems.example.com Wq4vLm8zKt2R\n',
        'bundle config --local https://rubygems.pkg.github.com/acme ann:Pz7-tundra-Lq4 && bundle install',
      ],
      noMatch: [
        'jobs\nSet for the current user (/home/ann/.bundle/config): "4"\n',
        'path\nSet for your local app (/srv/app/.bundle/config): "vendor/bundle"\n',
        'gems.graphql.pro\nSet for the current user (/home/ann/.bundle/config): "svc-gems:[REDACTED]"\n',
        'mirror.https://rubygems.org\nSet for the current user (/home/ann/.bundle/config): "https://gems.mirror.example.net"\n',
        'build.nokogiri\nSet via BUNDLE_BUILD__NOKOGIRI: "--use-system-libraries"\n',
        '---\nBUNDLE_PATH: "vendor/bundle"\nBUNDLE_JOBS: "8"\nBUNDLE_LOCAL__RACK: "/home/ann/src/rack"\n',
        'BUNDLE_GEMS__EXAMPLE__COM=${GEMS_TOKEN} bundle install',
        'bundle config set --local path vendor/bundle',
        'bundle config set --global mirror.https://rubygems.org https://gems.mirror.example.net',
        'bundle config set --global gems.example.com $GEMS_TOKEN',
      ],
    },
  ),
];
