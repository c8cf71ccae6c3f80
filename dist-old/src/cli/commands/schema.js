import { transcriptJsonSchema } from '../../transcript/index.js';
import { commandHelp, describedCommand } from '../described-command.js';
export function schemaCommand(io) {
    return describedCommand('schema', 'print the Transcript JSON Schema', 'Print the JSON Schema (draft 2020-12) of the Transcript document that atx writes and validates.')
        .addHelpText('after', commandHelp({
        examples: ['atx schema > transcript.schema.json', 'atx schema | jq \'.properties | keys\''],
        exitCodes: ['0 the schema was printed', '5 internal error'],
    }))
        .action(() => {
        io.stdout.write(`${JSON.stringify(transcriptJsonSchema(), null, 2)}\n`);
    });
}
//# sourceMappingURL=schema.js.map