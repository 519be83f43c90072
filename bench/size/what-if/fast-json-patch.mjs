// What-if (bench/size/check-size.mjs --what-if): a minimal RFC 6902 `applyOperation` on immer drafts, about the size a
// replacement of fast-json-patch in packages/core/src/chat/state/patch-copy-on-write.ts would have. A size estimate only: not
// wired into the core, not run against its tests.
const unescape = (s) => s.replace(/~1/g, '/').replace(/~0/g, '~');
const clone = (v) => (v === undefined ? v : JSON.parse(JSON.stringify(v)));
function equal(a, b) {
  if (a === b) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || !a || !b || Array.isArray(a) !== Array.isArray(b)) return false;
  const ka = Object.keys(a), kb = Object.keys(b);
  return ka.length === kb.length && ka.every((k) => equal(a[k], b[k]));
}
function locate(doc, path, index) {
  const keys = path.split('/').slice(1).map(unescape);
  const last = keys.pop();
  let parent = doc;
  for (const key of keys) {
    parent = parent?.[Array.isArray(parent) ? toIndex(parent, key, false, index) : key];
    if (parent === null || typeof parent !== 'object') throw new Error(`Operation ${index}: path ${path} does not exist`);
  }
  return [parent, last];
}
function toIndex(array, key, forAdd, index) {
  if (forAdd && key === '-') return array.length;
  if (!/^(0|[1-9]\d*)$/.test(key) || +key > array.length - (forAdd ? 0 : 1)) throw new Error(`Operation ${index}: bad array index ${key}`);
  return +key;
}
function get(doc, path, index) {
  const [parent, key] = locate(doc, path, index);
  const k = Array.isArray(parent) ? toIndex(parent, key, false, index) : key;
  if (!(k in parent)) throw new Error(`Operation ${index}: ${path} does not exist`);
  return parent[k];
}
function remove(doc, path, index) {
  const [parent, key] = locate(doc, path, index);
  const value = get(doc, path, index);
  if (Array.isArray(parent)) parent.splice(toIndex(parent, key, false, index), 1); else delete parent[key];
  return value;
}
function add(doc, path, value, index) {
  const [parent, key] = locate(doc, path, index);
  if (Array.isArray(parent)) parent.splice(toIndex(parent, key, true, index), 0, value); else parent[key] = value;
}
export function applyOperation(doc, op, _v, _m, _b, index) {
  switch (op.op) {
    case 'add': return add(doc, op.path, op.value, index);
    case 'remove': return remove(doc, op.path, index);
    case 'replace': get(doc, op.path, index); { const [p, k] = locate(doc, op.path, index); p[Array.isArray(p) ? +k : k] = op.value; } return;
    case 'move': return add(doc, op.path, remove(doc, op.from, index), index);
    case 'copy': return add(doc, op.path, clone(get(doc, op.from, index)), index);
    case 'test': if (!equal(get(doc, op.path, index), op.value)) throw new Error(`Operation ${index}: test failed`); return;
  }
}
/** The value at a JSON pointer (`''` is the document itself); throws where the path does not resolve. */
export function getValueByPointer(doc, pointer) {
  return pointer === '' ? doc : get(doc, pointer, 0);
}
export default { applyOperation, getValueByPointer };
