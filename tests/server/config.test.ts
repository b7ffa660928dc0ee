import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadSettings, REPO_ROOT, SETTINGS, SettingsError } from '../../src/server/config';
import { checkRegionManifests } from '../../src/server/regions';

describe('loadSettings', () => {
  it('has defaults for everything', () => {
    expect(loadSettings({})).toEqual({
      port: 8080,
      host: '0.0.0.0',
      brand: 'regional',
      brandsDir: path.join(REPO_ROOT, 'brands'),
      distDir: path.join(REPO_ROOT, 'dist'),
      dataDir: path.join(REPO_ROOT, 'var'),
      databaseUrl: undefined,
      redisUrl: undefined,
      logLevel: 'info',
      requestTimeoutMs: 60_000,
      trustProxy: false,
      publicUrl: 'http://{host}:8080',
      smtpUrl: undefined,
      mailFrom: 'no-reply@drover.localhost',
      regions: [
        path.join(REPO_ROOT, 'data/regions/tayside.json'),
        path.join(REPO_ROOT, 'data/regions/north-east.json'),
      ],
      searchLeaseMs: 30_000,
      searchSweepMs: 15_000,
      searchRateLimit: 30,
      searchQueueLimit: 500,
      plannerThreads: os.availableParallelism(),
    });
  });

  it('reads and converts the environment; empty values count as unset', () => {
    const settings = loadSettings({
      PORT: '0',
      BRAND: 'health',
      DATA_DIR: '/srv/drover',
      DIST_DIR: 'build/web',
      DATABASE_URL: 'postgresql://u:p@db:5432/drover',
      REDIS_URL: 'redis://cache:6379',
      LOG_LEVEL: 'warn',
      TRUST_PROXY: 'true',
      HOST: '',
    });
    expect(settings).toMatchObject({
      port: 0,
      host: '0.0.0.0',
      brand: 'health',
      dataDir: '/srv/drover',
      distDir: path.join(REPO_ROOT, 'build/web'),
      databaseUrl: 'postgresql://u:p@db:5432/drover',
      redisUrl: 'redis://cache:6379',
      logLevel: 'warn',
      trustProxy: true,
    });
  });

  it('lists every bad variable by name, without echoing URLs', () => {
    let error: unknown;
    try {
      loadSettings({ PORT: 'eighty', LOG_LEVEL: 'loud', DATABASE_URL: 'mysql://secret@db/x', TRUST_PROXY: 'maybe' });
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(SettingsError);
    const message = (error as Error).message;
    expect(message).toMatch(/PORT: must be a whole number from 0 to 65535 \(got "eighty"\)/);
    expect(message).toMatch(/LOG_LEVEL: must be one of/);
    expect(message).toMatch(/DATABASE_URL: must be a URL starting with postgres:\/\/ or postgresql:\/\//);
    expect(message).toMatch(/TRUST_PROXY: must be true or false/);
    expect(message).not.toContain('secret');
  });

  it('reads the mail settings; SMTP_URL is never echoed', () => {
    expect(
      loadSettings({ PUBLIC_URL: 'https://{host}/', SMTP_URL: 'smtps://u:p@mail:465', MAIL_FROM: 'hello@example.org' }),
    ).toMatchObject({
      publicUrl: 'https://{host}',
      smtpUrl: 'smtps://u:p@mail:465',
      mailFrom: 'hello@example.org',
    });
    expect(loadSettings({ PORT: '0' }).publicUrl).toBe('http://{host}');
    expect(loadSettings({ PORT: '3000' }).publicUrl).toBe('http://{host}:3000');
    expect(() => loadSettings({ SMTP_URL: 'http://u:secret@mail' })).toThrow(
      /SMTP_URL: must be a URL starting with smtp:\/\/ or smtps:\/\/$/m,
    );
    expect(() => loadSettings({ PUBLIC_URL: 'ftp://x' })).toThrow(/PUBLIC_URL: must be a URL/);
    expect(() => loadSettings({ MAIL_FROM: 'nobody' })).toThrow(/MAIL_FROM: must be an e-mail address/);
  });

  it('sizes the planner threads to the cores unless PLANNER_THREADS says otherwise', () => {
    expect(loadSettings({}).plannerThreads).toBe(os.availableParallelism());
    expect(loadSettings({ PLANNER_THREADS: '3' }).plannerThreads).toBe(3);
    expect(() => loadSettings({ PLANNER_THREADS: '0' })).toThrow(/PLANNER_THREADS: must be a whole number from 1/);
  });

  it('documents every setting it reads', () => {
    expect(SETTINGS.map((setting) => setting.name)).toEqual([
      'PORT',
      'HOST',
      'BRAND',
      'BRANDS_DIR',
      'DIST_DIR',
      'DATA_DIR',
      'DATABASE_URL',
      'REDIS_URL',
      'LOG_LEVEL',
      'REQUEST_TIMEOUT_MS',
      'PUBLIC_URL',
      'SMTP_URL',
      'MAIL_FROM',
      'TRUST_PROXY',
      'SEARCH_LEASE_SECONDS',
      'SEARCH_SWEEP_SECONDS',
      'SEARCH_RATE_LIMIT',
      'SEARCH_QUEUE_LIMIT',
      'PLANNER_THREADS',
      'REGIONS',
    ]);
    for (const setting of SETTINGS) expect(setting.description.length).toBeGreaterThan(10);
  });

  it('reads REGIONS as a comma-separated list of readable manifests, relative to the repository', () => {
    const tayside = path.join(REPO_ROOT, 'data/regions/tayside.json');
    const other = path.join(REPO_ROOT, 'tests/regions/porto-alegre.json');
    expect(loadSettings({ REGIONS: ' data/regions/tayside.json , tests/regions/porto-alegre.json,' }).regions).toEqual([
      tayside,
      other,
    ]);
    expect(loadSettings({ REGIONS: `${tayside},${tayside}` }).regions).toEqual([tayside]);
    const missing = path.join(REPO_ROOT, 'data/regions/atlantis.json');
    expect(() => loadSettings({ REGIONS: 'data/regions/tayside.json,data/regions/atlantis.json' })).toThrow(
      new RegExp(
        `^  REGIONS: cannot read the region manifest ${missing} \\(got "data/regions/tayside.json,data/regions/atlantis.json"\\)$`,
        'm',
      ),
    );
    expect(() => loadSettings({ REGIONS: 'data/regions' })).toThrow(
      /REGIONS: cannot read the region manifest .*data\/regions /,
    );
    expect(() => loadSettings({ REGIONS: ' , ' })).toThrow(/REGIONS: must name at least one region manifest/);
  });

  it('refuses a REGIONS file that is not a region manifest, naming the setting and the file', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'drover-regions-'));
    try {
      const notJson = path.join(dir, 'notes.txt');
      fs.writeFileSync(notJson, 'hello');
      const noFeeds = path.join(dir, 'empty.json');
      fs.writeFileSync(noFeeds, JSON.stringify({ name: 'empty', snapshot: 'x.bin', feeds: [] }));
      await expect(checkRegionManifests([path.join(REPO_ROOT, 'data/regions/tayside.json')])).resolves.toBeUndefined();
      await expect(checkRegionManifests([notJson])).rejects.toThrow(SettingsError);
      await expect(checkRegionManifests([notJson])).rejects.toThrow(
        new RegExp(`^  REGIONS: ${notJson} is not a region manifest: `, 'm'),
      );
      await expect(checkRegionManifests([noFeeds])).rejects.toThrow(
        `REGIONS: ${noFeeds} is not a region manifest: a manifest needs name, snapshot and at least one feed`,
      );
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
