/**
 * One setting written in a dozen languages: as a hard-coded literal (what a reviewer flags) and as
 * code that reads it from the environment or a store (what a reviewer asks for).
 */
import type { RandomDraws } from '../random.js';

export const LANGS = ['python', 'typescript', 'go', 'rust', 'java', 'csharp', 'ruby', 'php', 'elixir', 'swift', 'kotlin'] as const;
export type Lang = (typeof LANGS)[number];

const EXT: Record<Lang, string> = { python: 'py', typescript: 'ts', go: 'go', rust: 'rs', java: 'java', csharp: 'cs', ruby: 'rb', php: 'php', elixir: 'ex', swift: 'swift', kotlin: 'kt' };

const DIRS: Record<Lang, string[]> = {
  python: ['app/services', 'src/integrations', 'billing'],
  typescript: ['src/lib', 'src/server', 'packages/api/src'],
  go: ['internal/notify', 'pkg/client', 'cmd/worker'],
  rust: ['src/clients', 'crates/gateway/src'],
  java: ['src/main/java/com/acme/payments', 'src/main/java/io/northwind/mail'],
  csharp: ['src/Api/Services', 'src/Infrastructure/Clients'],
  ruby: ['app/services', 'lib/clients', 'config/initializers'],
  php: ['app/Services', 'src/Integration'],
  elixir: ['lib/app/integrations', 'lib/app_web'],
  swift: ['App/Networking', 'Sources/Core'],
  kotlin: ['app/src/main/java/com/acme/app/net', 'shared/src/commonMain/kotlin/api'],
};

/** `FOO_BAR_KEY` as this language names a constant or variable. */
function ident(lang: Lang, env: string): string {
  const words = env.toLowerCase().split('_');
  const camel = words[0] + words.slice(1).map((w) => w[0]!.toUpperCase() + w.slice(1)).join('');
  if (lang === 'python' || lang === 'ruby' || lang === 'elixir' || lang === 'rust') return env.toLowerCase();
  if (lang === 'csharp') return camel[0]!.toUpperCase() + camel.slice(1);
  return camel;
}

export function sourcePath(rng: RandomDraws, lang: Lang, base: string): string {
  return `${rng.pick(DIRS[lang])}/${base}.${EXT[lang]}`;
}

/** A line that hard-codes `value` under the name `env`. */
export function literalLine(lang: Lang, env: string, value: string): string {
  const id = ident(lang, env);
  switch (lang) {
    case 'python':
      return `${env} = "${value}"`;
    case 'typescript':
      return `const ${id} = '${value}';`;
    case 'go':
      return `const ${id} = "${value}"`;
    case 'rust':
      return `const ${env}: &str = "${value}";`;
    case 'java':
      return `private static final String ${env} = "${value}";`;
    case 'csharp':
      return `private const string ${id} = "${value}";`;
    case 'ruby':
      return `${env} = "${value}".freeze`;
    case 'php':
      return `private const ${env} = '${value}';`;
    case 'elixir':
      return `@${id} "${value}"`;
    case 'swift':
      return `static let ${id} = "${value}"`;
    case 'kotlin':
      return `private const val ${env} = "${value}"`;
  }
}

/** A line that reads the setting `env` at run time instead. */
export function readLine(rng: RandomDraws, lang: Lang, env: string): string {
  const id = ident(lang, env);
  switch (lang) {
    case 'python':
      return rng.pick([`${env} = os.environ["${env}"]`, `${id} = settings.${env}`, `${id} = secrets_client.get_secret_value(SecretId="${env.toLowerCase().replace(/_/g, '-')}")["SecretString"]`]);
    case 'typescript':
      return rng.pick([`const ${id} = process.env.${env} ?? throwMissing('${env}');`, `const ${id} = await secrets.get('${env.toLowerCase()}');`, `const ${id} = config.get<string>('${id}');`]);
    case 'go':
      return rng.pick([`${id} := os.Getenv("${env}")`, `${id}, err := sm.GetSecret(ctx, "${env.toLowerCase()}")`]);
    case 'rust':
      return rng.pick([`let ${id} = std::env::var("${env}")?;`, `let ${id} = settings.get_string("${id}")?;`]);
    case 'java':
      return rng.pick([`String ${id} = System.getenv("${env}");`, `@Value("\${${env.toLowerCase().replace(/_/g, '.')}}") private String ${id};`]);
    case 'csharp':
      return rng.pick([`var ${id} = Environment.GetEnvironmentVariable("${env}");`, `var ${id} = configuration["${env.replace(/_/g, ':')}"];`]);
    case 'ruby':
      return rng.pick([`${env} = ENV.fetch("${env}")`, `${id} = Rails.application.credentials.dig(:${env.toLowerCase().split('_')[0]}, :${env.toLowerCase()})`]);
    case 'php':
      return rng.pick([`$${id} = getenv('${env}');`, `$${id} = config('services.${env.toLowerCase()}');`]);
    case 'elixir':
      return rng.pick([`${id} = System.fetch_env!("${env}")`, `${id} = Application.fetch_env!(:app, :${id})`]);
    case 'swift':
      return rng.pick([`let ${id} = Bundle.main.object(forInfoDictionaryKey: "${env}") as? String`, `let ${id} = try keychain.string(for: "${env.toLowerCase()}")`]);
    case 'kotlin':
      return rng.pick([`val ${id} = BuildConfig.${env}`, `val ${id} = System.getenv("${env}") ?: error("${env} not set")`]);
  }
}
