import { Suspense } from 'react';
import { cx } from '../util/class-names.js';
import { lazyPart } from '../util/lazy-part.js';
import { readableToolName } from '../util/readable-name.js';
import { useLabels } from '../labels/labels.js';
import type { ToolActivityProps } from './tool-activity.js';

/** A tool call's name and status in words, as the tool row's summary shows them: until its chunk is there. */
function PlainToolActivity({ request, response, state, className }: ToolActivityProps) {
  const labels = useLabels();
  const name = request?.name ?? response?.name ?? labels.roleTool;
  return (
    <div className={cx('acu-tool-row', className)} data-state={state}>
      <div className="acu-tool" data-state={state}>
        <div className="acu-tool__summary">
          <span className="acu-tool__icon" data-state={state} aria-hidden="true" />
          <span className="acu-tool__name" title={name}>{readableToolName(name)}</span>
          <span className="acu-tool__status" data-state={state}>{labels.toolStatus[state]}</span>
        </div>
      </div>
    </div>
  );
}

/** The default tool row (`ToolActivity`, with its inline interrupt question): loaded at the first tool call shown. */
export const toolActivityPart = /* @__PURE__ */ lazyPart(() => import('./tool-activity.js'), (module) => module.ToolActivity, PlainToolActivity);

const ToolActivityChunk = toolActivityPart.Component;

/** `ToolActivity` loaded on demand: the call's name and status at once, its details and buttons when the chunk is there. */
export function LazyToolActivity(props: ToolActivityProps) {
  return (
    <Suspense fallback={<PlainToolActivity {...props} />}>
      <ToolActivityChunk {...props} />
    </Suspense>
  );
}
