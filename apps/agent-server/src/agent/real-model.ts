/**
 * Optional real model, chosen by environment variables. The plugin is *not* a dependency of this app:
 * install it yourself (see README.md). It is loaded only when `AGENT_MODEL` names its provider.
 *
 *   AGENT_MODEL=googleai/gemini-2.5-flash   (GEMINI_API_KEY or GOOGLE_API_KEY)  npm i @genkit-ai/google-genai
 *   AGENT_MODEL=vertexai/gemini-2.5-flash   (Google Cloud credentials)           npm i @genkit-ai/google-genai
 *
 * The plugin is loaded through `require` (lazily, at startup) for the same reason as genkit/beta (see
 * genkit-runtime.ts): its CommonJS build shares the CommonJS genkit the agent runs on.
 */
import { requireCjs } from './genkit-runtime.js';

interface ProviderPlugin {
  packageName: string;
  exportName: string;
}

export const MODEL_PROVIDERS: Record<string, ProviderPlugin> = {
  googleai: { packageName: '@genkit-ai/google-genai', exportName: 'googleAI' },
  vertexai: { packageName: '@genkit-ai/google-genai', exportName: 'vertexAI' },
};

export class ModelConfigError extends Error {
  override name = 'ModelConfigError';
}

interface RealModel {
  /** The Genkit model name, e.g. `googleai/gemini-2.5-flash`. */
  name: string;
  /** The plugin to pass to `genkit({plugins})`. */
  plugin: unknown;
}

/** Resolves `AGENT_MODEL` (`<provider>/<model>`) to its plugin; throws a {@link ModelConfigError} saying what to do. */
export function loadRealModel(modelName: string): RealModel {
  const slash = modelName.indexOf('/');
  const provider = slash > 0 ? modelName.slice(0, slash) : '';
  const entry = MODEL_PROVIDERS[provider];
  if (!entry || slash === modelName.length - 1) {
    throw new ModelConfigError(
      `AGENT_MODEL="${modelName}" is not supported. Use <provider>/<model> with provider ${Object.keys(MODEL_PROVIDERS).join(' or ')} ` +
        '(e.g. googleai/gemini-2.5-flash), or unset AGENT_MODEL for the offline scripted model.'
    );
  }
  let plugin: Record<string, unknown>;
  try {
    plugin = requireCjs(entry.packageName) as Record<string, unknown>;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'MODULE_NOT_FOUND') {
      throw new ModelConfigError(
        `AGENT_MODEL="${modelName}" needs the Genkit plugin ${entry.packageName}, which is not installed. ` +
          `Install it with: npm i -w apps/agent-server ${entry.packageName}@1.42.0  (or unset AGENT_MODEL).`
      );
    }
    throw error;
  }
  const factory = plugin[entry.exportName];
  if (typeof factory !== 'function') {
    throw new ModelConfigError(`${entry.packageName} has no export "${entry.exportName}"; is it a Genkit 1.x plugin?`);
  }
  return { name: modelName, plugin: (factory as () => unknown)() };
}
