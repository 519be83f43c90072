// What-if (bench/size/check-size.mjs --what-if): a minimal WHATWG SSE line parser with the `createParser` surface
// packages/core/src/wire/sse.ts uses (onEvent, onError for unknown fields), about the size a replacement of
// eventsource-parser would have. A size estimate only: not wired into the core, not run against its tests.
export function createParser({ onEvent, onError }) {
  let data = [], event, id, pending = '';
  const dispatch = () => {
    if (data.length) onEvent({ data: data.join('\n'), event, id });
    data = []; event = undefined;
  };
  return {
    feed(chunk) {
      const lines = (pending + chunk).split(/\r\n|\r|\n/);
      pending = lines.pop();
      for (const line of lines) {
        if (line === '') { dispatch(); continue; }
        if (line[0] === ':') continue;
        const colon = line.indexOf(':');
        const field = colon < 0 ? line : line.slice(0, colon);
        let value = colon < 0 ? '' : line.slice(colon + 1);
        if (value[0] === ' ') value = value.slice(1);
        if (field === 'data') data.push(value);
        else if (field === 'event') event = value;
        else if (field === 'id') id = value;
        else if (field !== 'retry') onError?.({ type: 'unknown-field', field, value, line });
      }
    },
    reset() { data = []; event = undefined; pending = ''; },
  };
}
