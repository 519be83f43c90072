// `node --import ./bench/lib/register.mjs <worker>`: TypeScript sources (packages/core/src) through tsx, a root devDependency.
import { register } from 'tsx/esm/api';

register();
