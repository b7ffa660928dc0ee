// Adds up every test of the run: vitest and Playwright cases from their JSON reports,
// plus the checks that are not test runners (typecheck, lint, lighthouse) as one each.
import fs from 'node:fs';

const read = (file) => (fs.existsSync(file) ? JSON.parse(fs.readFileSync(file, 'utf8')) : null);
let passed = 0;
let failed = 0;
const lines = [];

for (const [name, file] of [
  ['vitest', 'test-results/vitest.json'],
  ['vitest on PGlite', 'test-results/vitest-pglite.json'],
]) {
  const vitest = read(file);
  if (!vitest) continue;
  passed += vitest.numPassedTests;
  failed += vitest.numFailedTests;
  lines.push(
    `${name}: ${vitest.numPassedTests} passed, ${vitest.numFailedTests} failed, ${vitest.numPendingTests + vitest.numTodoTests} skipped`,
  );
}
const e2e = read('test-results/e2e-results.json');
if (e2e) {
  const { expected = 0, unexpected = 0, flaky = 0, skipped = 0 } = e2e.stats ?? {};
  passed += expected + flaky;
  failed += unexpected;
  lines.push(`e2e: ${expected + flaky} passed (${flaky} flaky), ${unexpected} failed, ${skipped} skipped`);
}
const steps = fs.existsSync('test-results/ci-steps.txt')
  ? fs.readFileSync('test-results/ci-steps.txt', 'utf8').trim().split('\n').filter(Boolean)
  : [];
for (const line of steps) {
  const [result, name] = line.split(' ');
  if (name === 'test' || name === 'test-pglite') {
    // A test step that failed without any failing case (a crash, a build error) still fails CI.
    if (result === 'fail' && failed === 0) failed += 1;
    continue;
  }
  if (result === 'pass') passed += 1;
  else failed += 1;
  lines.push(`${name}: ${result}`);
}
for (const line of lines) console.log(line);
console.log(`${passed} passed, ${failed} failed`);
process.exit(failed === 0 && passed > 0 ? 0 : 1);
