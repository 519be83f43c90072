import type { ProtocolDescriptor } from '@agent-chat/core';

/** The echo protocol by name: the one line a sixth protocol adds to a list of descriptors. */
export const echoProtocol = {
  name: 'echo',
  framing: 'ndjson',
  contentType: 'application/x-ndjson',
  factory: 'echoTransport',
  traits: {},
  snapshots: false,
  load: async (options) => (await import('./echo-transport.js')).echoTransport(options),
} as const satisfies ProtocolDescriptor;
