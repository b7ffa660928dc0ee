/**
 * The REGIONS setting's manifests, checked at start: config.ts makes sure each file can be read,
 * this that each is a region manifest, so a wrong file stops start-up with one line naming
 * REGIONS and the file rather than failing the first search or autocomplete.
 */
import { loadManifest } from '../planner/node';
import { SettingsError } from './config';

export async function checkRegionManifests(regions: readonly string[]): Promise<void> {
  for (const file of regions) {
    try {
      await loadManifest(file, new Date(), false);
    } catch (error) {
      // loadManifest's own messages start with the path; JSON errors do not.
      const reason = (error as Error).message.replace(`${file}: `, '');
      throw new SettingsError(
        `Invalid settings in the environment:\n  REGIONS: ${file} is not a region manifest: ${reason}`,
      );
    }
  }
}
