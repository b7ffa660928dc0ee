/**
 * Builds, in a thread of its own, the regions that have no usable snapshot file (a fresh clone, or
 * sources newer than the file), encodes each as snapshot bytes in shared memory, posts them to the
 * planner pool and ends: the build's few hundred MB go with the thread, and the planner threads
 * share the one copy of the bytes.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { regionSnapshotBytes, toSharedSnapshot } from '../../planner/node';
import type { BuildThreadReply, BuildThreadSetup } from './planner-pool';

const port = parentPort;
if (!port) throw new Error('region-build-thread must run in a worker thread');
const setup = workerData as BuildThreadSetup;
const post = (reply: BuildThreadReply) => port.postMessage(reply);

try {
  const regions = await Promise.all(
    setup.manifests.map(async (manifest) =>
      toSharedSnapshot(`${manifest} (built at start)`, await regionSnapshotBytes(manifest)),
    ),
  );
  post({ type: 'built', regions });
} catch (error) {
  post({ type: 'failed', message: error instanceof Error ? error.message : String(error) });
}
