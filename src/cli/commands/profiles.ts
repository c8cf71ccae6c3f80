import type { Command } from 'commander';
import { loadConfig, allProfiles } from '../../config.js';
import { commandHelp, describedCommand } from '../described-command.js';
import { answerJson, type CliIO } from '../io.js';

export function profilesCommand(io: CliIO): Command {
  return describedCommand('profiles', 'list redaction profiles (built in and from the config file)', `
List every redaction profile: what it redacts, what content it keeps, and whether upload accepts it.
Custom profiles come from the config file (--config, $ATX_CONFIG or ~/.config/atx/config.json).`)
    .option('--config <file>', 'config file with custom profiles')
    .option('--json', 'print the profiles as JSON')
    .addHelpText('after', commandHelp({
      examples: ['atx profiles', 'atx profiles --config team-config.json --json'],
      exitCodes: ['0 the list was printed', '2 usage (an invalid config file)', '5 internal error'],
      environment: ['ATX_CONFIG'],
    }))
    .action(async (flags: { config?: string; json?: boolean }) => {
      const profiles = await allProfiles(await loadConfig({ ...(flags.config ? { path: flags.config } : {}), env: io.env }));
      if (flags.json) {
        const list = profiles.map(({ extraRules, ...profile }) => ({ ...profile, extraRules: extraRules.map((rule) => rule.id) }));
        answerJson(io, list, { pretty: true });
        return;
      }
      const yes = (flag: boolean) => (flag ? 'yes' : 'no');
      const header = ['name', 'secrets', 'pii', 'anonymize', 'tool output', 'file contents', 'reasoning', 'upload'];
      const rows = profiles.map((p) => [
        p.name, yes(p.secrets), yes(p.pii), yes(p.anonymize),
        p.toolOutput === 'truncated' ? `truncated (${p.truncateAt})` : p.toolOutput,
        yes(p.includeFileContents), yes(p.includeReasoning),
        p.uploadAllowed ? (p.linkIdentity ? 'identity linked' : 'allowed') : 'refused',
      ]);
      const widths = header.map((title, column) => Math.max(title.length, ...rows.map((row) => row[column]!.length)));
      const format = (cells: string[]) => cells.map((cell, column) => cell.padEnd(widths[column]!)).join('  ').trimEnd();
      const lines = [format(header), ...rows.map(format), ''];
      for (const p of profiles) lines.push(`${p.name}: ${p.description}${p.extends ? ` (extends ${p.extends})` : ''}`);
      io.stdout.write(`${lines.join('\n')}\n`);
    });
}
