import { chromium } from 'playwright';
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox'] });
const ctx = await browser.newContext({ viewport: { width: 412, height: 823 } });
const page = await ctx.newPage();
const cdp = await ctx.newCDPSession(page);
await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
await page.addInitScript(() => { window.__lt = []; new PerformanceObserver((l) => { for (const e of l.getEntries()) window.__lt.push([Math.round(e.startTime), Math.round(e.duration)]); }).observe({ type: 'longtask', buffered: true }); });
await cdp.send('Profiler.enable');
await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
await cdp.send('Profiler.start');
await page.goto(process.argv[2], { waitUntil: 'networkidle' });
await page.waitForTimeout(1500);
const { profile } = await cdp.send('Profiler.stop');
console.log('longtasks', JSON.stringify(await page.evaluate(() => window.__lt)));
const nodes = new Map(profile.nodes.map((n) => [n.id, n]));
const parent = new Map(); for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
const incl = new Map(); const self = new Map();
const key = (x) => `${x.callFrame.functionName || '(anon)'} ${x.callFrame.url.split('/').pop()}:${x.callFrame.lineNumber}`;
profile.samples.forEach((id, i) => {
  const dt = profile.timeDeltas[i] ?? 0;
  const n = nodes.get(id); if (n.callFrame.functionName === '(idle)' || n.callFrame.functionName === '(program)') return;
  self.set(key(n), (self.get(key(n)) ?? 0) + dt);
  const seen = new Set(); let cur = id;
  while (cur !== undefined) { const k = key(nodes.get(cur)); if (!seen.has(k)) { seen.add(k); incl.set(k, (incl.get(k) ?? 0) + dt); } cur = parent.get(cur); }
});
const top = (m, n, f = () => true) => [...m].filter(([k]) => f(k)).sort((a, b) => b[1] - a[1]).slice(0, n).map(([k, v]) => `${(v / 1000).toFixed(0)}ms ${k}`).join('\n');
console.log('--- inclusive (app code)'); console.log(top(incl, 40, (k) => !/^(\(root\)|performWorkOnRoot|performUnitOfWork|beginWork|renderRoot|workLoop|renderWithHooks|updateFunctionComponent|commit|flush|recursively|complete|processRoot|performSync|performWorkUntil|mountState|useState|exports\.|callCallback|runWithFiber)/.test(k)));
console.log('--- self'); console.log(top(self, 20));
await browser.close();
