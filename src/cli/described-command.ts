import { Command } from 'commander';

/**
 * A command with the one-line summary `atx --help` lists and the description its own `--help`
 * opens with. A description of several lines is best written as a template literal laid out as
 * it prints, starting on the line after the backtick: that first line break is not part of it.
 */
export function describedCommand(name: string, summary: string, description: string): Command {
  return new Command(name).summary(summary).description(description.replace(/^\n/, ''));
}
