/**
 * `npm run bench -- rail-fares [--json]`
 *
 * The rail fare formula (src/planner/costs/rail-fares.ts) on the region's published ScotRail
 * off-peak returns (data/regions/tayside/fares.json `rail`): the fitted coefficients, then the
 * leave-one-out error - each published fare predicted by the formula fitted to all the others.
 * Figures for src/planner/costs/README.md, not a timed test.
 */
import { readFileSync } from 'node:fs';
import { faresDataSchema } from '../../src/planner/costs/region-data';
import { leaveOneOut, railModel } from '../../src/planner/costs/rail-fares';

export async function run(args: string[]): Promise<void> {
  const fares = faresDataSchema.parse(JSON.parse(readFileSync('data/regions/tayside/fares.json', 'utf8')));
  const rail = fares.rail;
  if (!rail) throw new Error('fares.json has no rail section');
  const model = railModel(rail);
  const loo = leaveOneOut(rail.observations);
  if (args.includes('--json')) {
    console.log(JSON.stringify({ model, loo }, null, 2));
    return;
  }
  console.log(
    `return fare = £${(model.a / 100).toFixed(4)} x km^${model.b.toFixed(4)} (n=${model.n}, fitted ${model.minKm.toFixed(1)}-${model.maxKm.toFixed(1)} km, ${rail.price_level} prices)`,
  );
  console.log('pair                      km   published  LOO predicted   error');
  for (const r of loo.rows) {
    console.log(
      `${r.pair.padEnd(22)} ${r.km.toFixed(1).padStart(6)}   ${(r.actualPence / 100).toFixed(2).padStart(8)}   ${(r.predictedPence / 100).toFixed(2).padStart(12)}   ${(r.error * 100).toFixed(1).padStart(6)}%`,
    );
  }
  console.log(
    `leave-one-out: mean |error| ${loo.meanAbsPct.toFixed(1)}%, median ${loo.medianAbsPct.toFixed(1)}%, max ${loo.maxAbsPct.toFixed(1)}%, RMSE £${(loo.rmsePence / 100).toFixed(2)}`,
  );
  await Promise.resolve();
}
