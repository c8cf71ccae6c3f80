import type { Command } from 'commander';
import type { Rule } from '../../../redaction/index.js';
import { allProfiles, exampleProblems, loadConfig, resolveProfile } from '../../config.js';
import { ExitCode } from '../../errors.js';
import { commandHelp, describedCommand } from '../described-command.js';
import { readInputText } from '../input-text.js';
import { BUILTIN_RULESET_VERSION } from '../../ruleset-version.js';
import { answerJson, colorsFor, Reporter, type CliIO } from '../io.js';

export function rulesCommand(io: CliIO, setExit: (code: number) => void): Command {
  const rules = describedCommand('rules', 'list redaction rules, or test text against them', `List the redaction rules (ruleset ${BUILTIN_RULESET_VERSION}): built-in ones and those custom profiles add.`)
    .option('--profile <name>', 'only the rules this profile runs (for rules test: the profile to apply, default research)')
    .option('--config <file>', 'config file with custom profiles')
    .option('--json', 'print the rules as JSON')
    .addHelpText('after', commandHelp({
      examples: ['atx rules', 'atx rules --profile research --json', 'atx rules test \'export STRIPE_KEY=sk_live_...\''],
      exitCodes: ['0 ok', '1 (rules test --examples) a rule\'s own examples fail', '2 usage (an unknown profile, an invalid config file)', '5 internal error'],
      environment: ['ATX_CONFIG'],
    }))
    .action(async (flags: { profile?: string; config?: string; json?: boolean }) => {
      const config = await loadConfig({ ...(flags.config ? { path: flags.config } : {}), env: io.env });
      const { BUILTIN_RULES, familyOf, RULESET_VERSION, rulesFor } = await redactionEngine();
      const list = flags.profile ? rulesFor(await resolveProfile(flags.profile, config)) : everyRule(BUILTIN_RULES, (await allProfiles(config)).flatMap((p) => p.extraRules));
      if (flags.json) {
        const json = list.map((rule) => ({
          id: rule.id, family: familyOf(rule), type: rule.type, label: rule.label ?? rule.id, description: rule.description, keywords: rule.keywords,
          ...(rule.pattern ? { pattern: rule.pattern.source } : { detector: true }),
          ...(rule.validator ? { validator: rule.validator } : {}),
          ...(rule.entropy !== undefined ? { entropy: rule.entropy } : {}),
          examples: rule.examples,
        }));
        answerJson(io, { rulesetVersion: RULESET_VERSION, rules: json }, { pretty: true });
        return;
      }
      const width = Math.max(...list.map((rule) => rule.id.length));
      const familyWidth = Math.max(...list.map((rule) => familyOf(rule).length));
      const lines = list.map((rule) => `${rule.id.padEnd(width)}  ${familyOf(rule).padEnd(familyWidth)}  ${rule.type.padEnd(6)}  ${rule.description}`);
      io.stdout.write(`${lines.join('\n')}\n`);
    });

  rules.addCommand(describedCommand('test', 'show what a profile would redact in some text', `
Redact TEXT (or stdin with -) and show the result and each finding (rule, type, offsets).
With --examples, run every rule's own examples instead (built-in and custom) and report failures.`)
    .argument('[text]', 'the text to test, or - for stdin')
    .option('--examples', 'check every rule against its own examples')
    .addHelpText('after', `
--profile (default research: secrets and personal data), --config and --json work here too.
${commandHelp({
  examples: ["atx rules test 'export GITHUB_TOKEN=ghp_...'", 'cat .env | atx rules test -', 'atx rules test --examples --config team-config.json'],
  exitCodes: ['0 ok', "1 (--examples) a rule's own examples fail", '2 usage (no text, an unknown profile, an invalid config file)', '5 internal error'],
  environment: ['ATX_CONFIG'],
})}`)
    .action(async (text: string | undefined, _local: unknown, command: Command) => {
      const flags = command.optsWithGlobals<{ profile?: string; config?: string; examples?: boolean; json?: boolean }>();
      const profileName = flags.profile ?? 'research';
      const config = await loadConfig({ ...(flags.config ? { path: flags.config } : {}), env: io.env });
      if (flags.examples) {
        const all = everyRule((await redactionEngine()).BUILTIN_RULES, (await allProfiles(config)).flatMap((p) => p.extraRules));
        const problems = (await Promise.all(all.map((rule) => exampleProblems(rule, rule.id)))).flat();
        if (flags.json) answerJson(io, { rules: all.length, problems });
        else io.stdout.write(`${problems.join('\n')}${problems.length > 0 ? '\n' : ''}${all.length} rules, ${problems.length} failing example(s)\n`);
        setExit(problems.length > 0 ? ExitCode.partial : ExitCode.ok);
        return;
      }
      const input = text === undefined || text === '-' ? (await readInputText(io, '-', 'text')).text : text;
      const { Redactor } = await redactionEngine();
      const redactor = new Redactor(await resolveProfile(profileName, config), Buffer.from('atx-rules-test'));
      const result = redactor.redact(input, 'text');
      if (flags.json) {
        answerJson(io, { redacted: result.value, findings: result.redactions });
      } else {
        io.stdout.write(`${result.value}${result.value.endsWith('\n') ? '' : '\n'}`);
        const reporter = new Reporter(io, colorsFor(io));
        for (const r of result.redactions) reporter.info(`${r.ruleId} (${r.type}) → ${r.placeholder} at ${r.start}-${r.end}`);
        reporter.info(`${result.redactions.length} finding(s) with profile ${profileName}`);
      }
    }));
  return rules;
}

/** The engine and its 100+ rule modules, loaded when a rule is listed or run, not for --help. */
const redactionEngine = () => import('../../../redaction/index.js');

/** Built-in rules, then custom ones not already listed. */
function everyRule(builtin: readonly Rule[], custom: readonly Rule[]): Rule[] {
  const seen = new Set(builtin.map((rule) => rule.id));
  return [...builtin, ...custom.filter((rule) => !seen.has(rule.id) && seen.add(rule.id))];
}
