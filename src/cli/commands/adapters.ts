import type { Command } from 'commander';
import { ADAPTERS } from '../../../adapters/index.js';
import { commandHelp, describedCommand } from '../described-command.js';
import { answerJson, type CliIO } from '../io.js';

export function adaptersCommand(io: CliIO): Command {
  return describedCommand('adapters', 'list the agents and native formats atx reads', 'List every adapter: the agent, the native formats it reads, where those live, and how auto-detection recognises them.')
    .option('--json', 'print the list as JSON')
    .addHelpText('after', commandHelp({
      examples: ['atx adapters', 'atx adapters --json | jq -r \'.[].id\''],
      exitCodes: ['0 the list was printed', '5 internal error'],
    }))
    .action((flags: { json?: boolean }) => {
      if (flags.json) {
        const list = ADAPTERS.map(({ id, agent, label, version, formats, detectionHint }) => ({ id, agent, label, version, formats, detection: detectionHint }));
        answerJson(io, list, { pretty: true });
        return;
      }
      const lines: string[] = [];
      for (const adapter of ADAPTERS) {
        lines.push(`${adapter.id}  ${adapter.label} (adapter ${adapter.version})`);
        for (const format of adapter.formats) lines.push(`  ${format.id}: ${format.description}\n      ${format.where}`);
        lines.push(`  detected by: ${adapter.detectionHint}`, '');
      }
      io.stdout.write(`${lines.join('\n')}`);
    });
}
