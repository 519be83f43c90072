// The size report's row per wire protocol, made from the protocol descriptors (@agent-chat/core's `protocols`): what an
// app that talks that one protocol ships — the engine, the hook and the protocol's transport. No protocol is named here.

const FRAMING = { sse: 'SSE', ndjson: 'NDJSON' };

/**
 * One row per descriptor: `app-<name>`, the app's imports with `<factory>` from the protocol's module (by default its
 * subpath, `@agent-chat/core/<name>`). `ceilings` holds the recorded regression ceilings by row id; a protocol without
 * one yet is held to the largest of them (a new protocol should not make the largest app). `budgets` holds a row's own
 * size budget by row id, where it differs from `budget`: a hard one (issue 40's 23 kB Genkit app), so such a row takes
 * no fallback ceiling (the largest app's ceiling would let `--regression` pass it kilobytes over its budget).
 */
export function protocolEntries(descriptors, { ceilings = {}, budgets = {}, moduleOf = (descriptor) => `@agent-chat/core/${descriptor.name}`, budget = 15 } = {}) {
  const fallback = Math.max(...Object.values(ceilings), 0) || undefined;
  return descriptors.map((descriptor) => {
    const id = `app-${descriptor.name}`;
    return {
      id,
      group: 'core',
      label: `… + \`${descriptor.factory}\` (${FRAMING[descriptor.framing] ?? descriptor.framing})`,
      source: `export { createAgentChat } from '@agent-chat/core';\nexport { ${descriptor.factory} } from '${moduleOf(descriptor)}';\nexport { useAgentChat, useAgentChatSelector } from '@agent-chat/react';\n`,
      budget: budgets[id] ?? budget,
      ceiling: ceilings[id] ?? (id in budgets ? undefined : fallback),
    };
  });
}
