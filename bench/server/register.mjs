// `node --import ./bench/server/register.mjs <worker>`: tsx for the TypeScript sources, then the @agent-chat/server
// aliases (registered last, so they run first and hand tsx the .ts path).
import { register } from 'node:module';
import { register as registerTsx } from 'tsx/esm/api';

registerTsx();
register('./alias-hooks.mjs', import.meta.url);
