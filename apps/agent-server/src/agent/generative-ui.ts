/**
 * What the task agent draws (issue 43): an A2UI v0.9 booking form (custom parts of its answer, one A2UI message each)
 * and an MCP App (spec 2026-01-26): a small HTML chart of the tasks, a `ui://` resource this server holds and embeds in
 * the `chartTasks` tool's result, as MCP's `resources/read` would return it.
 */
import type { Part } from 'genkit/beta';

export const BOOKING_SURFACE = 'booking';
/** The A2UI basic catalog's id (v0.9), which the kit's default catalog answers to. */
export const BASIC_CATALOG = 'https://a2ui.org/specification/v0_9/catalogs/basic/catalog.json';
export const TASK_CHART_URI = 'ui://tasks/chart.html';
export const MCP_APP_MIME_TYPE = 'text/html;profile=mcp-app';

const a2ui = (message: Record<string, unknown>): Part => ({ custom: { a2ui: { version: 'v0.9', ...message } } });

/** The booking form: name, party size and time bound to the data model; Book sends them back as the `book` action. */
export function bookingFormParts(): Part[] {
  const surfaceId = BOOKING_SURFACE;
  return [
    a2ui({ createSurface: { surfaceId, catalogId: BASIC_CATALOG } }),
    a2ui({
      updateComponents: {
        surfaceId,
        components: [
          { id: 'root', component: 'Column', children: ['title', 'name', 'party', 'time', 'book'] },
          { id: 'title', component: 'Text', variant: 'h3', text: { path: '/title' } },
          { id: 'name', component: 'TextField', label: 'Name', value: { path: '/booking/name' } },
          { id: 'party', component: 'TextField', label: 'Guests', variant: 'number', value: { path: '/booking/party' } },
          { id: 'time', component: 'TextField', label: 'Time', value: { path: '/booking/time' } },
          { id: 'book-label', component: 'Text', text: 'Book' },
          {
            id: 'book', component: 'Button', variant: 'primary', child: 'book-label',
            action: { event: { name: 'book', context: { name: { path: '/booking/name' }, party: { path: '/booking/party' }, time: { path: '/booking/time' } } } },
          },
        ],
      },
    }),
    a2ui({ updateDataModel: { surfaceId, path: '/', value: { title: 'Book a table', booking: { name: '', party: '2', time: '19:30' } } } }),
  ];
}

/** The answer to a `book` action (A2UI v0.9 `action`): from its context's values. */
export function bookingAnswer(context: Record<string, unknown>): string {
  const name = String(context.name ?? '').trim() || 'you';
  const party = String(context.party ?? '').trim() || 'some';
  const time = String(context.time ?? '').trim() || 'tonight';
  return `Booked a table for ${party} at ${time}, under the name ${name}.`;
}

/**
 * The chart app. It speaks the MCP Apps view protocol by hand (JSON-RPC over postMessage to its host): `ui/initialize`,
 * then draws the tool result it is sent; Refresh calls `listTasks` through the host (`tools/call`).
 */
const CHART_HTML = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Tasks</title>
<style>
  :root { color-scheme: light dark; font: 14px system-ui, sans-serif; }
  body { margin: 12px; }
  .bar { display: flex; align-items: center; gap: 8px; margin: 6px 0; }
  .bar span:first-child { width: 4em; }
  .fill { height: 18px; border-radius: 4px; background: #2653c4; min-width: 2px; }
  .fill.done { background: #17743a; }
  button { font: inherit; padding: 4px 12px; border-radius: 999px; border: 1px solid #888; background: transparent; color: inherit; cursor: pointer; }
</style></head>
<body>
<h1 style="font-size:16px;margin:0 0 8px">Your tasks</h1>
<div id="chart" role="img" aria-label="No tasks yet">Loading…</div>
<p><button id="refresh" type="button">Refresh</button> <output id="status"></output></p>
<script>
  let nextId = 1;
  const pending = new Map();
  const send = (message) => window.parent.postMessage(Object.assign({ jsonrpc: '2.0' }, message), '*');
  const request = (method, params) => new Promise((resolve) => { const id = nextId++; pending.set(id, resolve); send({ id, method, params }); });
  const notify = (method, params) => send({ method, params });
  const size = () => notify('ui/notifications/size-changed', { width: document.body.scrollWidth, height: document.documentElement.scrollHeight });
  function draw(data) {
    const open = Number(data && data.open) || 0, done = Number(data && data.done) || 0, most = Math.max(open, done, 1);
    const chart = document.getElementById('chart');
    chart.setAttribute('aria-label', open + ' open, ' + done + ' done');
    chart.innerHTML = '';
    for (const [label, value, kind] of [['Open', open, ''], ['Done', done, 'done']]) {
      const row = document.createElement('div'); row.className = 'bar';
      const name = document.createElement('span'); name.textContent = label;
      const fill = document.createElement('span'); fill.className = 'fill ' + kind; fill.style.width = (value / most) * 200 + 'px';
      const count = document.createElement('span'); count.className = 'count'; count.textContent = String(value);
      row.append(name, fill, count); chart.append(row);
    }
    size();
  }
  const counts = (result) => { const data = result && result.structuredContent; if (!data) return null;
    return Array.isArray(data.open) ? { open: data.open.length, done: (data.done || []).length } : data; };
  window.addEventListener('message', (event) => {
    if (event.source !== window.parent) return;
    const message = event.data || {};
    if (message.id !== undefined && pending.has(message.id)) { pending.get(message.id)(message); pending.delete(message.id); return; }
    if (message.method === 'ui/notifications/tool-result') draw(counts(message.params));
  });
  document.getElementById('refresh').addEventListener('click', async () => {
    document.getElementById('status').textContent = 'Refreshing…';
    const answer = await request('tools/call', { name: 'listTasks', arguments: {} });
    const data = counts(answer.result);
    if (data) draw(data);
    document.getElementById('status').textContent = answer.error ? 'Refresh failed' : 'Refreshed';
  });
  request('ui/initialize', { appInfo: { name: 'task-chart', version: '1' }, appCapabilities: {}, protocolVersion: '2026-01-26' })
    .then(() => { notify('ui/notifications/initialized', {}); size(); });
</script>
</body></html>`;

/** The `ui://` resources this server holds, by URI (what `resources/read` would answer). */
export const UI_RESOURCES: ReadonlyMap<string, { uri: string; mimeType: string; text: string }> = new Map([
  [TASK_CHART_URI, { uri: TASK_CHART_URI, mimeType: MCP_APP_MIME_TYPE, text: CHART_HTML }],
]);

/** The `chartTasks` result: an MCP CallToolResult naming the chart and carrying it, with the counts it draws. */
export function taskChartResult(open: number, done: number) {
  return {
    content: [{ type: 'text', text: `${open} open, ${done} done.` }, { type: 'resource', resource: UI_RESOURCES.get(TASK_CHART_URI)! }],
    structuredContent: { open, done },
    _meta: { ui: { resourceUri: TASK_CHART_URI } },
  };
}
