/**
 * `atx completion bash|zsh|fish`: a completion script derived from the commander tree (commands,
 * subcommands, flags, the values of flags with choices) and the registries (profile names,
 * adapter ids), so a new command, flag, profile or adapter is completed without a hand-kept list.
 */
import { Argument, type Command } from 'commander';
import { ADAPTERS } from '../../adapters/index.js';
import { allProfiles, loadConfig } from '../config.js';
import { commandHelp, describedCommand } from './described-command.js';
import type { CliIO } from './io.js';

/** One command of the tree, by its path below `atx` ('' is atx itself). */
interface CompletedCommand {
  path: string;
  summary: string;
  subcommands: string[];
  flags: string[];
  /** the values a flag takes, by flag (both its long and short spelling) */
  values: Map<string, string[]>;
}

const SHELLS = ['bash', 'zsh', 'fish'] as const;
type Shell = (typeof SHELLS)[number];

export function completionCommand(io: CliIO, program: () => Command): Command {
  return describedCommand('completion', 'print a shell completion script (bash, zsh, fish)',
    'Print a script that completes atx commands, subcommands, flags, profile names (built in and from the config file), format names and adapter names in your shell. Load it once per shell session, or save it where your shell loads completions from.')
    .addArgument(new Argument('<shell>', 'the shell the script is for').choices(SHELLS))
    .option('--config <file>', 'config file whose custom profiles are completed too (default $ATX_CONFIG or ~/.config/atx/config.json)')
    .addHelpText('after', commandHelp({
      examples: ['source <(atx completion bash)                         # in ~/.bashrc', 'atx completion zsh > "${fpath[1]}/_atx"                # zsh, then start a new shell', 'atx completion fish > ~/.config/fish/completions/atx.fish'],
      exitCodes: ['0 the script was printed', '2 usage (an unknown shell, an invalid config file)', '5 internal error'],
      environment: ['ATX_CONFIG'],
    }))
    .action(async (shell: Shell, flags: { config?: string }) => {
      const config = await loadConfig({ ...(flags.config ? { path: flags.config } : {}), env: io.env });
      const profiles = (await allProfiles(config)).map((profile) => profile.name);
      io.stdout.write(completionScript(shell, completedCommands(program(), profiles)));
    });
}

/** Flags whose values come from a registry rather than from the option's own choices. */
function registryValues(flag: string, profiles: string[]): string[] | undefined {
  if (flag === '--profile') return profiles;
  if (flag === '--agent') return ADAPTERS.map((adapter) => adapter.id);
  return undefined;
}

export function completedCommands(program: Command, profiles: string[]): CompletedCommand[] {
  const found: CompletedCommand[] = [];
  const visit = (command: Command, path: string) => {
    const values = new Map<string, string[]>();
    const flags: string[] = [];
    for (const option of command.options) {
      const spellings = [option.long, option.short].filter((flag): flag is string => Boolean(flag));
      flags.push(...spellings);
      const choices = option.argChoices ?? (option.long ? registryValues(option.long, profiles) : undefined);
      if (choices && (option.required || option.optional)) for (const flag of spellings) values.set(flag, choices);
    }
    flags.push('--help');
    const subcommands = command.commands.map((sub) => sub.name());
    found.push({ path, summary: command.summary() || command.description(), subcommands, flags, values });
    for (const sub of command.commands) visit(sub, path ? `${path} ${sub.name()}` : sub.name());
  };
  visit(program, '');
  return found;
}

export function completionScript(shell: Shell, commands: CompletedCommand[]): string {
  if (shell === 'fish') return fishScript(commands);
  const bash = bashScript(commands);
  // zsh runs the bash function through its own bash-completion emulation.
  return shell === 'zsh' ? `#compdef atx\nautoload -U +X bashcompinit && bashcompinit\n${bash}` : bash;
}

const quoted = (words: readonly string[]) => words.join(' ');

function bashScript(commands: CompletedCommand[]): string {
  const subcommandCases = commands.filter((c) => c.subcommands.length > 0).map((c) => `    "${c.path}") echo "${quoted(c.subcommands)}" ;;`);
  const flagCases = commands.map((c) => `    "${c.path}") echo "${quoted(c.flags)}" ;;`);
  const valueCases = commands.flatMap((c) => [...c.values].map(([flag, values]) => `    "${c.path}|${flag}") echo "${quoted(values)}" ;;`));
  return `# atx completion for bash: source <(atx completion bash)
_atx_subcommands() {
  case "$1" in
${subcommandCases.join('\n')}
  esac
}
_atx_flags() {
  case "$1" in
${flagCases.join('\n')}
  esac
}
_atx_values() {
  case "$1|$2" in
${valueCases.join('\n')}
    *) return 1 ;;
  esac
}
_atx() {
  local cur="\${COMP_WORDS[COMP_CWORD]}" prev="\${COMP_WORDS[COMP_CWORD-1]}" path="" word i
  for ((i = 1; i < COMP_CWORD; i++)); do
    word="\${COMP_WORDS[i]}"
    [[ "$word" == "--" ]] && return 0
    [[ "$word" == -* ]] && continue
    if [[ " $(_atx_subcommands "$path") " == *" $word "* ]]; then path="\${path:+$path }$word"; fi
  done
  local values
  if values=$(_atx_values "$path" "$prev"); then
    COMPREPLY=($(compgen -W "$values" -- "$cur"))
  elif [[ "$cur" == -* ]]; then
    COMPREPLY=($(compgen -W "$(_atx_flags "$path")" -- "$cur"))
  else
    COMPREPLY=($(compgen -W "$(_atx_subcommands "$path")" -- "$cur"))
  fi
}
complete -o default -F _atx atx agent-transcript
`;
}

const fishText = (text: string) => `'${text.replace(/\\/g, '\\\\').replace(/'/g, "\\'")}'`;

function fishScript(commands: CompletedCommand[]): string {
  const lines = ['# atx completion for fish: atx completion fish > ~/.config/fish/completions/atx.fish'];
  const byPath = new Map(commands.map((command) => [command.path, command]));
  for (const command of commands) {
    const words = command.path ? command.path.split(' ') : [];
    // At the top level: no subcommand yet; below: the last word of the path was seen.
    const when = words.length === 0 ? '__fish_use_subcommand' : `__fish_seen_subcommand_from ${words.at(-1)}`;
    for (const sub of command.subcommands) {
      const summary = byPath.get(command.path ? `${command.path} ${sub}` : sub)?.summary ?? '';
      lines.push(`complete -c atx -n ${fishText(when)} -a ${sub} -d ${fishText(summary)}`);
    }
    for (const flag of command.flags) {
      const spelling = flag.startsWith('--') ? `-l ${flag.slice(2)}` : `-s ${flag.slice(1)}`;
      const values = command.values.get(flag);
      lines.push(`complete -c atx -n ${fishText(when)} ${spelling}${values ? ` -x -a ${fishText(quoted(values))}` : ''}`);
    }
  }
  return `${lines.join('\n')}\n`;
}
