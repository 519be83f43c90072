import { Slot } from './slot.js';
import { forwardRef, type ButtonHTMLAttributes, type SyntheticEvent } from 'react';

/** What every part takes besides its element's props: `asChild` renders the part onto its one child element instead. */
export interface AsChildProps {
  /** Gives the part's behaviour, attributes and class to its only child (e.g. your own `<a>`), which brings its own content, instead of rendering its own element. */
  asChild?: boolean | undefined;
}

/** Props of a part that is a button (or, with `asChild`, its child). */
export interface PartButtonProps extends ButtonHTMLAttributes<HTMLButtonElement>, AsChildProps {}

/** A button, or with `asChild` its one child with the button's props merged onto it (Radix's Slot). */
export const PartButton = forwardRef<HTMLButtonElement, PartButtonProps>(function PartButton({ asChild, type = 'button', ...rest }, ref) {
  // A link or custom element takes no `type`; a button defaults to "button" so it never submits a form by accident.
  return asChild ? <Slot {...rest} ref={ref} /> : <button type={type} {...rest} ref={ref} />;
});

/** Runs the app's handler first, then the part's own unless the app called `preventDefault()` (as Radix parts do). */
export function composeHandlers<E extends SyntheticEvent>(own: ((event: E) => void) | undefined, part: (event: E) => void): (event: E) => void {
  return (event) => {
    own?.(event);
    if (!event.defaultPrevented) part(event);
  };
}
