/**
 * The page's header (what the session was: agent, models, times, totals) and its footer (the
 * privacy receipt), written as static markup from the Transcript header. Every value from the
 * session is escaped.
 */
import { BUILTIN_RULES, familyOf } from '../../../redaction/index.js';
import { escapeHtml } from './escape.js';
const number = (n) => n.toLocaleString('en-US');
function plural(n, one, many = `${one}s`) {
    return `${number(n)} ${n === 1 ? one : many}`;
}
/** `2026-11-22T00:05:43.912Z` as `2026-11-22 00:05:43 UTC`, in a <time> element. */
function timeMarkup(iso) {
    if (!iso)
        return 'unknown';
    const shown = iso.replace('T', ' ').replace(/(\.\d+)?(Z|[+-]\d\d:\d\d)$/, (_all, _fraction, zone) => (zone === 'Z' ? ' UTC' : ` ${zone}`));
    return `<time datetime="${escapeHtml(iso)}">${escapeHtml(shown)}</time>`;
}
export function formatDuration(ms) {
    if (ms < 1000)
        return `${ms} ms`;
    if (ms < 60_000)
        return `${(ms / 1000).toFixed(1)} s`;
    const seconds = Math.round(ms / 1000);
    const [h, m, s] = [Math.floor(seconds / 3600), Math.floor((seconds % 3600) / 60), seconds % 60];
    return h > 0 ? `${h} h ${m} min` : `${m} min ${s} s`;
}
function factList(facts, className) {
    const items = facts.map(([term, markup]) => `<div><dt>${escapeHtml(term)}</dt><dd>${markup}</dd></div>`);
    return `<dl class="${className}">${items.join('')}</dl>`;
}
/** The title a reader sees: the session's own, else the agent and when it started. */
export function pageTitle(header) {
    const title = header.session.title?.trim();
    if (title)
        return title;
    const when = header.session.startedAt ? ` ${header.session.startedAt.slice(0, 16).replace('T', ' ')}` : '';
    return `${header.source.agent} session${when}`;
}
function tokenMarkup(tokens) {
    const parts = [`${number(tokens.input)} in`, `${number(tokens.output)} out`];
    if (tokens.cacheRead)
        parts.push(`${number(tokens.cacheRead)} cache read`);
    if (tokens.cacheWrite)
        parts.push(`${number(tokens.cacheWrite)} cache write`);
    if (tokens.reasoning)
        parts.push(`${number(tokens.reasoning)} reasoning`);
    return escapeHtml(parts.join(' · '));
}
function sessionFacts(header) {
    const { source, session, metrics } = header;
    const agent = source.agentVersion ? `${source.agent} ${source.agentVersion}` : source.agent;
    const facts = [['Agent', escapeHtml(agent)]];
    if (session.models?.length)
        facts.push([session.models.length === 1 ? 'Model' : 'Models', escapeHtml(session.models.join(', '))]);
    facts.push(['Started', timeMarkup(session.startedAt)], ['Ended', timeMarkup(session.endedAt)]);
    if (metrics.durationMs !== null)
        facts.push(['Duration', escapeHtml(formatDuration(metrics.durationMs))]);
    const turns = metrics.turnCount === undefined ? '' : `, ${plural(metrics.turnCount, 'turn')}`;
    facts.push(['Events', escapeHtml(`${number(metrics.eventCount)} (${plural(metrics.messageCount, 'message')}${turns})`)]);
    facts.push(['Tool calls', escapeHtml(`${number(metrics.toolCallCount)} (${plural(metrics.errorCount ?? 0, 'error')})`)]);
    if (metrics.tokens)
        facts.push(['Tokens', tokenMarkup(metrics.tokens)]);
    if (metrics.costUsd !== undefined)
        facts.push(['Cost', escapeHtml(`$${metrics.costUsd.toFixed(2)}`)]);
    const { cwd, repo } = session.environment;
    if (cwd)
        facts.push(['Directory', `<code>${escapeHtml(cwd)}</code>`]);
    const repoText = [repo?.name, repo?.branch && `branch ${repo.branch}`, repo?.commit && `at ${repo.commit.slice(0, 12)}`].filter(Boolean).join(', ');
    if (repoText)
        facts.push(['Repository', escapeHtml(repoText)]);
    return facts;
}
/** The page header: the title, then what the session was. */
export function sessionHeaderMarkup(header) {
    return `<header class="page-head"><h1>${escapeHtml(pageTitle(header))}</h1>${factList(sessionFacts(header), 'facts')}</header>`;
}
const RULE_FAMILY = new Map(BUILTIN_RULES.map((rule) => [rule.id, familyOf(rule)]));
/** `redactionsByRule` grouped by family: `cloud 3 (aws 2, gcp 1)`. */
function redactionsByFamily(byRule) {
    const families = new Map();
    for (const [rule, count] of Object.entries(byRule).sort(([a], [b]) => a.localeCompare(b))) {
        const family = RULE_FAMILY.get(rule) ?? 'custom';
        families.set(family, [...(families.get(family) ?? []), [rule, count]]);
    }
    return [...families.entries()]
        .sort(([a], [b]) => a.localeCompare(b))
        .map(([family, rules]) => {
        const total = rules.reduce((sum, [, count]) => sum + count, 0);
        return `${family} ${number(total)} (${rules.map(([rule, count]) => `${rule} ${number(count)}`).join(', ')})`;
    })
        .join('; ');
}
function contentPolicyText(policy) {
    const output = policy.toolOutput === 'truncated' && policy.truncateAt !== undefined ? `truncated at ${number(policy.truncateAt)} characters` : policy.toolOutput;
    const parts = [`tool output ${output}`, `file contents ${policy.includeFileContents ? 'included' : 'left out'}`];
    if (policy.includeReasoning !== undefined)
        parts.push(`reasoning ${policy.includeReasoning ? 'included' : 'left out'}`);
    if (policy.includeAttachments !== undefined)
        parts.push(`attachments ${policy.includeAttachments ? 'included' : 'left out'}`);
    return parts.join(' · ');
}
function receiptFacts(header) {
    const { privacy, submitter, source } = header;
    const applied = [privacy.redactionApplied ? 'redaction applied' : 'no redaction', privacy.anonymizationApplied ? 'anonymization applied' : 'no anonymization'];
    const facts = [['Profile', escapeHtml(`${privacy.profile} (${applied.join(', ')})`)]];
    const byFamily = privacy.redactionsByRule && redactionsByFamily(privacy.redactionsByRule);
    facts.push(['Redactions', escapeHtml(byFamily ? `${number(privacy.redactionCount)}: ${byFamily}` : number(privacy.redactionCount))]);
    if (privacy.rulesApplied.length)
        facts.push(['Rule families run', escapeHtml(privacy.rulesApplied.join(', '))]);
    if (privacy.rulesetVersion)
        facts.push(['Ruleset version', `<code>${escapeHtml(privacy.rulesetVersion)}</code>`]);
    facts.push(['Content policy', escapeHtml(contentPolicyText(privacy.contentPolicy))]);
    facts.push(['Submitter', escapeHtml(submitter.pseudonym ?? 'none (converted without a submission key)')]);
    facts.push(['Transcript', escapeHtml(`${header.transcriptId} · schema ${header.schemaVersion} · adapter ${source.adapter} ${source.adapterVersion}`)]);
    facts.push(['Captured', timeMarkup(header.session.capturedAt)]);
    return facts;
}
/** The footer: what the privacy profile did to this session before the page was written. */
export function privacyReceiptMarkup(header) {
    return ('<footer class="receipt" id="privacy-receipt"><h2>Privacy receipt</h2>' +
        factList(receiptFacts(header), 'facts') +
        '<p class="note">Written by agent-transcript after the privacy profile ran: the page holds nothing the Transcript does not, and makes no network request.</p></footer>');
}
//# sourceMappingURL=facts.js.map