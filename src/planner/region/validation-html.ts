/**
 * The validation report as one readable, self-contained HTML page (no scripts, no external
 * files): a summary, the feeds, then each rule with its severity in words (not colour alone),
 * count and first notices; files with errors or warnings. Headings and table headers for screen
 * readers; colours meet WCAG 2.2 AA contrast. Browser-safe.
 */
import type { ValidationReport } from './validate';

const esc = (v: unknown): string =>
  String(v).replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

export function validationHtml(r: ValidationReport): string {
  const verdict =
    r.summary.errors > 0
      ? `The build failed: ${r.summary.errors} error${r.summary.errors === 1 ? '' : 's'} would make answers wrong.`
      : 'No errors: the region was built.';
  const feedKeys = [...new Set(Object.values(r.feeds).flatMap((f) => Object.keys(f)))];
  const feeds = `<div class="scroll" role="region" aria-label="Feeds (scrolls sideways)" tabindex="0"><table><caption>Feeds</caption><thead><tr><th scope="col">feed</th>${feedKeys
    .map((k) => `<th scope="col">${esc(k)}</th>`)
    .join('')}</tr></thead><tbody>${Object.entries(r.feeds)
    .map(
      ([name, f]) =>
        `<tr><th scope="row">${esc(name)}</th>${feedKeys.map((k) => `<td>${esc(f[k] ?? '')}</td>`).join('')}</tr>`,
    )
    .join('')}</tbody></table></div>`;
  const rules = r.rules
    .map(
      (rule) => `<section aria-labelledby="rule-${esc(rule.code)}">
<h3 id="rule-${esc(rule.code)}"><span class="sev ${rule.severity.toLowerCase()}">${rule.severity}</span> ${esc(rule.code)}: ${rule.count}</h3>
<p>${esc(rule.description)}</p>
<table><caption>First ${rule.notices.length} of ${rule.count}</caption><thead><tr><th scope="col">feed</th><th scope="col">file</th><th scope="col">line</th><th scope="col">notice</th></tr></thead><tbody>
${rule.notices
  .map(
    (n) =>
      `<tr><td>${esc(n.feed)}</td><td>${esc(n.file)}</td><td>${n.line > 0 ? n.line : ''}</td><td>${esc(n.message)}</td></tr>`,
  )
  .join('\n')}
</tbody></table></section>`,
    )
    .join('\n');
  const files = Object.entries(r.files)
    .sort((a, b) => b[1].errors - a[1].errors || b[1].warnings - a[1].warnings)
    .map(([f, c]) => `<tr><th scope="row">${esc(f)}</th><td>${c.errors}</td><td>${c.warnings}</td></tr>`)
    .join('');
  return `<!doctype html>
<html lang="en-GB">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Validation report: ${esc(r.region)}</title>
<style>
body { font: 16px/1.5 system-ui, sans-serif; color: #1a1a1a; background: #fff; margin: 0 auto; max-width: 72rem; padding: 1rem; }
table { border-collapse: collapse; width: 100%; margin: 0.5rem 0 1.5rem; }
.scroll { overflow-x: auto; }
.scroll:focus-visible { outline: 3px solid #0b3d73; }
caption { text-align: left; font-weight: 600; padding: 0.25rem 0; }
th, td { border: 1px solid #767676; padding: 0.25rem 0.5rem; text-align: left; vertical-align: top; }
td { overflow-wrap: anywhere; }
.sev { display: inline-block; padding: 0 0.4rem; border-radius: 0.2rem; font-size: 0.9em; }
.error { background: #a4001d; color: #fff; }
.warning { background: #fff0c2; color: #5c3c00; border: 1px solid #8a5a00; }
.info { background: #e6eef8; color: #0b3d73; border: 1px solid #0b3d73; }
</style>
</head>
<body>
<main>
<h1>Validation report: ${esc(r.region)}</h1>
<p>Generated ${esc(r.generatedAt)}.</p>
<p><strong>${esc(verdict)}</strong> ${r.summary.errors} errors, ${r.summary.warnings} warnings, ${r.summary.infos} notes.</p>
<h2>Feeds</h2>
${feeds}
<h2>Rules</h2>
${rules || '<p>No notices.</p>'}
<h2>Files</h2>
${files ? `<table><caption>Errors and warnings per file</caption><thead><tr><th scope="col">file</th><th scope="col">errors</th><th scope="col">warnings</th></tr></thead><tbody>${files}</tbody></table>` : '<p>No file has errors or warnings.</p>'}
</main>
</body>
</html>
`;
}
