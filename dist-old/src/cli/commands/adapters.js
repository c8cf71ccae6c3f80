import { ADAPTERS } from '../../../adapters/index.js';
import { commandHelp, describedCommand } from '../described-command.js';
export function adaptersCommand(io) {
    return describedCommand('adapters', 'list the agents and native formats atx reads', 'List every adapter: the agent, the native formats it reads, where those live, and how auto-detection recognises them.')
        .option('--json', 'print the list as JSON')
        .addHelpText('after', commandHelp({
        examples: ['atx adapters', 'atx adapters --json | jq -r \'.[].id\''],
        exitCodes: ['0 the list was printed', '5 internal error'],
    }))
        .action((flags) => {
        if (flags.json) {
            const list = ADAPTERS.map(({ id, agent, label, version, formats, detectionHint }) => ({ id, agent, label, version, formats, detection: detectionHint }));
            io.stdout.write(`${JSON.stringify(list, null, 2)}\n`);
            return;
        }
        const lines = [];
        for (const adapter of ADAPTERS) {
            lines.push(`${adapter.id}  ${adapter.label} (adapter ${adapter.version})`);
            for (const format of adapter.formats)
                lines.push(`  ${format.id}: ${format.description}\n      ${format.where}`);
            lines.push(`  detected by: ${adapter.detectionHint}`, '');
        }
        io.stdout.write(`${lines.join('\n')}`);
    });
}
//# sourceMappingURL=adapters.js.map