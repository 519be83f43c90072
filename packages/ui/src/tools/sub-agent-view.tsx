import { isReasoningPart, isTextPart, isToolRequestPart, isToolResponsePart, type ChatMessage, type SubAgentRun, type ToolResponsePart } from '@agent-chat/core';
import { ToolActivity, type ToolActivityState } from './tool-activity.js';
import { Announcer, Content, Elapsed, Name, Root, Status, Trigger, type RootProps } from '../sub-agent/parts.js';
import { subAgentRunOf } from '../sub-agent/sub-agent-run.js';

/** Props of {@link SubAgentView}. */
export type SubAgentViewProps = Omit<RootProps, 'children'>;

/** The responses in a run's messages, by call ref. */
function responsesOf(messages: readonly ChatMessage[]): Map<string, ToolResponsePart> {
  const responses = new Map<string, ToolResponsePart>();
  for (const message of messages) for (const part of message.content) if (isToolResponsePart(part)) responses.set(part.toolResponse.ref ?? part.toolResponse.name, part);
  return responses;
}

/** A call of the run: done with its response, else running while the run works, else cut off with it. */
function callState(response: ToolResponsePart | undefined, run: SubAgentRun): ToolActivityState {
  if (response) return 'done';
  return run.status === 'running' ? 'running' : run.status === 'interrupted' ? 'awaiting-answer' : 'cancelled';
}

/** The run's messages: its text, its reasoning, its own tool calls (with their results), and its own sub-agents, nested. */
function RunMessages({ run }: { run: SubAgentRun }) {
  const responses = responsesOf(run.messages);
  return (
    <>
      {run.messages.map((message) => message.content.map((part, index) => {
        const key = `${message.id}:${index}`;
        if (isTextPart(part)) return part.text ? <p key={key} className="acu-subagent__text">{part.text}</p> : null;
        if (isReasoningPart(part)) return <p key={key} className="acu-subagent__reasoning">{part.reasoning}</p>;
        if (!isToolRequestPart(part)) return null;
        const response = responses.get(part.toolRequest.ref ?? part.toolRequest.name);
        const nested = subAgentRunOf(part);
        return (
          <div key={key} className="acu-subagent__call">
            <ToolActivity request={part.toolRequest} {...(response ? { response: response.toolResponse } : {})} state={callState(response, run)} />
            {nested ? <SubAgentView run={nested} /> : null}
          </div>
        );
      }))}
    </>
  );
}

/**
 * A sub-agent's run as the message list shows it under its tool call: a button with the agent's name, status and time
 * that opens its work (its text, reasoning and own tool calls as they stream; its own sub-agents nested the same way).
 * Open while it works, folded away when it ends; the user's own choice wins. Built from the `SubAgent` parts.
 */
export function SubAgentView(props: SubAgentViewProps) {
  return (
    <Root {...props}>
      <Trigger>
        <span className="acu-subagent__icon" aria-hidden="true" />
        <Name />
        <Status />
        <Elapsed />
      </Trigger>
      <Content>
        <RunMessages run={props.run} />
      </Content>
      <Announcer />
    </Root>
  );
}
