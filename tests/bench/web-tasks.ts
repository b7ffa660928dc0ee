/**
 * `npm run bench -- web-tasks --url <page URL> [--cpu 4] [--runs 3] [--top 12]`
 *
 * Where a first visit's main-thread time goes: Chromium (no cache, no service worker, the CPU
 * slowed as Lighthouse's mobile run slows it, 4x by default) opens the page of a running server
 * (`npm run serve`; for readable function names serve an unminified build:
 * `npx vite build --minify false --outDir /tmp/dist-plain` and DIST_DIR=/tmp/dist-plain) with a
 * performance trace, and prints every task of 50 ms or more (Lighthouse's Total Blocking Time is
 * the sum of their time over 50 ms) with what ran in it: the trace's own events (script
 * evaluation, style, layout, parse) and the JavaScript functions the sampling profiler saw most,
 * by self time and by time inside (frames of React's and the router's loops left out).
 */
import { chromium } from '@playwright/test';
import { CHROMIUM_ARGS } from '../../e2e/playwright.config';

interface TraceEvent {
  name: string;
  cat: string;
  ph: string;
  ts: number;
  dur?: number;
  pid: number;
  tid: number;
  id?: string;
  args?: { name?: string; data?: Record<string, unknown> };
}

interface ProfileNode {
  id: number;
  parent?: number;
  callFrame: { functionName: string; url?: string; lineNumber?: number };
}

/** Sampled stacks in trace time (µs): each sample's leaf-to-root frame names. */
interface Samples {
  times: number[];
  stacks: string[][];
}

const LOOP_FRAMES =
  /^(\(root\)|\(program\)|\(idle\)|performWorkOnRoot|performUnitOfWork|beginWork|renderRootSync|renderRootConcurrent|workLoop\w*|renderWithHooks|update\w+Component|commit\w*|flush\w*|recursively\w*|complete\w*|reconcile\w*|processRootScheduleIn\w*|performSyncWorkOnRoot|performWorkUntilDeadline|runWithFiberInDEV|callCallback|mountState|mountReducer|scheduler\w*|exports\.\w+)$/;

function frameName(frame: ProfileNode['callFrame']): string {
  const file = (frame.url ?? '').split('/').pop() ?? '';
  return `${frame.functionName || '(anonymous)'} ${file}${file ? `:${(frame.lineNumber ?? 0) + 1}` : ''}`;
}

/** Reassembles the V8 sampling profile the trace carries in Profile / ProfileChunk events. */
function readSamples(events: TraceEvent[], pid: number, tid: number): Samples {
  const nodes = new Map<number, ProfileNode>();
  const times: number[] = [];
  const ids: number[] = [];
  let clock = 0;
  // The profile is announced on the thread it samples; its chunks come from the profiler's thread.
  const profile = events.find((e) => e.name === 'Profile' && e.pid === pid && e.tid === tid);
  for (const event of events) {
    if (event.pid !== pid || (event.id ?? '') !== (profile?.id ?? '-')) continue;
    const data = event.args?.data as
      | { startTime?: number; cpuProfile?: { nodes?: ProfileNode[]; samples?: number[] }; timeDeltas?: number[] }
      | undefined;
    if (event.name === 'Profile' && data?.startTime !== undefined) clock = data.startTime;
    if (event.name !== 'ProfileChunk' || !data) continue;
    for (const node of data.cpuProfile?.nodes ?? []) nodes.set(node.id, node);
    const samples = data.cpuProfile?.samples ?? [];
    samples.forEach((id, i) => {
      clock += data.timeDeltas?.[i] ?? 0;
      times.push(clock);
      ids.push(id);
    });
  }
  const stackOf = new Map<number, string[]>();
  const stack = (id: number): string[] => {
    const known = stackOf.get(id);
    if (known) return known;
    const node = nodes.get(id);
    const own = node ? [frameName(node.callFrame), ...(node.parent !== undefined ? stack(node.parent) : [])] : [];
    stackOf.set(id, own);
    return own;
  };
  // Parents are given by children lists in Chromium's trace format.
  for (const node of nodes.values())
    for (const child of (node as unknown as { children?: number[] }).children ?? []) {
      const c = nodes.get(child);
      if (c) c.parent = node.id;
    }
  return { times, stacks: ids.map(stack) };
}

function top(counts: Map<string, number>, n: number, interval: number): string {
  return [...counts]
    .sort((a, b) => b[1] - a[1])
    .slice(0, n)
    .map(([name, count]) => `      ${((count * interval) / 1000).toFixed(0).padStart(4)} ms  ${name}`)
    .join('\n');
}

