import { Suspense } from 'react';
import { lazyPart } from '../util/lazy-part.js';
import type { SubAgentViewProps } from './sub-agent-view.js';

const nothing = () => null;
/** A sub-agent's run under its tool call (`SubAgentView`): loaded at the first run shown. */
export const subAgentViewPart = /* @__PURE__ */ lazyPart(() => import('./sub-agent-view.js'), (module) => module.SubAgentView, nothing);

const SubAgentViewChunk = subAgentViewPart.Component;

/** `SubAgentView` loaded on demand (nothing until its chunk is there: the tool row above says the call runs). */
export function LazySubAgentView(props: SubAgentViewProps) {
  return (
    <Suspense fallback={null}>
      <SubAgentViewChunk {...props} />
    </Suspense>
  );
}
