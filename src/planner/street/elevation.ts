/**
 * Elevation rasters and sampling: bilinear elevation at a point, and the highest/lowest
 * elevation along a polyline sampled about every 30 m. Outside every raster -> null
 * ("not available").
 */
import type { LatLng } from '../geo/geo';
import { densify, haversine } from '../geo/geo';

/**
 * A north-up grid of elevations in metres. Sample (row, col) sits at
 * lat = north - (row + half) * dLat, lng = west + (col + half) * dLng, where half is 0.5 for
 * area rasters (GeoTIFF PixelIsArea: values describe cells) and 0 for point rasters (SRTM .hgt,
 * GeoTIFF PixelIsPoint). NaN marks no data.
 */
export class Raster {
  constructor(
    readonly width: number,
    readonly height: number,
    readonly values: Float32Array,
    /** Degrees of the first sample position (after the half-pixel shift). */
    readonly lat0: number,
    readonly lng0: number,
    readonly dLat: number,
    readonly dLng: number,
  ) {}

  static fromCorner(
    width: number,
    height: number,
    values: Float32Array,
    north: number,
    west: number,
    dLat: number,
    dLng: number,
    pixelIsArea: boolean,
  ): Raster {
    const half = pixelIsArea ? 0.5 : 0;
    return new Raster(width, height, values, north - half * dLat, west + half * dLng, dLat, dLng);
  }

  /** Coverage, including the outer half pixel of area rasters. */
  covers(lat: number, lng: number): boolean {
    const r = (this.lat0 - lat) / this.dLat;
    const c = (lng - this.lng0) / this.dLng;
    return r >= -0.5 && c >= -0.5 && r <= this.height - 0.5 && c <= this.width - 0.5;
  }

  /** Bilinear elevation, or null outside the raster or where all four neighbours are void. */
  at(lat: number, lng: number): number | null {
    if (!this.covers(lat, lng)) return null;
    const r = Math.min(Math.max((this.lat0 - lat) / this.dLat, 0), this.height - 1);
    const c = Math.min(Math.max((lng - this.lng0) / this.dLng, 0), this.width - 1);
    const r0 = Math.min(Math.floor(r), this.height - 2 < 0 ? 0 : this.height - 2);
    const c0 = Math.min(Math.floor(c), this.width - 2 < 0 ? 0 : this.width - 2);
    const r1 = Math.min(r0 + 1, this.height - 1);
    const c1 = Math.min(c0 + 1, this.width - 1);
    const fr = r - r0;
    const fc = c - c0;
    // The four neighbours by weight, skipping voids (NaN): inline, as this runs for every sample.
    const v = this.values;
    const w = this.width;
    const w00 = (1 - fr) * (1 - fc);
    const w01 = (1 - fr) * fc;
    const w10 = fr * (1 - fc);
    const w11 = fr * fc;
    const v00 = v[r0 * w + c0] as number;
    const v01 = v[r0 * w + c1] as number;
    const v10 = v[r1 * w + c0] as number;
    const v11 = v[r1 * w + c1] as number;
    let sum = 0;
    let weight = 0;
    if (w00 > 0 && !Number.isNaN(v00)) {
      sum += v00 * w00;
      weight += w00;
    }
    if (w01 > 0 && !Number.isNaN(v01)) {
      sum += v01 * w01;
      weight += w01;
    }
    if (w10 > 0 && !Number.isNaN(v10)) {
      sum += v10 * w10;
      weight += w10;
    }
    if (w11 > 0 && !Number.isNaN(v11)) {
      sum += v11 * w11;
      weight += w11;
    }
    // Null when every neighbour with weight is void.
    return weight > 0 ? sum / weight : null;
  }
}

export interface ElevationSampler {
  elevationAt(lat: number, lng: number): number | null;
}

/** Several rasters (e.g. adjacent SRTM tiles); the first that has a value answers. */
export class ElevationModel implements ElevationSampler {
  constructor(readonly rasters: readonly Raster[]) {}

  elevationAt(lat: number, lng: number): number | null {
    for (const r of this.rasters) {
      const v = r.at(lat, lng);
      if (v !== null) return v;
    }
    return null;
  }
}

export interface ElevationRange {
  /** Metres, rounded to whole metres; null when not available. */
  elevationHighest: number | null;
  elevationLowest: number | null;
}

/** Highest and lowest elevation along a polyline, sampled every `step` metres (default 30). */
export function elevationRange(
  points: readonly LatLng[],
  sampler: ElevationSampler | null | undefined,
  step = 30,
): ElevationRange {
  if (!sampler || points.length === 0) return { elevationHighest: null, elevationLowest: null };
  let hi = -Infinity;
  let lo = Infinity;
  for (const p of densify(points, step)) {
    const v = sampler.elevationAt(p.lat, p.lng);
    if (v === null) continue;
    if (v > hi) hi = v;
    if (v < lo) lo = v;
  }
  if (hi === -Infinity) return { elevationHighest: null, elevationLowest: null };
  return { elevationHighest: Math.round(hi), elevationLowest: Math.round(lo) };
}

export interface ElevationSample {
  /** Metres along the polyline. */
  distance: number;
  /** Metres above sea level, null where no raster covers the point. */
  elevation: number | null;
}

/** Elevation every `step` metres along a polyline (for a profile chart). */
export function elevationProfile(
  points: readonly LatLng[],
  sampler: ElevationSampler | null | undefined,
  step = 30,
): ElevationSample[] {
  const dense = densify(points, step);
  const out: ElevationSample[] = [];
  let along = 0;
  dense.forEach((p, i) => {
    if (i > 0) {
      const q = dense[i - 1] as LatLng;
      along += haversine(q.lat, q.lng, p.lat, p.lng);
    }
    const v = sampler ? sampler.elevationAt(p.lat, p.lng) : null;
    out.push({ distance: Math.round(along), elevation: v === null ? null : Math.round(v * 10) / 10 });
  });
  return out;
}
