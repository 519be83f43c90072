import { Slot } from '../parts/slot.js';
import { forwardRef, type ForwardedRef, type HTMLAttributes } from 'react';
import { cx } from '../util/class-names.js';
import { useLabels } from '../labels/labels.js';
import { composeHandlers, PartButton, type AsChildProps, type PartButtonProps } from '../parts/part-button.js';
import { appliesTo, useMessageActionsContext } from './message-actions-context.js';

/** Props of {@link BranchPicker}. */
export interface BranchPickerProps extends HTMLAttributes<HTMLSpanElement>, AsChildProps {}

/** Props of {@link BranchPickerCount}. */
export interface BranchPickerCountProps extends HTMLAttributes<HTMLSpanElement>, AsChildProps {}

/**
 * Where the message stands among its versions, read from the enclosing `MessageActions` (the picker's parts share its
 * context, none of their own); null where the picker does not apply (one version, or a chat without the version tree).
 */
function useVersions(part: string) {
  const context = useMessageActionsContext(part);
  const siblings = context.versions.siblings;
  if (!siblings || !appliesTo.branchPicker(context)) return null;
  const { index, count } = siblings;
  return { context, index, count, state: index === 0 ? 'first' : index === count - 1 ? 'last' : 'middle' };
}

/** Previous and Next, one implementation: a button that steps `step` versions, disabled at the end it would step past. */
function useStepButton(step: -1 | 1, { className, children, onClick, ...rest }: PartButtonProps, ref: ForwardedRef<HTMLButtonElement>) {
  const name = step < 0 ? 'Previous' : 'Next';
  const versions = useVersions(`BranchPicker.${name}`);
  const labels = useLabels();
  if (!versions) return null;
  const { context, index, count } = versions;
  const target = index + step;
  const disabled = target < 0 || target >= count;
  return (
    // Your own content names the part; the default's arrow gets a name ("Previous version").
    <PartButton aria-label={children === undefined ? (step < 0 ? labels.previousVersion : labels.nextVersion) : undefined} disabled={disabled} {...rest} ref={ref}
      className={cx('acu-button', className)} data-action={name.toLowerCase()} data-state={disabled ? 'disabled' : 'idle'} data-disabled={disabled ? '' : undefined}
      // An element of the app's that is not a button (a link) says it is disabled to assistive technology.
      aria-disabled={rest.asChild && disabled ? true : undefined}
      onClick={composeHandlers(onClick, () => disabled || context.chat.switchBranch(context.versions.id, target))}>
      {children ?? (step < 0 ? '‹' : '›')}
    </PartButton>
  );
}

/** Shows the version before this one (`‹`, named "Previous version"); disabled on the first (`data-state="disabled"`, `data-disabled`). */
export const BranchPickerPrevious = forwardRef<HTMLButtonElement, PartButtonProps>(function BranchPickerPrevious(props, ref) {
  return useStepButton(-1, props, ref);
});

/** Shows the version after this one (`›`, named "Next version"); disabled on the last (`data-state="disabled"`, `data-disabled`). */
export const BranchPickerNext = forwardRef<HTMLButtonElement, PartButtonProps>(function BranchPickerNext(props, ref) {
  return useStepButton(1, props, ref);
});

/**
 * The position `2 / 3`, hidden from assistive technology (the picker's group says "Version 2 of 3"); `data-state` is
 * `first`, `middle` or `last`. With `asChild` your element brings its own content.
 */
export const BranchPickerCount = forwardRef<HTMLSpanElement, BranchPickerCountProps>(function BranchPickerCount({ asChild, className, children, ...rest }, ref) {
  const versions = useVersions('BranchPicker.Count');
  if (!versions) return null;
  const Element = asChild ? Slot : 'span';
  return (
    <Element aria-hidden="true" {...rest} ref={ref} className={cx('acu-message-actions__position', className)} data-state={versions.state}>
      {children ?? `${versions.index + 1} / ${versions.count}`}
    </Element>
  );
});

const DEFAULT_PARTS = (
  <>
    <BranchPickerPrevious />
    <BranchPickerCount />
    <BranchPickerNext />
  </>
);

/**
 * `MessageActions.BranchPicker.Root`: the version switcher `‹ 2 / 3 ›` where a message has alternatives
 * (`chat.switchBranch`), a group named "Version 2 of 3"; `data-state` is `first`, `middle` or `last`. Its parts are
 * `.Previous`, `.Count` and `.Next` (the default, in that order); its children replace them.
 */
export const BranchPicker = forwardRef<HTMLSpanElement, BranchPickerProps>(function BranchPicker({ asChild, className, children, ...rest }, ref) {
  const versions = useVersions('BranchPicker');
  const labels = useLabels();
  if (!versions) return null;
  const Element = asChild ? Slot : 'span';
  return (
    <Element role="group" aria-label={labels.versionOf(versions.index + 1, versions.count)} {...rest} ref={ref} className={cx('acu-message-actions__versions', className)}
      data-state={versions.state}>
      {children ?? DEFAULT_PARTS}
    </Element>
  );
});
