import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { mergeBrandConfig } from '../../../src/contract/brand';
import { BrandConfigError, loadBrands } from '../../../src/server/brands/load';
import { REPO_ROOT } from '../../../src/server/config';

const REAL_BRANDS = path.join(REPO_ROOT, 'brands');
const temps: string[] = [];

/** A copy of the real brands/ (JSON only) in a temp dir, with one file edited. */
function brandsWith(edit: (files: Map<string, unknown>) => void, raw: Record<string, string> = {}): string {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'drover-brands-'));
  temps.push(root);
  const dir = path.join(root, 'brands');
  const files = new Map<string, unknown>();
  files.set('default.json', JSON.parse(fs.readFileSync(path.join(REAL_BRANDS, 'default.json'), 'utf8')));
  for (const key of fs.readdirSync(REAL_BRANDS)) {
    const file = path.join(REAL_BRANDS, key, 'brand.json');
    if (fs.existsSync(file)) files.set(`${key}/brand.json`, JSON.parse(fs.readFileSync(file, 'utf8')));
  }
  edit(files);
  for (const [name, content] of files) {
    fs.mkdirSync(path.dirname(path.join(dir, name)), { recursive: true });
    fs.writeFileSync(path.join(dir, name), raw[name] ?? JSON.stringify(content, null, 2));
  }
  return dir;
}

const brandFile = (files: Map<string, unknown>, key: string) =>
  files.get(`${key}/brand.json`) as Record<string, unknown>;

function loadError(dir: string, defaultKey = 'regional'): BrandConfigError {
  try {
    loadBrands(dir, defaultKey);
  } catch (error) {
    expect(error).toBeInstanceOf(BrandConfigError);
    return error as BrandConfigError;
  }
  throw new Error('expected loadBrands to fail');
}

