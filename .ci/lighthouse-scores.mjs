// Prints the median category scores of the last `lhci autorun` per URL (.lighthouseci/lhr-*.json).
import fs from 'node:fs';

const brand = process.argv[2] ?? '';
const dir = '.lighthouseci';
const byUrl = new Map();
for (const file of fs.existsSync(dir) ? fs.readdirSync(dir).filter((name) => /^lhr-.*\.json$/.test(name)) : []) {
  const report = JSON.parse(fs.readFileSync(`${dir}/${file}`, 'utf8'));
  const scores = Object.fromEntries(Object.entries(report.categories).map(([id, category]) => [id, category.score]));
  const list = byUrl.get(report.finalDisplayedUrl ?? report.requestedUrl) ?? [];
  list.push(scores);
  byUrl.set(report.finalDisplayedUrl ?? report.requestedUrl, list);
}
const median = (values) => values.sort((a, b) => a - b)[Math.floor(values.length / 2)];
for (const [url, runs] of byUrl) {
  const ids = Object.keys(runs[0]);
  const parts = ids.map((id) => `${id} ${median(runs.map((run) => run[id])).toFixed(2)}`);
  console.log(`lighthouse ${brand} ${url} (median of ${runs.length}): ${parts.join(', ')}`);
}
