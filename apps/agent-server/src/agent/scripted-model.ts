/**
 * The default model: deterministic and offline (`ai.defineModel`). It streams its reply token by token
 * at a configurable pace, asks for tools like a real model would (streaming the tool request, then
 * returning it), and stops early when the turn is aborted.
 */
import type { GenerateResponseData, Part } from 'genkit/beta';
import type { GenkitBeta } from './genkit-runtime.js';
import { richClosingParts } from './rich-reply.js';
import { decideReply, tokenize } from './scripted-replies.js';
import { currentTurn, sleep } from '../turns/turn-context.js';

export const SCRIPTED_MODEL_NAME = 'scripted/task-assistant';

export interface ScriptedModelOptions {
  /** Delay between streamed tokens, in ms (default 25; 0 streams as fast as the event loop allows). */
  tokenDelayMs?: number;
  /** Aborted when the server shuts down. */
  shutdownSignal?: AbortSignal;
}

function abortError(): Error {
  const error = new Error('The turn was stopped.');
  error.name = 'AbortError';
  return error;
}

export function defineScriptedModel(ai: GenkitBeta, options: ScriptedModelOptions = {}) {
  const tokenDelayMs = options.tokenDelayMs ?? 25;
  return ai.defineModel(
    {
      apiVersion: 'v2',
      name: SCRIPTED_MODEL_NAME,
      label: 'Scripted task assistant (offline)',
      supports: { multiturn: true, tools: true, systemRole: true, media: true },
    },
    async (request, { sendChunk, abortSignal }): Promise<GenerateResponseData> => {
      const signals = [abortSignal, currentTurn()?.signal, options.shutdownSignal].filter(
        (signal): signal is AbortSignal => !!signal
      );
      const signal = AbortSignal.any(signals);
      const reply = decideReply(request.messages);

      if (reply.kind === 'tool') {
        const part: Part = { toolRequest: { name: reply.name, ref: `${reply.name}-${request.messages.length}`, input: reply.input } };
        for (const token of tokenize(reply.preamble ?? '')) {
          await sleep(tokenDelayMs, signal);
          if (signal.aborted) throw abortError();
          sendChunk({ content: [{ text: token }] });
        }
        await sleep(tokenDelayMs, signal);
        if (signal.aborted) throw abortError();
        sendChunk({ content: [part] });
        const content: Part[] = reply.preamble ? [{ text: reply.preamble }, part] : [part];
        return { message: { role: 'model', content }, finishReason: 'stop' };
      }

      let reasoning = '';
      if (reply.kind === 'rich') {
        for (const token of tokenize(reply.reasoning)) {
          await sleep(tokenDelayMs, signal);
          if (signal.aborted) throw abortError();
          reasoning += token;
          sendChunk({ content: [{ reasoning: token }] });
        }
      }
      let streamed = '';
      for (const token of tokenize(reply.text)) {
        await sleep(tokenDelayMs, signal);
        if (signal.aborted) throw abortError();
        streamed += token;
        sendChunk({ content: [{ text: token }] });
      }
      if (reply.kind === 'fail') throw new Error(reply.message);
      if (reply.kind === 'rich') {
        const closing = richClosingParts();
        sendChunk({ content: closing });
        // Tokens as the scripted model counts them: a streamed word is one.
        const usage = { inputTokens: request.messages.length * 10, outputTokens: tokenize(reasoning + streamed).length };
        const total = { ...usage, totalTokens: usage.inputTokens + usage.outputTokens };
        return {
          message: { role: 'model', content: [{ reasoning }, { text: streamed }, ...closing], metadata: { usage: total } },
          finishReason: 'stop',
          usage: total,
        };
      }
      // Parts after the text (an A2UI form): one chunk, as a real model's structured output would arrive.
      const parts = reply.kind === 'text' ? (reply.parts ?? []) : [];
      if (parts.length > 0) sendChunk({ content: parts });
      return {
        message: { role: 'model', content: [{ text: streamed }, ...parts] },
        finishReason: 'stop',
        usage: { outputCharacters: streamed.length },
      };
    }
  );
}
