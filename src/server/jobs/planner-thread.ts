/**
 * A planner worker thread: decodes the regions from the snapshot bytes the pool shares with every
 * thread (typed arrays are views over that shared memory, never written), keeps them, and plans
 * one search per message. Runs off the request thread, so a slow plan never blocks the server.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { planAll, type Region } from '../../planner/index';
import { regionFromSharedSnapshot } from '../../planner/node';
import type { PlannerThreadSetup, ThreadReply, ThreadRequest } from './planner-pool';
import { planFailure } from './plan-failure';

const port = parentPort;
if (!port) throw new Error('planner-thread must run in a worker thread');
const setup = workerData as PlannerThreadSetup;

let regions: Region[] | undefined;
const post = (reply: ThreadReply) => port.postMessage(reply);

port.on('message', (job: ThreadRequest) => {
  if (!regions)
    return post({
      type: 'failed',
      id: job.id,
      failure: { kind: 'internal', field: null, message: 'The planner is not ready.' },
    });
  planAll(job.request, { regions, now: new Date(job.now) }).then(
    (journeys) => post({ type: 'done', id: job.id, journeys }),
    (error: unknown) => post({ type: 'failed', id: job.id, failure: planFailure(error) }),
  );
});

try {
  regions = setup.regions.map(regionFromSharedSnapshot);
  post({
    type: 'ready',
    coverage: regions.map((region) => ({ name: region.name, bounds: region.bounds, reach: region.reach })),
  });
} catch (error) {
  post({ type: 'load-failed', message: error instanceof Error ? error.message : String(error) });
}
