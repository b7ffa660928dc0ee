/** `npm run planner -- import|query|stats ...`: the timetable engine's operator CLI. */
import { importCommand } from './import';
import { queryCommand } from './query';
import { statsCommand } from './stats';

const commands: Record<string, (argv: string[]) => Promise<number>> = {
  import: importCommand,
  query: queryCommand,
  stats: statsCommand,
  plan: (argv) => import('./plan').then((m) => m.planCommand(argv)),
};

const [name, ...rest] = process.argv.slice(2);
const command = name ? commands[name] : undefined;
if (!command) {
  console.error(
    'usage: npm run planner -- import <manifest> | import [--gtfs <zip|dir> ...] [--txc <xml|zip|dir> ... --naptan <csv> ...] --out <snapshot> | query ... | stats [--footpaths]',
  );
  process.exit(2);
}
try {
  process.exitCode = await command(rest);
} catch (err) {
  console.error(err instanceof Error ? err.message : err);
  process.exitCode = 1;
}
