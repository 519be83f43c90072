import type { GenUiError } from '@agent-chat/core/genui';

/** A message of agent-sent UI that cannot be shown: what went wrong, in the part's place (the rest of the answer stays). */
export function A2uiError({ error }: { error: GenUiError }) {
  return (
    <div className="acu-a2ui" data-state="error" data-code={error.code} role="alert">
      <p className="acu-a2ui__error">
        This interface could not be shown: <span className="acu-a2ui__reason">{error.message.slice(0, 300)}</span>
      </p>
    </div>
  );
}
