// MessageActions.BranchPicker: picking a version, as parts (`<MessageActions.BranchPicker.Root>` with `.Previous`, `.Count`, `.Next`).
/** The version switcher's group; `data-state` `first` | `middle` | `last`. */
export { BranchPicker as Root, type BranchPickerProps as RootProps } from './branch-picker.js';
/** Shows the version before this one; `data-state` `disabled` on the first, else `idle`. */
export { BranchPickerPrevious as Previous } from './branch-picker.js';
/** The position `2 / 3`; `data-state` `first` | `middle` | `last`. */
export { BranchPickerCount as Count, type BranchPickerCountProps as CountProps } from './branch-picker.js';
/** Shows the version after this one; `data-state` `disabled` on the last, else `idle`. */
export { BranchPickerNext as Next } from './branch-picker.js';
