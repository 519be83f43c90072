// Benchmark 4b: inserting at the front of a long list (`add /tasks/0`), the worst case for an immutable update:
// the list itself must be copied. Three ways, chained, each on its previous result, alternating rounds:
//   ours       applyCustomPatch on the store's deep-frozen state;
//   floor      plain fast-json-patch made immutable the cheapest way: copy the root and the list ({...doc, tasks:
//              [...doc.tasks]}), then applyPatch in place on the copy — what any immutable store pays at least;
//   in place   plain fast-json-patch applyPatch(doc, ops, true, true) mutating one unfrozen document (not immutable:
//              the previous state is gone; the lower bound of the operation itself);
//   cloning    fast-json-patch's own immutable mode, applyPatch(doc, ops, true, false), which deep-clones the document.
import { performance } from 'node:perf_hooks';
import { applyPatch } from 'fast-json-patch/index.mjs';
import { loadCore } from './lib/core.mjs';
import { summarize } from './lib/stats.mjs';

const { tasks, iterations = 15, rounds = 5, cloneIterations = 2 } = JSON.parse(process.argv[2]);
const core = await loadCore();
const gc = globalThis.gc ?? (() => {});
const task = (i) => ({ id: `t${i}`, title: `Task number ${i}`, done: false, tags: ['a', 'b'] });
const makeState = () => ({ status: 'working', tasks: Array.from({ length: tasks }, (_, i) => task(i)) });
const insert = (i) => [{ op: 'add', path: '/tasks/0', value: task(-i) }];

let ours = core.applyCustomPatch(undefined, [{ op: 'replace', path: '', value: makeState() }]);
let floor = ours;
const inPlace = makeState();
function time(run) {
  gc();
  const t0 = performance.now();
  for (let i = 0; i < iterations; i++) run(i);
  return (performance.now() - t0) / iterations;
}
const samples = { ours: [], floor: [], inPlace: [] };
for (let round = 0; round < rounds; round++) {
  samples.ours.push(time((i) => { ours = core.applyCustomPatch(ours, insert(i)); }));
  samples.floor.push(time((i) => {
    const copy = { ...floor, tasks: [...floor.tasks] };
    applyPatch(copy, insert(i), true, true);
    floor = copy;
  }));
  samples.inPlace.push(time((i) => applyPatch(inPlace, insert(i), true, true)));
}
let cloned = makeState();
const cloneMs = [];
for (let i = 0; i < cloneIterations; i++) {
  const t0 = performance.now();
  cloned = applyPatch(cloned, insert(i), true, false).newDocument;
  cloneMs.push(performance.now() - t0);
}
const expected = tasks + rounds * iterations;
if (ours.tasks.length !== expected || floor.tasks.length !== expected || !Object.isFrozen(ours.tasks)) throw new Error('insert: wrong document');
const result = {
  tasks,
  oursMs: summarize(samples.ours),
  floorMs: summarize(samples.floor),
  inPlaceMs: summarize(samples.inPlace),
  cloningMs: summarize(cloneMs),
};
console.log(JSON.stringify(result));
