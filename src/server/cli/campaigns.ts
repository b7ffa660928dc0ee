/**
 * `npm run campaigns -- add|list|end|seed ...` against the configured database
 * (DATABASE_URL, or the embedded PGlite in DATA_DIR: stop the server first, as one
 * PGlite folder must not be opened by two processes).
 */
import { loadSettings, SettingsError } from '../config';
import { openDatabase } from '../db/index';
import { CommandError, runCampaignCommand } from './campaign-commands';

async function main(): Promise<number> {
  let settings;
  try {
    settings = loadSettings();
  } catch (error) {
    if (error instanceof SettingsError) {
      process.stderr.write(`campaigns: ${error.message}\n`);
      return 1;
    }
    throw error;
  }
  const database = await openDatabase(settings);
  try {
    for (const line of await runCampaignCommand(database.db, process.argv.slice(2))) process.stdout.write(`${line}\n`);
    return 0;
  } catch (error) {
    if (!(error instanceof CommandError)) throw error;
    process.stderr.write(`campaigns: ${error.message}\n`);
    return 1;
  } finally {
    await database.close();
  }
}

process.exitCode = await main();