afterEach(() => {
  for (const dir of temps.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

describe('loadBrands', () => {
  it('loads the six real brands and picks by API key and hostname', () => {
    const registry = loadBrands(REAL_BRANDS, 'regional');
    expect([...registry.brands.keys()].sort()).toEqual([
      'citybus',
      'citytravel',
      'council',
      'health',
      'park',
      'regional',
    ]);
    const health = registry.brands.get('health')!;
    expect(registry.byApiKey(health.apiKey)?.key).toBe('health');
    expect(registry.byApiKey('nope')).toBeUndefined();
    expect(registry.byHostname('health.localhost:8080').key).toBe('health');
    expect(registry.byHostname('HEALTH.localhost').key).toBe('health');
    expect(registry.byHostname('elsewhere.example').key).toBe('regional');
    expect(loadBrands(REAL_BRANDS, 'health').byHostname(undefined).key).toBe('health');
  });

  it('names the file and field of a bad value', () => {
    const dir = brandsWith((files) => {
      brandFile(files, 'council').supportEmail = 'not-an-email';
    });
    expect(loadError(dir).message).toMatch(/^brands\/council\/brand\.json: field supportEmail: /);
  });

  it('names nested fields with their path', () => {
    const dir = brandsWith((files) => {
      (brandFile(files, 'health').theme as Record<string, unknown>).themeColor = 'blue';
    });
    expect(loadError(dir).message).toMatch(/brands\/health\/brand\.json: field theme\.themeColor: must be a colour/);
  });

  it('rejects a file that is not JSON, naming it', () => {
    const dir = brandsWith(() => {}, { 'park/brand.json': '{ "key": "park", ' });
    expect(loadError(dir).message).toMatch(/^brands\/park\/brand\.json: is not valid JSON/);
  });

  it('rejects a key that does not match its folder', () => {
    const dir = brandsWith((files) => {
      brandFile(files, 'citybus').key = 'park';
    });
    expect(loadError(dir).message).toMatch(/brands\/citybus\/brand\.json: field key: /);
  });

  it('rejects an API key used by two brands', () => {
    const dir = brandsWith((files) => {
      brandFile(files, 'park').apiKey = brandFile(files, 'regional').apiKey;
    });
    expect(loadError(dir).message).toMatch(/field apiKey: already used/);
  });

  it('rejects an unknown BRAND', () => {
    expect(loadError(REAL_BRANDS, 'nowhere').message).toMatch(/^BRAND: "nowhere" is not one of/);
  });
});

describe('brands are data (issue 26)', () => {
  it('takes a new brand from a new folder alone: no list of keys in the code', () => {
    const dir = brandsWith((files) => {
      const fife = structuredClone(brandFile(files, 'regional'));
      Object.assign(fife, {
        key: 'fife-council',
        title: 'Fife Council Journey Planner',
        shortTitle: 'Fife',
        apiKey: 'fife-council-public-key',
        hostnames: ['fife-council.localhost', 'journeys.fife.example'],
      });
      files.set('fife-council/brand.json', fife);
    });
    const registry = loadBrands(dir);
    expect([...registry.brands.keys()]).toContain('fife-council');
    expect(registry.byHostname('journeys.fife.example').title).toBe('Fife Council Journey Planner');
    expect(registry.byApiKey('fife-council-public-key')?.key).toBe('fife-council');
    // And it can be the default brand (BRAND=fife-council).
    expect(loadBrands(dir, 'fife-council').defaultBrand.key).toBe('fife-council');
  });

  it('ignores a folder without a brand.json, and refuses a folder name that cannot be a key', () => {
    const dir = brandsWith(() => {});
    fs.mkdirSync(path.join(dir, 'artwork-drafts'));
    expect([...loadBrands(dir).brands.keys()]).not.toContain('artwork-drafts');
    const bad = brandsWith((files) => {
      const copy = structuredClone(brandFile(files, 'park'));
      Object.assign(copy, { key: 'Fife Council', apiKey: 'other', hostnames: ['other.localhost'] });
      files.set('Fife Council/brand.json', copy);
    });
    expect(loadError(bad).message).toMatch(/brands\/Fife Council: a brand folder's name is its key/);
  });
});

describe('mergeBrandConfig', () => {
  it('merges objects deeply, key by key', () => {
    const merged = mergeBrandConfig(
      {
        theme: { primaryColor: 'blue', themeColor: '#000000' },
        health: { appointmentStep: false, alternativeReturn: false },
      },
      { theme: { themeColor: '#ffffff' }, health: { appointmentStep: true } },
    );
    expect(merged).toEqual({
      theme: { primaryColor: 'blue', themeColor: '#ffffff' },
      health: { appointmentStep: true, alternativeReturn: false },
    });
  });

  it('replaces arrays rather than concatenating them', () => {
    const merged = mergeBrandConfig(
      { blockedTravelTypes: ['taxi'], hostnames: ['a', 'b'] },
      { blockedTravelTypes: ['own-car', 'cycle'] },
    );
    expect(merged).toEqual({ blockedTravelTypes: ['own-car', 'cycle'], hostnames: ['a', 'b'] });
  });

  it('lets scalars, null and new keys override, and keeps defaults for missing keys', () => {
    const defaults = { showPois: true, advertBanner: { src: 'https://x.example', title: 'Ad' }, title: 'Default' };
    const merged = mergeBrandConfig(defaults, { showPois: false, advertBanner: null, extra: 1 });
    expect(merged).toEqual({ showPois: false, advertBanner: null, title: 'Default', extra: 1 });
    // The defaults object is not mutated.
    expect(defaults.showPois).toBe(true);
  });

  it('gives the real council brand its own flags over the shared defaults', () => {
    const council = loadBrands(REAL_BRANDS).brands.get('council')!;
    const defaults = JSON.parse(fs.readFileSync(path.join(REAL_BRANDS, 'default.json'), 'utf8')) as {
      supportEmail: string;
    };
    expect(council.showBreadcrumbs).toBe(false);
    expect(council.enableUserAccounts).toBe(false);
    expect([...council.blockedTravelTypes].sort()).toEqual(['cycle', 'own-car', 'taxi']);
    expect(council.region.timeZone).toBe('Europe/London');
    expect(typeof defaults.supportEmail).toBe('string');
  });
});

describe('the updates strip is brand configuration (issue 27)', () => {
  it('every brand has its wording and link, and none shows a stale COVID-19 message', () => {
    const registry = loadBrands(REAL_BRANDS, 'regional');
    expect(registry.brands.size).toBe(6);
    for (const brand of registry.brands.values()) {
      const strip = `${brand.updatesText} ${brand.updatesLinkText} ${brand.updatesLink}`;
      expect(strip, brand.key).not.toMatch(/covid|coronavirus|pandemic/i);
      expect(brand.updatesLink).toMatch(/^https:\/\//);
    }
  });

  it('a brand changes the words and link in its own brand.json', () => {
    const dir = brandsWith((files) => {
      Object.assign(brandFile(files, 'health'), {
        updatesText: 'Roadworks on the A90:',
        updatesLinkText: 'NHS Tayside travel news',
        updatesLink: 'https://www.nhstayside.scot.nhs.uk/',
      });
    });
    const health = loadBrands(dir, 'regional').brands.get('health')!;
    expect([health.updatesText, health.updatesLinkText, health.updatesLink]).toEqual([
      'Roadworks on the A90:',
      'NHS Tayside travel news',
      'https://www.nhstayside.scot.nhs.uk/',
    ]);
    // An empty wording is refused, naming the field.
    const empty = brandsWith((files) => Object.assign(brandFile(files, 'health'), { updatesText: '' }));
    expect(loadError(empty).message).toMatch(/updatesText/);
  });
});
