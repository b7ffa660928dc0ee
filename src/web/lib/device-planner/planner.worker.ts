/// <reference lib="webworker" />
/**
 * The on-device planner's Web Worker (issue 20): reads the stored region pack once, checks its
 * hash and decodes it (DevicePlanner), then answers searches and place look-ups off the main
 * thread. A damaged pack is dropped and announced, so the service worker fetches it again.
 */
import { DevicePlanner, PackIntegrityError } from './core';
import { announcePack, readStoredPack, removeStoredPack } from './pack-cache';
import type { Unavailable, WorkerCall, WorkerReply } from './protocol';

declare const self: DedicatedWorkerGlobalScope;

class NotReady extends Error {
  constructor(readonly reason: Unavailable) {
    super(reason);
  }
}

let planner: Promise<DevicePlanner> | null = null;
let loadMs = 0;

async function load(): Promise<DevicePlanner> {
  const started = performance.now();
  const pack = await readStoredPack();
  if (!pack) throw new NotReady('no-pack');
  try {
    const loaded = await DevicePlanner.fromPack(pack.bytes, pack.info.sha256, pack.info.label);
    loadMs = performance.now() - started;
    return loaded;
  } catch (error) {
    if (!(error instanceof PackIntegrityError) && (error as Error).name !== 'RegionSnapshotError') throw error;
    await removeStoredPack();
    announcePack({ type: 'damaged' });
    throw new NotReady('damaged');
  }
}

function answer(device: DevicePlanner, call: WorkerCall): unknown {
  switch (call.op) {
    case 'search':
      return device.search(call.body, call.options);
    case 'autocomplete':
      return device.autocomplete(call.query, call.bias);
    case 'reverse':
      return device.reverse(call.lat, call.lng);
  }
}

self.onmessage = async (event: MessageEvent<{ id: number; call: WorkerCall }>) => {
  const { id, call } = event.data;
  let reply: WorkerReply;
  try {
    planner ??= load();
    const device = await planner;
    const started = performance.now();
    const value = await answer(device, call);
    reply = { id, ok: true, value, ms: { load: loadMs, call: performance.now() - started } };
  } catch (error) {
    // Not loaded: try again next call (the pack may have arrived meanwhile).
    planner = null;
    reply = {
      id,
      ok: false,
      reason: error instanceof NotReady ? error.reason : 'failed',
      message: error instanceof Error ? error.message : String(error),
    };
  }
  self.postMessage(reply);
};
