import type { SubAgentRun } from '@agent-chat/core';
import { forwardRef, useEffect, useId, useMemo, useState, type HTMLAttributes } from 'react';
import { Slot } from '../parts/slot.js';
import { composeHandlers, PartButton, type AsChildProps, type PartButtonProps } from '../parts/part-button.js';
import { cx } from '../util/class-names.js';
import { defaultSubAgentLabels, SubAgentContext, useSubAgent, type SubAgentLabels } from './sub-agent-context.js';

// The parts of a sub-agent's run, nested under the tool call that started it: Root (the disclosure's state), Trigger
// (the button that opens and closes it), Name, Status, Elapsed, Content (what opens), Announcer (its end, said to
// screen readers). Each renders one element, or
// with `asChild` gives its props to its only child.

type DivProps = HTMLAttributes<HTMLDivElement> & AsChildProps;
type SpanProps = HTMLAttributes<HTMLSpanElement> & AsChildProps;

/** Props of {@link Root}. */
export interface RootProps extends DivProps {
  run: SubAgentRun;
  /** Controlled: whether the run's work shows. Uncontrolled it shows while the run works and closes when it ends. */
  open?: boolean;
  defaultOpen?: boolean;
  onOpenChange?: (open: boolean) => void;
  labels?: Partial<SubAgentLabels>;
}

const working = (run: SubAgentRun) => run.status === 'running' || run.status === 'interrupted';

/** The run's disclosure: `data-state` open / closed, and the run's status as `data-status`. */
export const Root = forwardRef<HTMLDivElement, RootProps>(function Root({ run, open: controlled, defaultOpen, onOpenChange, labels: own, asChild, className, children, ...rest }, ref) {
  // The user's own choice wins; until there is one the run's work shows while it works, and folds away at its end.
  const [chosen, setChosen] = useState<boolean | undefined>(defaultOpen);
  const open = controlled ?? chosen ?? working(run);
  const id = useId();
  const labels = useMemo(() => ({ ...defaultSubAgentLabels, ...own }), [own]);
  const value = useMemo(() => ({
    run, open, labels, triggerId: `${id}-trigger`, contentId: `${id}-content`,
    setOpen: (next: boolean) => {
      if (controlled === undefined) setChosen(next);
      onOpenChange?.(next);
    },
  }), [run, open, labels, id, controlled, onOpenChange]);
  const Element = asChild ? Slot : 'div';
  return (
    <SubAgentContext.Provider value={value}>
      <Element {...rest} ref={ref} className={cx('acu-subagent', className)} data-state={open ? 'open' : 'closed'} data-status={run.status}>
        {children}
      </Element>
    </SubAgentContext.Provider>
  );
});

/** A polite live region (visually hidden unless styled) that tells screen readers how the run ended: "researcher: Done". */
export const Announcer = forwardRef<HTMLSpanElement, SpanProps>(function Announcer({ asChild, className, children, ...rest }, ref) {
  const { run, labels } = useSubAgent('Announcer');
  const Element = asChild ? Slot : 'span';
  const said = run.status === 'running' ? '' : labels.announce(run.agent ?? labels.agent, labels.status[run.status]);
  return <Element aria-live="polite" {...rest} ref={ref} className={cx('acu-visually-hidden', className)}>{children ?? said}</Element>;
});

/** The button that shows and hides the run's work (`aria-expanded`, `aria-controls`). */
export const Trigger = forwardRef<HTMLButtonElement, PartButtonProps>(function Trigger({ className, onClick, ...rest }, ref) {
  const { open, setOpen, triggerId, contentId } = useSubAgent('Trigger');
  return (
    <PartButton
      id={triggerId}
      {...rest}
      ref={ref}
      className={cx('acu-subagent__trigger', className)}
      aria-expanded={open}
      aria-controls={contentId}
      data-state={open ? 'open' : 'closed'}
      onClick={composeHandlers(onClick, () => setOpen(!open))}
    />
  );
});

/** The agent's name (the protocol's, else the labels' word for a sub-agent). */
export const Name = forwardRef<HTMLSpanElement, SpanProps>(function Name({ asChild, className, children, ...rest }, ref) {
  const { run, labels } = useSubAgent('Name');
  const Element = asChild ? Slot : 'span';
  return <Element {...rest} ref={ref} className={cx('acu-subagent__name', className)}>{children ?? run.agent ?? labels.agent}</Element>;
});

/** The run's status in words, with `data-status`. */
export const Status = forwardRef<HTMLSpanElement, SpanProps>(function Status({ asChild, className, children, ...rest }, ref) {
  const { run, labels } = useSubAgent('Status');
  const Element = asChild ? Slot : 'span';
  return <Element {...rest} ref={ref} className={cx('acu-subagent__status', className)} data-status={run.status}>{children ?? labels.status[run.status]}</Element>;
});

/** How long the run took, or has been working (counted each second while it works; nothing before the page is live). */
export const Elapsed = forwardRef<HTMLSpanElement, SpanProps>(function Elapsed({ asChild, className, children, ...rest }, ref) {
  const { run, labels } = useSubAgent('Elapsed');
  const [now, setNow] = useState<number | null>(null);
  const ticking = run.status === 'running' && run.startedAt !== undefined;
  useEffect(() => {
    if (!ticking) return;
    setNow(Date.now());
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, [ticking]);
  const ms = run.durationMs ?? (ticking && now !== null ? Math.max(0, now - run.startedAt!) : undefined);
  if (ms === undefined && children === undefined) return null;
  const Element = asChild ? Slot : 'span';
  return <Element {...rest} ref={ref} className={cx('acu-subagent__elapsed', className)}>{children ?? labels.elapsed(ms!)}</Element>;
});

/** What opens: the run's work, a group labelled by the trigger; while closed an empty `hidden` element (its children are not rendered). */
export const Content = forwardRef<HTMLDivElement, DivProps>(function Content({ asChild, className, children, ...rest }, ref) {
  const { open, triggerId, contentId } = useSubAgent('Content');
  const Element = asChild && open ? Slot : 'div';
  return (
    <Element id={contentId} role="group" aria-labelledby={triggerId} hidden={!open} {...rest} ref={ref} className={cx('acu-subagent__content', className)} data-state={open ? 'open' : 'closed'}>
      {open ? children : null}
    </Element>
  );
});