export async function run(args: string[]): Promise<void> {
  const option = (name: string, fallback: string) => {
    const at = args.indexOf(name);
    return at >= 0 && args[at + 1] ? args[at + 1]! : fallback;
  };
  const url = option('--url', '');
  if (!url) {
    console.error(
      'usage: npm run bench -- web-tasks --url http://regional.localhost:8080/ [--cpu 4] [--runs 3] [--top 12]',
    );
    process.exit(2);
  }
  const cpu = Number(option('--cpu', '4'));
  const runs = Number(option('--runs', '3'));
  const topN = Number(option('--top', '12'));
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: CHROMIUM_ARGS,
  });
  try {
    for (let r = 1; r <= runs; r++) {
      const context = await browser.newContext({
        serviceWorkers: 'block',
        viewport: { width: 412, height: 823 },
        deviceScaleFactor: 1.75,
        isMobile: true,
      });
      const page = await context.newPage();
      const cdp = await context.newCDPSession(page);
      await cdp.send('Emulation.setCPUThrottlingRate', { rate: cpu });
      await browser.startTracing(page, {
        categories: [
          'devtools.timeline',
          'disabled-by-default-devtools.timeline',
          'v8.execute',
          'disabled-by-default-v8.cpu_profiler',
          'blink.user_timing',
          'loading',
          'toplevel',
        ],
      });
      await page.goto(url, { waitUntil: 'networkidle' });
      await page.waitForTimeout(2000);
      const trace = JSON.parse((await browser.stopTracing()).toString('utf8')) as { traceEvents: TraceEvent[] };
      await context.close();
      const events = trace.traceEvents;

      // The page's main thread: the renderer thread that painted its first content (an
      // about:blank renderer parses HTML too); times are from the page's first request.
      const paint = events.find((e) => e.name === 'firstContentfulPaint');
      if (!paint) throw new Error('the trace has no first contentful paint');
      const { pid, tid } = paint;
      const main = events.filter((e) => e.pid === pid && e.tid === tid && e.ph === 'X' && e.dur !== undefined);
      const navigationStart = Math.min(...events.filter((e) => e.name === 'ResourceSendRequest').map((e) => e.ts));
      const samples = readSamples(events, pid, tid);
      const interval =
        samples.times.length > 1 ? (samples.times.at(-1)! - samples.times[0]!) / (samples.times.length - 1) : 0;

      const tasks = main.filter((e) => e.name === 'RunTask' && (e.dur ?? 0) >= 50_000);
      const blocking = tasks.reduce((sum, t) => sum + Math.max(0, (t.dur ?? 0) / 1000 - 50), 0);
      const ms = (us: number) => (us / 1000).toFixed(0);
      console.log(
        `run ${r}: ${url} at ${cpu}x CPU: FCP ${ms(paint.ts - navigationStart)} ms; ${tasks.length} tasks of 50 ms or more, ` +
          `${blocking.toFixed(0)} ms over 50 (from navigation, not only after FCP as TBT)`,
      );
      for (const task of tasks) {
        const end = task.ts + (task.dur ?? 0);
        const inside = main.filter((e) => e !== task && e.ts >= task.ts && e.ts < end);
        const kinds = new Map<string, number>();
        for (const e of inside) {
          if (
            !/^(EvaluateScript|v8\.compile\w*|FunctionCall|TimerFire|FireAnimationFrame|EventDispatch|ParseHTML|UpdateLayoutTree|Layout|Paint|MajorGC|MinorGC|v8\.evaluateModule|RunMicrotasks|ParseAuthorStyleSheet|XHRReadyStateChange|PrePaint|Commit)$/.test(
              e.name,
            )
          )
            continue;
          const data = e.args?.data as { url?: string; functionName?: string } | undefined;
          const label = `${e.name}${data?.url ? ` ${data.url.split('/').pop()}` : ''}${data?.functionName ? ` ${data.functionName}` : ''}`;
          kinds.set(label, (kinds.get(label) ?? 0) + (e.dur ?? 0) / 1000);
        }
        const selfTime = new Map<string, number>();
        const within = new Map<string, number>();
        samples.times.forEach((time, i) => {
          if (time < task.ts || time >= end) return;
          const stack = samples.stacks[i]!;
          const leaf = stack[0];
          if (leaf && !/^\((idle|program)\)/.test(leaf)) selfTime.set(leaf, (selfTime.get(leaf) ?? 0) + 1);
          for (const frame of new Set(stack))
            if (!LOOP_FRAMES.test(frame.split(' ')[0]!)) within.set(frame, (within.get(frame) ?? 0) + 1);
        });
        console.log(`  task at ${ms(task.ts - navigationStart)} ms, ${ms(task.dur ?? 0)} ms`);
        console.log(
          [...kinds]
            .sort((a, b) => b[1] - a[1])
            .slice(0, 6)
            .map(([label, time]) => `    ${time.toFixed(0).padStart(4)} ms  ${label}`)
            .join('\n'),
        );
        if (interval > 0 && selfTime.size > 0) {
          console.log('    self:');
          console.log(top(selfTime, topN, interval));
          console.log('    inside:');
          console.log(top(within, topN, interval));
        }
      }
    }
  } finally {
    await browser.close();
  }
}
