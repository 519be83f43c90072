import { protocolTransport, type ProtocolName, type Transport } from '@agent-chat/core';
import { useMemo } from 'react';

/**
 * A view's connection as plain data — what a server component can pass to a client one: a protocol by name, the
 * agent's URL and fixed headers. The transport is built in the browser and loads its protocol on the first turn.
 * With a `chat` they are ignored; with a `transport` too, they replace it.
 */
export interface ProtocolConnectionProps {
  /** The wire protocol: `'genkit'`, `'agentflow'`, `'agui'`, `'ai-sdk'` or `'tnsai'`. */
  protocol: ProtocolName;
  /** The agent's URL, e.g. `/api/agent` (AgentFlow: the server's address; AI SDK: the chat route). */
  url: string;
  /** Headers sent with every request (plain strings; for a per-request token pass a `transport` instead). */
  headers?: Record<string, string>;
}

/** The transport of a view's plain-data connection, the same object while protocol, URL and headers are equal. */
export function useProtocolTransport(connection: Partial<ProtocolConnectionProps>): Transport | undefined {
  const { protocol, url, headers } = connection;
  const headerKey = headers ? JSON.stringify(headers) : '';
  return useMemo(
    // Pure: the protocol's module is imported on the first turn, not here.
    () => (protocol && url !== undefined ? protocolTransport(protocol, headerKey ? { url, headers: JSON.parse(headerKey) as Record<string, string> } : { url }) : undefined),
    [protocol, url, headerKey],
  );
}
