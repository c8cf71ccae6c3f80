/**
 * The page's own script. The events travel in the page as JSON lines; this script parses them,
 * nests each subagent's events under the call that started it, and renders the timeline in
 * batches as the reader scrolls. Search and filters run over the data, not the DOM. Session text
 * only ever reaches the page through textContent: nothing from the session is parsed as markup.
 *
 * Kept as a string (the page inlines it, and the page's Content-Security-Policy allows exactly
 * this script by its hash); it is exercised in Chromium by test/html.browser.test.ts.
 */
export const PAGE_SCRIPT = String.raw `
(function () {
  'use strict';
  var BATCH = 100;
  var ERROR_STATUS = { error: 1, timeout: 1 };
  var PLACEHOLDER = /\[REDACTED:[a-z0-9-]+#\d+\]/g;
  var SUMMARY_KEYS = ['command', 'cmd', 'file_path', 'filePath', 'path', 'pattern', 'query', 'url', 'description', 'prompt', 'subject'];

  // ---- the data -----------------------------------------------------------------------------
  var events = [];
  var blocks = document.querySelectorAll('script.atx-events');
  for (var b = 0; b < blocks.length; b++) {
    var lines = blocks[b].textContent.split('\n');
    for (var l = 0; l < lines.length; l++) if (lines[l]) events.push(JSON.parse(lines[l]));
  }

  // An item is what one row shows: an event, a call with its results, or a group of events
  // whose parent call is not in this session.
  var items = [];
  var callItems = {};
  events.forEach(function (ev) {
    var callId = ev.tool && ev.tool.callId;
    var call = ev.type === 'tool_result' && callId ? callItems[callId] : undefined;
    if (call && call.ev.seq < ev.seq) { call.results.push(ev); return; }
    var item = { ev: ev, results: [], children: null };
    items.push(item);
    if (ev.type === 'tool_call' && callId && !callItems[callId]) callItems[callId] = item;
  });

  function isInside(item, ancestor) {
    for (var seen = 0, at = ancestor; at && seen < items.length; seen++) {
      if (at === item) return true;
      at = at.parent;
    }
    return false;
  }

  var top = [];
  var groups = {};
  items.forEach(function (item) {
    var parentId = item.ev.parentId;
    if (!parentId) { top.push(item); return; }
    var owner = callItems[parentId];
    if (!owner || isInside(item, owner)) {
      owner = groups[parentId];
      if (!owner) {
        owner = groups[parentId] = { group: parentId, ev: item.ev, results: [], children: [] };
        top.push(owner);
      }
    }
    item.parent = owner;
    (owner.children = owner.children || []).push(item);
  });

  // ---- what an item says --------------------------------------------------------------------
  function resultOf(item) { return item.results.length ? item.results[item.results.length - 1] : null; }
  function statusOf(item) {
    var ev = resultOf(item) || item.ev;
    return ev.tool && ev.tool.status;
  }
  function isError(item) {
    if (item.group) return false;
    if (item.ev.type === 'system' && item.ev.meta && item.ev.meta.kind === 'error') return true;
    var all = [item.ev].concat(item.results);
    return all.some(function (ev) { return ev.tool && ERROR_STATUS[ev.tool.status]; });
  }
  function plural(n, word) { return n + ' ' + word + (n === 1 ? '' : 's'); }
  function json(value) { return typeof value === 'string' ? value : JSON.stringify(value, null, 2); }
  function firstLine(text, max) {
    // a wrapper tag alone on the first line (<system-reminder>) says nothing: the line after it does
    var line = String(text || '').replace(/^\s*(<[^<>\n]{1,60}>\s*)+/, '').trim().split('\n')[0];
    return line.length > max ? line.slice(0, max - 1) + '\u2026' : line;
  }
  function toolSummary(tool) {
    var input = tool.input;
    var isObject = input && typeof input === 'object';
    for (var k = 0; isObject && k < SUMMARY_KEYS.length; k++) {
      var value = input[SUMMARY_KEYS[k]];
      if (typeof value === 'string' && value.trim()) return firstLine(value, 160);
    }
    if (tool.files && tool.files.length) return tool.files.map(function (f) { return f.path; }).join(', ');
    if (typeof input === 'string') return firstLine(input, 160);
    if (isObject) {
      var keys = Object.keys(input);
      for (var i = 0; i < keys.length; i++) if (typeof input[keys[i]] === 'string' && input[keys[i]].trim()) return firstLine(input[keys[i]], 160);
      return firstLine(JSON.stringify(input), 160);
    }
    return firstLine(tool.output, 160);
  }
  function eventWords(ev) {
    var parts = [ev.type, ev.text || ''];
    if (ev.tool) {
      parts.push(ev.tool.name, ev.tool.input === undefined ? '' : json(ev.tool.input), ev.tool.output || '', ev.tool.status || '');
      (ev.tool.files || []).forEach(function (f) { parts.push(f.path, f.diff || ''); });
    }
    if (ev.meta) parts.push(json(ev.meta));
    return parts.join('\n');
  }
  function haystack(item) {
    if (item.words === undefined) item.words = [item.ev].concat(item.results).map(eventWords).join('\n').toLowerCase();
    return item.words;
  }

  // ---- building rows (text only through textContent) ----------------------------------------
  function el(tag, className, text) {
    var node = document.createElement(tag);
    if (className) node.className = className;
    if (text !== undefined && text !== null && text !== '') node.textContent = String(text);
    return node;
  }
  /** Text with redaction placeholders marked; still text nodes and <mark> only. */
  function textInto(node, text) {
    text = String(text);
    var at = 0;
    PLACEHOLDER.lastIndex = 0;
    for (var match = PLACEHOLDER.exec(text); match; match = PLACEHOLDER.exec(text)) {
      if (match.index > at) node.appendChild(document.createTextNode(text.slice(at, match.index)));
      node.appendChild(el('mark', 'redacted', match[0]));
      at = match.index + match[0].length;
    }
    if (at < text.length) node.appendChild(document.createTextNode(text.slice(at)));
    return node;
  }
  function textBlock(text) { return textInto(el('div', 'text'), text); }
  function preBlock(text) { return textInto(el('pre'), text); }
  function timeOf(ev) {
    if (!ev.timestamp) return null;
    var node = el('time', 'when', ev.timestamp.slice(11, 19));
    node.setAttribute('datetime', ev.timestamp);
    node.title = ev.timestamp;
    return node;
  }
  function headInto(head, kind, ev, extra) {
    head.appendChild(el('span', 'kind', kind));
    (extra || []).forEach(function (node) { if (node) head.appendChild(node); });
    var info = [];
    if (ev.model) info.push(ev.model);
    if (ev.usage) info.push(ev.usage.input + ' in / ' + ev.usage.output + ' out');
    if (ev.synthetic) info.push('added by atx');
    if (info.length) head.appendChild(el('span', 'info', info.join(' \u00b7 ')));
    var when = timeOf(ev);
    if (when) head.appendChild(when);
    return head;
  }
  function shell(item, kind, collapsible, extra) {
    var ev = item.ev;
    var row = el(collapsible ? 'details' : 'article', 'ev ev-' + (item.group ? 'group' : ev.type));
    if (!item.group) row.setAttribute('data-seq', ev.seq);
    if (isError(item)) row.classList.add('err');
    row.appendChild(headInto(el(collapsible ? 'summary' : 'div', collapsible ? '' : 'ev-head'), kind, ev, extra));
    return row;
  }
  function badge(status) { return status ? el('span', 'badge badge-' + status, status) : null; }
  function diffInto(node, diff) {
    var pre = el('pre', 'diff');
    diff.split('\n').forEach(function (line) {
      var cls = /^(\+\+\+|---)( |$)/.test(line) ? 'file' : line[0] === '+' ? 'add' : line[0] === '-' ? 'del' : line.slice(0, 2) === '@@' ? 'hunk' : 'ctx';
      pre.appendChild(textInto(el('span', cls), line || ' '));
    });
    node.appendChild(pre);
  }
  function filesInto(node, files) {
    (files || []).forEach(function (file) {
      node.appendChild(el('div', 'label', file.action + ' ' + file.path));
      if (file.diff) diffInto(node, file.diff);
    });
  }
  function withheldInto(node, ev) {
    (ev.withheld || []).forEach(function (w) {
      var kept = w.keptChars !== undefined ? ', ' + w.keptChars + ' kept' : '';
      node.appendChild(el('div', 'label', w.field + ' ' + w.reason + (w.chars !== undefined ? ': ' + w.chars + ' characters' + kept : '')));
    });
  }
  function attachmentsInto(node, ev) {
    (ev.attachments || []).forEach(function (a) {
      node.appendChild(el('div', 'label', 'attachment: ' + a.kind + ' ' + (a.mime || '') + ' ' + (a.path || '') + (a.bytes !== undefined ? ' (' + a.bytes + ' bytes)' : '')));
    });
  }
  /** A result inside its call's row carries its own seq; a result alone is its row. */
  function resultInto(node, ev, insideCall) {
    var section = el('section', 'result');
    if (insideCall) section.setAttribute('data-seq', ev.seq);
    var tool = ev.tool;
    if (tool.status && ERROR_STATUS[tool.status]) section.classList.add('err');
    var facts = ['result'];
    if (tool.status) facts.push(tool.status);
    if (tool.exitCode !== undefined) facts.push('exit code ' + tool.exitCode);
    if (tool.durationMs !== undefined) facts.push(tool.durationMs + ' ms');
    section.appendChild(el('div', 'label', facts.join(' \u00b7 ')));
    if (ev.text) section.appendChild(textBlock(ev.text));
    if (tool.output !== undefined && tool.output !== null && tool.output !== '') section.appendChild(preBlock(tool.output));
    filesInto(section, tool.files);
    withheldInto(section, ev);
    node.appendChild(section);
  }

  function toolRow(item, nested) {
    var ev = item.ev;
    var tool = ev.tool;
    var isCall = ev.type === 'tool_call';
    var subagent = item.children ? el('span', 'info', 'subagent \u00b7 ' + plural(countEvents(item.children), 'event')) : null;
    var row = shell(item, isCall ? 'tool' : 'result', true, [el('span', 'tool-name', tool.name), el('span', 'line', toolSummary(tool)), subagent, badge(statusOf(item))]);
    if (isCall) {
      if (ev.text) row.appendChild(textBlock(ev.text));
      if (tool.input !== undefined) { row.appendChild(el('div', 'label', 'arguments')); row.appendChild(preBlock(json(tool.input))); }
      if (tool.mcp) row.appendChild(el('div', 'label', 'MCP ' + tool.mcp.server + ' / ' + tool.mcp.tool));
      filesInto(row, tool.files);
      withheldInto(row, ev);
      item.results.forEach(function (result) { resultInto(row, result, true); });
      if (!item.results.length) row.appendChild(el('div', 'label', 'no result recorded'));
    } else {
      resultInto(row, ev, false);
    }
    if (item.children) row.appendChild(subagentBlock(item, nested));
    return row;
  }
  function subagentBlock(item, nested) {
    var box = el('details', 'subagent');
    box.appendChild(el('summary', '', 'subagent \u00b7 ' + plural(countEvents(item.children), 'event')));
    if (!nested) {
      box.appendChild(el('div', 'label', 'its events are listed on their own while a filter is on'));
      return box;
    }
    var timeline = el('div', 'timeline');
    box.appendChild(timeline);
    // rendered on first opening: a long subagent costs nothing until someone looks at it
    box.addEventListener('toggle', function first() {
      if (!box.open) return;
      box.removeEventListener('toggle', first);
      lazyList(timeline, item.children, true);
    });
    return box;
  }
  function countEvents(list) {
    return list.reduce(function (sum, item) {
      return sum + (item.group ? 0 : 1 + item.results.length) + (item.children ? countEvents(item.children) : 0);
    }, 0);
  }
  function groupRow(item, nested) {
    var row = shell(item, 'branch', true, [el('span', 'line', item.group)]);
    row.open = true;
    row.appendChild(el('div', 'label', 'events off the main line whose starting call is not in this session \u00b7 ' + plural(countEvents(item.children), 'event')));
    var timeline = el('div', 'timeline');
    row.appendChild(timeline);
    if (nested) lazyList(timeline, item.children, true);
    return row;
  }
  function textRow(item, kind, collapsed) {
    var ev = item.ev;
    var row = shell(item, kind, collapsed, collapsed ? [el('span', 'line', firstLine(ev.text, 160))] : null);
    if (ev.text) row.appendChild(textBlock(ev.text));
    attachmentsInto(row, ev);
    withheldInto(row, ev);
    return row;
  }
  function metaRow(item) {
    var ev = item.ev;
    var meta = ev.meta || {};
    var details = [meta.reason, meta.recordType, meta.file, meta.line !== undefined ? 'line ' + meta.line : ''].filter(Boolean).join(' \u00b7 ');
    var row = shell(item, 'meta', false, [el('span', 'tool-name', meta.kind), el('span', 'info', details)]);
    if (ev.text) row.appendChild(textBlock(ev.text));
    return row;
  }
  function renderItem(item, nested) {
    if (item.group) return groupRow(item, nested);
    switch (item.ev.type) {
      case 'user_message': return textRow(item, 'prompt', false);
      case 'assistant_message': return textRow(item, 'answer', false);
      case 'reasoning': return textRow(item, 'reasoning', true);
      case 'system': return textRow(item, isError(item) ? 'error' : 'system', !isError(item));
      case 'tool_call': case 'tool_result': return toolRow(item, nested);
      case 'meta': return metaRow(item);
      default: return textRow(item, item.ev.type, false);
    }
  }

  // ---- lazy lists: a batch now, the next when the end comes near ---------------------------
  var pending = new Map();
  var observer = new IntersectionObserver(function (entries) {
    entries.forEach(function (entry) {
      if (!entry.isIntersecting) return;
      var more = pending.get(entry.target);
      if (more) more();
    });
  }, { rootMargin: '0px 0px 1200px 0px' });

  function lazyList(container, list, nested) {
    var next = 0;
    var sentinel = el('div', 'sentinel');
    function more() {
      var end = Math.min(next + BATCH, list.length);
      var fragment = document.createDocumentFragment();
      for (; next < end; next++) fragment.appendChild(renderItem(list[next], nested));
      container.insertBefore(fragment, sentinel);
      observer.unobserve(sentinel);
      if (next >= list.length) { pending.delete(sentinel); sentinel.remove(); return; }
      // observing again reports the sentinel's state afresh: it may still be in reach after this batch
      observer.observe(sentinel);
    }
    container.appendChild(sentinel);
    pending.set(sentinel, more);
    more();
  }

  // ---- search and filters -------------------------------------------------------------------
  var timeline = document.getElementById('timeline');
  var search = document.getElementById('search');
  var errorsOnly = document.getElementById('errors-only');
  var typeBoxes = Array.prototype.slice.call(document.querySelectorAll('input[data-types]'));
  var status = document.getElementById('status');

  function shownTypes() {
    var shown = {};
    typeBoxes.forEach(function (box) {
      if (box.checked) box.getAttribute('data-types').split(' ').forEach(function (type) { shown[type] = 1; });
    });
    return shown;
  }
  function render() {
    pending.forEach(function (_more, sentinel) { observer.unobserve(sentinel); });
    pending.clear();
    timeline.textContent = '';
    var query = search.value.trim().toLowerCase();
    var types = shownTypes();
    var filtered = query !== '' || errorsOnly.checked || typeBoxes.some(function (box) { return !box.checked; });
    var list = top;
    if (filtered) {
      list = items.filter(function (item) {
        return types[item.ev.type] && (!errorsOnly.checked || isError(item)) && (query === '' || haystack(item).indexOf(query) !== -1);
      });
      status.textContent = list.length + ' of ' + items.length + ' entries match';
    } else {
      status.textContent = plural(events.length, 'event');
    }
    if (!list.length) timeline.appendChild(el('p', 'empty', 'Nothing matches.'));
    else lazyList(timeline, list, !filtered);
  }
  var typing;
  search.addEventListener('input', function () {
    clearTimeout(typing);
    // the first search reads the whole session: say so while it runs
    if (search.value.trim()) status.textContent = 'searching\u2026';
    typing = setTimeout(render, 150);
  });
  errorsOnly.addEventListener('change', render);
  typeBoxes.forEach(function (box) { box.addEventListener('change', render); });
  render();
  document.documentElement.setAttribute('data-ready', 'true');
})();
`;
//# sourceMappingURL=page-script.js.map