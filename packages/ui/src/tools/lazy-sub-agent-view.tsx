import { lazyPart } from '../util/lazy-part.js';

const nothing = () => null;
/** A sub-agent's run under its tool call (`SubAgentView`): loaded at the first run shown. */
export const subAgentViewPart = /* @__PURE__ */ lazyPart(() => import('./sub-agent-view.js'), (module) => module.SubAgentView, nothing);

/** `SubAgentView` loaded on demand (nothing until its chunk is there: the tool row above says the call runs). */
export const LazySubAgentView = subAgentViewPart.Lazy;
