#!/usr/bin/env node
// The JavaScript the example apps ship, gzipped (level 9), from their builds in the temp folder (run the e2e suite or
// `node examples/prepare-example.mjs <name>` first). Next.js: the scripts a page's HTML loads, and what a page of the
// kit adds over Next's own not-found page (React, Next's runtime). Vite: every JS asset of the build.
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { preparedExample } from './prepare-example.mjs';

const gz = (path) => gzipSync(readFileSync(path), { level: 9 }).length;
const kB = (bytes) => `${(bytes / 1000).toFixed(1)} kB`;

function nextPageScripts(dir, page) {
  const html = readFileSync(join(dir, '.next/server/app', `${page}.html`), 'utf8');
  return new Set([...html.matchAll(/src="\/_next\/(static\/[^"]+\.js)"/g)].map((match) => join(dir, '.next', match[1])));
}

const next = preparedExample('nextjs');
if (existsSync(join(next, '.next/server/app/index.html'))) {
  const base = nextPageScripts(next, '_not-found');
  const sum = (files) => [...files].reduce((total, file) => total + gz(file), 0);
  for (const page of ['index', 'parts']) {
    const scripts = nextPageScripts(next, page);
    const added = [...scripts].filter((file) => !base.has(file));
    console.log(`nextjs /${page === 'index' ? '' : page}: ${kB(sum(scripts))} gz in ${scripts.size} scripts; over the not-found page (${kB(sum(base))}): +${kB(sum(added))}`);
  }
} else console.log('nextjs: not built');

const vite = preparedExample('vite');
if (existsSync(join(vite, 'dist/assets'))) {
  const assets = readdirSync(join(vite, 'dist/assets')).filter((name) => name.endsWith('.js'));
  console.log(`vite: ${kB(assets.reduce((total, name) => total + gz(join(vite, 'dist/assets', name)), 0))} gz in ${assets.length} script(s) (React and React DOM included)`);
} else console.log('vite: not built');
