import { proxyToAgent } from '../agent-proxy';

// The same agent with a client-managed session (the browser sends the conversation each turn): what a chat that
// starts from a history rendered on the server talks to.
export async function POST(request: Request) {
  return proxyToAgent(request, '/api/agent-client');
}
