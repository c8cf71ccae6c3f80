/**
 * `--format markdown`: the conversation as a person reads it, in a pull request comment or a
 * pager. A header (agent, models, times, tokens, counts), the events in order under speaker
 * headings, each subagent folded under the tool call that started it, and the privacy receipt
 * as a footer. The events are read from the spool as they are written, never held together.
 */
import { findAdapter } from '../../adapters/index.js';
import { BUILTIN_RULES, familyOf } from '../../redaction/index.js';
import { ByteBatch } from '../sinks/byte-batch.js';
import type { Output } from '../sinks/output.js';
import type { SpooledEvents } from '../sinks/transcript-sinks.js';
import type { TranscriptEvent, TranscriptHeader } from '../transcript/index.js';
import { duration, eventBlock } from './markdown-events.js';
import { count, counted, htmlText, inlineCode, inlineText, prefixed } from './markdown-text.js';
import { outlineSession, type SessionOutline } from './session-outline.js';
import type { TranscriptWriter } from './types.js';

export const markdownWriter: TranscriptWriter['writer'] = () => writeMarkdown;

async function writeMarkdown(header: TranscriptHeader, spool: SpooledEvents, output: Output): Promise<void> {
  const outline = await outlineSession(spool);
  try {
    const document = new MarkdownDocument(outline, new ByteBatch((bytes) => output.write(bytes)));
    await document.block(headerBlock(header, outline.models), '');
    await document.events(spool.events(), { prefix: '', depth: 0 });
    await document.end(footerBlock(header));
  } finally {
    await outline.close();
  }
}

/** Where events are being written: the blockquote prefix of a subagent's nesting, and the last speaker heading. */
interface Level {
  prefix: string;
  depth: number;
  speaker?: string;
}

class MarkdownDocument {
  /** groups already written (a callId named by two calls is written once) */
  private readonly written = new Set<string>();

  constructor(private readonly outline: SessionOutline, private readonly out: ByteBatch) {}

  /** One block and the blank line after it (still inside the blockquote when nested). */
  async block(text: string, prefix: string): Promise<void> {
    const pending = this.out.add(`${prefixed(text, prefix)}\n${prefix.trimEnd()}\n`);
    if (pending) await pending;
  }

  async end(text: string): Promise<void> {
    const pending = this.out.add(`${text}\n`);
    if (pending) await pending;
    await this.out.flush();
  }

  async events(events: AsyncIterable<TranscriptEvent>, level: Level): Promise<void> {
    for await (const event of events) {
      if (level.depth === 0 && event.parentId !== undefined) {
        // grouped events are written with their call; a group no call started, where it begins
        if (this.outline.isOrphanGroup(event.parentId)) await this.group(event.parentId, level, 'Sidechain');
        continue;
      }
      const speaker = speakerOf(event);
      if (speaker && speaker !== level.speaker) {
        await this.block(`${'#'.repeat(Math.min(3 + level.depth, 6))} ${speaker}${event.timestamp ? ` · ${event.timestamp.slice(11, 19)}` : ''}`, level.prefix);
        level.speaker = speaker;
      }
      const text = eventBlock(event);
      if (text) await this.block(text, level.prefix);
      if (event.type === 'tool_call' && this.outline.startsGroup(event.tool!.callId)) await this.group(event.tool!.callId, level, 'Subagent');
    }
  }

  /** A subagent (or sidechain) folded, its events one blockquote level deeper. */
  private async group(parentId: string, level: Level, label: string): Promise<void> {
    if (this.written.has(parentId)) return;
    this.written.add(parentId);
    await this.block(`<details><summary>${label} <code>${htmlText(parentId)}</code>: ${counted(this.outline.groupSize(parentId), 'event')}</summary>`, level.prefix);
    await this.events(this.outline.group(parentId), { prefix: `${level.prefix}> `, depth: level.depth + 1 });
    await this.block('</details>', level.prefix);
    level.speaker = undefined;
  }
}

function speakerOf(event: TranscriptEvent): string | undefined {
  if (event.type === 'user_message') return 'User';
  if (event.type === 'assistant_message' || event.type === 'reasoning' || event.type === 'tool_call') return 'Assistant';
  return undefined;
}

const time = (iso: string | null): string | undefined => (iso ? `${iso.slice(0, 10)} ${iso.slice(11, 19)} UTC` : undefined);

