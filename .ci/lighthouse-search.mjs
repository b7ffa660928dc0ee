// Posts a real Dundee to Perth search to the Lighthouse server, waits until it is planned, and
// writes lighthouserc.json with its hash in place of {hash} (the Results page needs a search
// that exists) to the path given.
// Usage: node .ci/lighthouse-search.mjs <port> <out.json> [<brands.json>] [<journey.json>]
// <journey.json> (issue 32): the first journey's details page and its first stage page, three runs
// each; accessibility, best practices, SEO and layout shift (CLS < 0.1) held as on the other
// pages, performance held at JOURNEY_MIN_PERFORMANCE (median of three). The maps no longer mount
// while Lighthouse watches (the stage page shows a static picture of its route until asked), so
// the stage page's TBT fell from 4-7 s (performance 0.61-0.65) to 0.2-1 s; on a shared 2-core
// machine at load 10-15 the medians are 0.70-0.89 (stage) and 0.82-0.92 (Journey), moving with the
// load. The floor catches the map running at load again without failing on a loaded machine;
// the 0.95 the issue aims at is not reached here.
// <brands.json>: the same for the other brands' Home, one run each, where performance warns (a
// single run's score moves a few points from run to run; the regional pages' medians of three
// are the ones held to 0.9, and the brands share their code).
import fs from 'node:fs';

const [port, out, brandsOut, journeyOut] = process.argv.slice(2);
/** Journey details' and the stage page's performance floor (median of three): see above. */
const JOURNEY_MIN_PERFORMANCE = 0.75;
const base = `http://127.0.0.1:${port}`;
const { apiKey } = JSON.parse(fs.readFileSync('brands/regional/brand.json', 'utf8'));
const headers = { 'Content-Type': 'application/json', Accept: 'application/json', 'X-Api-Key': apiKey };
const day = new Date(Date.now() + 7 * 86_400_000);
const when = `${day.toISOString().slice(0, 10).replace(/-/g, '/')} 08:00:00`;
const started = await fetch(`${base}/v1/journey-planner/search`, {
  method: 'POST',
  headers,
  body: JSON.stringify({
    origin: { label: 'Dundee Railway Station, Dundee', lat: 56.4566, lng: -2.9713 },
    destination: { label: 'Perth, Perth and Kinross', lat: 56.3952, lng: -3.4374 },
    out_time: when,
  }),
});
if (started.status !== 201) throw new Error(`search answered ${started.status}: ${await started.text()}`);
const { hash } = (await started.json()).data;
let journeyId = null;
for (let attempt = 0; ; attempt++) {
  const { data } = await (await fetch(`${base}/v1/journey-planner/search/${hash}`, { headers })).json();
  journeyId = data.journeys?.[0]?.id ?? null;
  if (data.status === 'done') break;
  if (data.status === 'failed' || attempt > 240)
    throw new Error(`search ${hash} did not plan: ${data.failure ?? data.status}`);
  await new Promise((resolve) => setTimeout(resolve, 250));
}
const config = fs
  .readFileSync('lighthouserc.json', 'utf8')
  .replaceAll('{hash}', hash)
  .replaceAll(':4174/', `:${port}/`);
fs.writeFileSync(out, config);
if (brandsOut) {
  const brands = JSON.parse(config);
  brands.ci.assert.assertions['categories:performance'][0] = 'warn';
  fs.writeFileSync(brandsOut, JSON.stringify(brands, null, 2));
}
if (journeyOut && journeyId) {
  const journey = JSON.parse(config);
  const page = `http://regional.localhost:${port}/search/${hash}/results/${journeyId}`;
  journey.ci.collect.url = [page, `${page}?stage=1`];
  const assertions = journey.ci.assert.assertions;
  assertions['categories:performance'] = [
    'error',
    { minScore: JOURNEY_MIN_PERFORMANCE, aggregationMethod: 'median-run' },
  ];
  assertions['cumulative-layout-shift'] = ['error', { maxNumericValue: 0.1, aggregationMethod: 'median-run' }];
  journey.ci.upload.outputDir = 'test-results/lighthouse-journey';
  fs.writeFileSync(journeyOut, JSON.stringify(journey, null, 2));
}
console.log(`lighthouse: Results of search ${hash}${journeyId ? `, journey ${journeyId}` : ''}`);
