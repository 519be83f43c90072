// fast-json-patch ships its ES modules under module/ with `.d.ts` (not `.d.mts`) beside them, so TypeScript's NodeNext
// resolution finds no types for the `.mjs` path. The module's API is the package's, typed by the package itself.
declare module 'fast-json-patch/module/core.mjs' {
  export { applyOperation, applyPatch, deepClone, getValueByPointer, JsonPatchError, validator, type Operation, type Validator } from 'fast-json-patch';
}
