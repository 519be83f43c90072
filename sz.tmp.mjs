import { build } from 'esbuild';
const lazy = { name: 'lazy', setup(b) { b.onResolve({ filter: /.*/ }, (a) => (a.kind === 'dynamic-import' ? { path: a.path, external: true } : undefined)); } };
const r = await build({ stdin: { contents: "export { createAgentChat, aguiTransport } from '@agent-chat/core'; export { useAgentChat } from '@agent-chat/react';", resolveDir: process.cwd() }, bundle: true, minify: true, format: 'esm', write: false, metafile: true, plugins: [lazy], external: ['react', 'react-dom', 'react/jsx-runtime'], define: { 'process.env.NODE_ENV': '"production"' } });
const out = Object.values(r.metafile.outputs)[0];
for (const [k, v] of Object.entries(out.inputs).sort((a, b) => b[1].bytesInOutput - a[1].bytesInOutput)) if (/agui|genui/.test(k)) console.log(v.bytesInOutput, k);
console.log('total', out.bytes);
