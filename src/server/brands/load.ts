/**
 * Reads brands/default.json and every brands/<key>/brand.json, merges each over the
 * defaults and validates the result. The brands are the folders that hold a brand.json: adding
 * one is adding a folder. A bad file stops start-up with a message that names the file and the field.
 */
import fs from 'node:fs';
import path from 'node:path';
import {
  BRAND_KEY_SHAPE,
  brandSchema,
  formatIssuePath,
  mergeBrandConfig,
  type Brand,
  type BrandKey,
} from '../../contract/brand';

export class BrandConfigError extends Error {
  override name = 'BrandConfigError';
}

export interface BrandRegistry {
  brands: ReadonlyMap<BrandKey, Brand>;
  /** The brand for hosts that no brand claims (the BRAND setting). */
  defaultBrand: Brand;
  byApiKey(apiKey: string): Brand | undefined;
  byHostname(hostname: string | undefined): Brand;
}

function readJson(file: string, root: string): unknown {
  const shown = path.relative(root, file) || file;
  let text: string;
  try {
    text = fs.readFileSync(file, 'utf8');
  } catch {
    throw new BrandConfigError(`${shown}: cannot be read`);
  }
  try {
    return JSON.parse(text);
  } catch (error) {
    throw new BrandConfigError(`${shown}: is not valid JSON (${(error as Error).message})`);
  }
}

/** Loads and validates one brand, merged over the defaults. */
export function loadBrand(
  brandsDir: string,
  key: string,
  defaults: unknown = readJson(path.join(brandsDir, 'default.json'), path.dirname(brandsDir)),
): Brand {
  const root = path.dirname(brandsDir);
  const file = path.join(brandsDir, key, 'brand.json');
  const shown = path.relative(root, file);
  const override = readJson(file, root);
  const result = brandSchema.safeParse(mergeBrandConfig(defaults, override));
  if (!result.success) {
    const issue = result.error.issues[0]!;
    throw new BrandConfigError(`${shown}: field ${formatIssuePath(issue.path) || '(root)'}: ${issue.message}`);
  }
  if (result.data.key !== key) {
    throw new BrandConfigError(`${shown}: field key: is "${result.data.key}" but the folder is "${key}"`);
  }
  return result.data;
}

/** The brands in a brands folder: each sub-folder with a brand.json, by key (its name), sorted. */
export function brandKeysIn(brandsDir: string): string[] {
  let entries: fs.Dirent[];
  try {
    entries = fs.readdirSync(brandsDir, { withFileTypes: true });
  } catch {
    throw new BrandConfigError(`${brandsDir}: the brands folder cannot be read`);
  }
  const keys = entries
    .filter((entry) => entry.isDirectory() && fs.existsSync(path.join(brandsDir, entry.name, 'brand.json')))
    .map((entry) => entry.name)
    .sort();
  const bad = keys.find((key) => !BRAND_KEY_SHAPE.test(key));
  if (bad)
    throw new BrandConfigError(
      `brands/${bad}: a brand folder's name is its key: lower-case letters, digits and dashes, starting with a letter`,
    );
  if (keys.length === 0) throw new BrandConfigError(`${brandsDir}: no brand folder (<key>/brand.json) found`);
  return keys;
}

export function loadBrands(brandsDir: string, defaultKey: string = 'regional'): BrandRegistry {
  const keys = brandKeysIn(brandsDir);
  if (!keys.includes(defaultKey)) {
    throw new BrandConfigError(`BRAND: "${defaultKey}" is not one of ${keys.join(', ')}`);
  }
  const defaults = readJson(path.join(brandsDir, 'default.json'), path.dirname(brandsDir));
  const brands = new Map<BrandKey, Brand>();
  const apiKeys = new Map<string, Brand>();
  const hosts = new Map<string, Brand>();
  for (const key of keys) {
    const brand = loadBrand(brandsDir, key, defaults);
    const clash = apiKeys.get(brand.apiKey);
    if (clash) throw new BrandConfigError(`brands/${key}/brand.json: field apiKey: already used by brand ${clash.key}`);
    apiKeys.set(brand.apiKey, brand);
    for (const host of brand.hostnames) {
      const owner = hosts.get(host.toLowerCase());
      if (owner)
        throw new BrandConfigError(
          `brands/${key}/brand.json: field hostnames: ${host} already belongs to ${owner.key}`,
        );
      hosts.set(host.toLowerCase(), brand);
    }
    brands.set(key, brand);
  }
  const defaultBrand = brands.get(defaultKey)!;
  return {
    brands,
    defaultBrand,
    byApiKey: (apiKey) => apiKeys.get(apiKey),
    byHostname: (hostname) => {
      const bare = (hostname ?? '').replace(/:\d+$/, '').toLowerCase();
      return hosts.get(bare) ?? defaultBrand;
    },
  };
}
