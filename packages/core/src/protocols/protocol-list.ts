import type { ProtocolDescriptor } from '../transport/protocol-descriptor.js';
import { agentFlowProtocol } from './agentflow/agentflow-protocol.js';
import { aguiProtocol } from './agui/agui-protocol.js';
import { aiSdkProtocol } from './ai-sdk/ai-sdk-protocol.js';
import { genkitProtocol } from './genkit/genkit-protocol.js';
import { tnsaiProtocol } from './tnsai/tnsai-protocol.js';

/**
 * The wire protocols the kit speaks, one descriptor per `protocols/<name>/` folder: `protocolTransport`,
 * `@agent-chat/testing` and the size report walk this list. A new protocol is its folder plus one line here.
 */
export const protocols = [
  genkitProtocol,
  agentFlowProtocol,
  aguiProtocol,
  aiSdkProtocol,
  tnsaiProtocol,
] as const satisfies readonly ProtocolDescriptor[];

/** A wire protocol by name, for {@link protocolTransport}. */
export type ProtocolName = (typeof protocols)[number]['name'];

/** The names of the protocols in {@link protocols}. */
export const protocolNames: readonly ProtocolName[] = protocols.map((protocol) => protocol.name);

/** The descriptor of a protocol by name, or undefined. */
export function protocolNamed(name: string): (typeof protocols)[number] | undefined {
  return protocols.find((protocol) => protocol.name === name);
}
