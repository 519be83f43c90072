#!/usr/bin/env node
// tsc does not copy CSS: put the default stylesheet beside the compiled modules, where `exports["./styles.css"]` points.
import { copyFileSync, mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const source = fileURLToPath(new URL('../src/styles.css', import.meta.url));
const target = fileURLToPath(new URL('../dist/styles.css', import.meta.url));
mkdirSync(fileURLToPath(new URL('../dist/', import.meta.url)), { recursive: true });
copyFileSync(source, target);
