/** A thread row's height before it is measured. */
export const ROW_PX = 52;
/** Rows rendered before the list knows its height (jsdom, the first paint, the first page while the list loads). */
export const FIRST_ROWS = 40;