function headerBlock(header: TranscriptHeader, seenModels: readonly string[]): string {
  const { source, session, metrics } = header;
  const agent = findAdapter(source.adapter)?.label ?? source.agent;
  const title = session.title ?? `${agent} session`;
  const models = session.models && session.models.length > 0 ? session.models : seenModels;
  const tokens = metrics.tokens;
  const tokenParts = tokens ? [
    `${count(tokens.input)} in`, `${count(tokens.output)} out`,
    ...(tokens.cacheRead ? [`${count(tokens.cacheRead)} cache read`] : []),
    ...(tokens.cacheWrite ? [`${count(tokens.cacheWrite)} cache write`] : []),
    ...(tokens.reasoning ? [`${count(tokens.reasoning)} reasoning`] : []),
  ] : [];
  const counts = [
    counted(metrics.eventCount, 'event'), counted(metrics.messageCount, 'message'), counted(metrics.toolCallCount, 'tool call'),
    counted(metrics.errorCount ?? 0, 'error'),
    ...(metrics.unparsedCount ? [`${count(metrics.unparsedCount)} not understood`] : []),
  ];
  const facts: [string, string | undefined][] = [
    ['Agent', `${inlineText(agent)}${source.agentVersion ? ` ${inlineText(source.agentVersion)}` : ''}${source.format ? ` (${inlineCode(source.format)})` : ''}`],
    [models.length > 1 ? 'Models' : 'Model', models.length > 0 ? models.map(inlineCode).join(', ') : undefined],
    ['Started', time(session.startedAt)],
    ['Ended', time(session.endedAt)],
    ['Duration', metrics.durationMs === null ? undefined : duration(metrics.durationMs)],
    ['Tokens', tokenParts.length > 0 ? tokenParts.join(' · ') : undefined],
    ['Cost', metrics.costUsd === undefined ? undefined : `$${metrics.costUsd.toFixed(2)}`],
    ['Events', counts.join(' · ')],
    ['Session', source.nativeSessionId ? inlineCode(source.nativeSessionId) : undefined],
    ['Transcript', inlineCode(header.transcriptId)],
  ];
  const list = facts.filter(([, value]) => value !== undefined).map(([name, value]) => `- **${name}:** ${value}`);
  return `# ${inlineText(title)}\n\n${list.join('\n')}`;
}

const RULE_BY_ID = new Map(BUILTIN_RULES.map((rule) => [rule.id, rule]));

function footerBlock(header: TranscriptHeader): string {
  const { privacy } = header;
  const policy = privacy.contentPolicy;
  const receipt = [
    `profile ${inlineCode(privacy.profile)}`,
    privacy.redactionApplied ? counted(privacy.redactionCount, 'redaction') : 'no redaction',
    ...(privacy.rulesetVersion ? [`ruleset ${inlineCode(privacy.rulesetVersion)}`] : []),
    `anonymization ${privacy.anonymizationApplied ? 'on' : 'off'}`,
  ];
  const lines = [`**Privacy receipt:** ${receipt.join(' · ')}`, ''];
  const byFamily = new Map<string, string[]>();
  for (const [ruleId, n] of Object.entries(privacy.redactionsByRule ?? {})) {
    const rule = RULE_BY_ID.get(ruleId);
    const family = rule ? familyOf(rule) : 'custom';
    byFamily.set(family, [...(byFamily.get(family) ?? []), `${inlineCode(ruleId)} ${count(n)}`]);
  }
  if (byFamily.size > 0) lines.push(`- **Redactions by rule:** ${[...byFamily].map(([family, rules]) => `${family}: ${rules.join(', ')}`).join(' · ')}`);
  const kept = (included: boolean | undefined) => (included === false ? 'withheld' : 'kept');
  lines.push(`- **Content policy:** tool output ${policy.toolOutput}${policy.truncateAt === undefined ? '' : ` (at ${count(policy.truncateAt)} characters)`} · file contents ${kept(policy.includeFileContents)} · reasoning ${kept(policy.includeReasoning)} · attachments ${kept(policy.includeAttachments)}`);
  if (privacy.rulesApplied.length > 0) lines.push(`- **Rule families applied:** ${privacy.rulesApplied.join(', ')}`);
  return `---\n\n${lines.join('\n')}`;
}
