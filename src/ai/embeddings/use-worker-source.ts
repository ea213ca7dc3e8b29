/**
 * Body of an embedding worker thread, run with `new Worker(source, { eval: true })`.
 *
 * It is plain CommonJS text rather than a module file so the same code runs from the compiled
 * build, under tsx and under the test runner: none of them can start a TypeScript file as a
 * worker. It loads the Universal Sentence Encoder Lite model once and answers
 * `{ id, texts }` with `{ type: 'result', id, data }`, `data` holding the vectors back to back.
 */
export const USE_WORKER_SOURCE = String.raw`
const { parentPort, workerData } = require('node:worker_threads');
const core = require(workerData.corePath);
const { initModel } = require(workerData.embeddingsPath);
const { modelSource } = require(workerData.modelPath);
// The backend must be up before the graph loads; initModel starts both at once and can lose that race.
const ready = core.ready().then(() => initModel(modelSource));
lowerPriority(workerData.lowerPriorityBy);
ready.then(
  () => parentPort.postMessage({ type: 'ready' }),
  (error) => parentPort.postMessage({ type: 'fatal', message: String((error && error.message) || error) }),
);
/** Linux schedules threads by their own niceness: a thread's id is the last part of /proc/thread-self. */
function lowerPriority(by) {
  if (!by) return;
  try {
    const os = require('node:os');
    const tid = Number(require('node:fs').readlinkSync('/proc/thread-self').split('/').pop());
    os.setPriority(tid, Math.min(19, os.getPriority(tid) + by));
  } catch {
    // Not Linux, or not permitted: the thread keeps the process's priority.
  }
}
parentPort.on('message', async (request) => {
  try {
    const model = await ready;
    const vectors = await model.embed(request.texts);
    const dimension = workerData.dimension;
    const data = new Float32Array(vectors.length * dimension);
    for (let i = 0; i < vectors.length; i++) {
      if (vectors[i].length !== dimension) throw new Error('model returned ' + vectors[i].length + ' dimensions');
      data.set(vectors[i], i * dimension);
    }
    parentPort.postMessage({ type: 'result', id: request.id, data }, [data.buffer]);
  } catch (error) {
    parentPort.postMessage({ type: 'error', id: request.id, message: String((error && error.message) || error) });
  }
});
`;
