/**
 * British National Grid (OSGB36, EPSG:27700) easting/northing -> WGS84 latitude/longitude, as the
 * Ordnance Survey's "A guide to coordinate systems in Great Britain" sets out: the inverse
 * Transverse Mercator on the Airy 1830 ellipsoid, then a 7-parameter Helmert transformation to
 * WGS84. Good to about 5 metres (the Helmert step; OSTN15 would be sub-metre), which is what a
 * stop position needs. NaPTAN rows that give only Easting/Northing (the Angus rows) use it.
 */

const AIRY = { a: 6_377_563.396, b: 6_356_256.909 };
const WGS84 = { a: 6_378_137, b: 6_356_752.3142 };
const F0 = 0.9996012717;
const LAT0 = (49 * Math.PI) / 180;
const LON0 = (-2 * Math.PI) / 180;
const E0 = 400_000;
const N0 = -100_000;
/** OSGB36 -> WGS84 Helmert parameters: metres, ppm, arc-seconds. */
const HELMERT = { tx: 446.448, ty: -125.157, tz: 542.06, s: -20.4894, rx: 0.1502, ry: 0.247, rz: 0.8421 };

function meridionalArc(lat: number, b: number, n: number): number {
  const d = lat - LAT0;
  const s = lat + LAT0;
  return (
    b *
    F0 *
    ((1 + n + (5 / 4) * n ** 2 + (5 / 4) * n ** 3) * d -
      (3 * n + 3 * n ** 2 + (21 / 8) * n ** 3) * Math.sin(d) * Math.cos(s) +
      ((15 / 8) * n ** 2 + (15 / 8) * n ** 3) * Math.sin(2 * d) * Math.cos(2 * s) -
      (35 / 24) * n ** 3 * Math.sin(3 * d) * Math.cos(3 * s))
  );
}

/** Grid -> latitude/longitude (radians) on Airy 1830. */
function gridToAiry(e: number, nn: number): { lat: number; lon: number } {
  const { a, b } = AIRY;
  const e2 = 1 - (b * b) / (a * a);
  const n = (a - b) / (a + b);
  let lat = LAT0;
  let m = 0;
  do {
    lat = (nn - N0 - m) / (a * F0) + lat;
    m = meridionalArc(lat, b, n);
  } while (Math.abs(nn - N0 - m) >= 0.00001);
  const sin = Math.sin(lat);
  const nu = (a * F0) / Math.sqrt(1 - e2 * sin * sin);
  const rho = (a * F0 * (1 - e2)) / (1 - e2 * sin * sin) ** 1.5;
  const eta2 = nu / rho - 1;
  const tan = Math.tan(lat);
  const sec = 1 / Math.cos(lat);
  const t2 = tan * tan;
  const t4 = t2 * t2;
  const vii = tan / (2 * rho * nu);
  const viii = (tan / (24 * rho * nu ** 3)) * (5 + 3 * t2 + eta2 - 9 * t2 * eta2);
  const ix = (tan / (720 * rho * nu ** 5)) * (61 + 90 * t2 + 45 * t4);
  const x = sec / nu;
  const xi = (sec / (6 * nu ** 3)) * (nu / rho + 2 * t2);
  const xii = (sec / (120 * nu ** 5)) * (5 + 28 * t2 + 24 * t4);
  const xiia = (sec / (5040 * nu ** 7)) * (61 + 662 * t2 + 1320 * t4 + 720 * t4 * t2);
  const de = e - E0;
  return {
    lat: lat - vii * de ** 2 + viii * de ** 4 - ix * de ** 6,
    lon: LON0 + x * de - xi * de ** 3 + xii * de ** 5 - xiia * de ** 7,
  };
}

/** Easting/northing in metres -> WGS84 degrees. */
export function osgbToWgs84(easting: number, northing: number): { lat: number; lon: number } {
  const p = gridToAiry(easting, northing);
  // To Cartesian on Airy (height 0), Helmert, back to latitude/longitude on WGS84.
  const ea2 = 1 - (AIRY.b * AIRY.b) / (AIRY.a * AIRY.a);
  const nu = AIRY.a / Math.sqrt(1 - ea2 * Math.sin(p.lat) ** 2);
  const x1 = nu * Math.cos(p.lat) * Math.cos(p.lon);
  const y1 = nu * Math.cos(p.lat) * Math.sin(p.lon);
  const z1 = (1 - ea2) * nu * Math.sin(p.lat);
  const sec = Math.PI / (180 * 3600);
  const { tx, ty, tz } = HELMERT;
  const s = 1 + HELMERT.s * 1e-6;
  const rx = HELMERT.rx * sec;
  const ry = HELMERT.ry * sec;
  const rz = HELMERT.rz * sec;
  const x2 = tx + s * x1 - rz * y1 + ry * z1;
  const y2 = ty + rz * x1 + s * y1 - rx * z1;
  const z2 = tz - ry * x1 + rx * y1 + s * z1;
  const wa2 = 1 - (WGS84.b * WGS84.b) / (WGS84.a * WGS84.a);
  const pxy = Math.hypot(x2, y2);
  let lat = Math.atan2(z2, pxy * (1 - wa2));
  for (let k = 0; k < 10; k++) {
    const v = WGS84.a / Math.sqrt(1 - wa2 * Math.sin(lat) ** 2);
    const next = Math.atan2(z2 + wa2 * v * Math.sin(lat), pxy);
    if (Math.abs(next - lat) < 1e-12) {
      lat = next;
      break;
    }
    lat = next;
  }
  return { lat: (lat * 180) / Math.PI, lon: (Math.atan2(y2, x2) * 180) / Math.PI };
}

/**
 * WGS84 degrees -> British National Grid easting/northing in metres: the inverse Helmert
 * transformation (the same seven parameters negated) onto Airy 1830, then the Transverse Mercator
 * projection as the same OS guide sets out. Good to a few metres, as the inverse is; for sampling
 * grids published in BNG (OS Terrain 50).
 */
export function wgs84ToOsgb(latDeg: number, lonDeg: number): { easting: number; northing: number } {
  const lat1 = (latDeg * Math.PI) / 180;
  const lon1 = (lonDeg * Math.PI) / 180;
  const wa2 = 1 - (WGS84.b * WGS84.b) / (WGS84.a * WGS84.a);
  const nu1 = WGS84.a / Math.sqrt(1 - wa2 * Math.sin(lat1) ** 2);
  const x1 = nu1 * Math.cos(lat1) * Math.cos(lon1);
  const y1 = nu1 * Math.cos(lat1) * Math.sin(lon1);
  const z1 = (1 - wa2) * nu1 * Math.sin(lat1);
  const sec = Math.PI / (180 * 3600);
  const s = 1 - HELMERT.s * 1e-6;
  const rx = -HELMERT.rx * sec;
  const ry = -HELMERT.ry * sec;
  const rz = -HELMERT.rz * sec;
  const x2 = -HELMERT.tx + s * x1 - rz * y1 + ry * z1;
  const y2 = -HELMERT.ty + rz * x1 + s * y1 - rx * z1;
  const z2 = -HELMERT.tz - ry * x1 + rx * y1 + s * z1;
  const { a, b } = AIRY;
  const e2 = 1 - (b * b) / (a * a);
  const p = Math.hypot(x2, y2);
  let lat = Math.atan2(z2, p * (1 - e2));
  for (let k = 0; k < 10; k++) {
    const v = a / Math.sqrt(1 - e2 * Math.sin(lat) ** 2);
    const next = Math.atan2(z2 + e2 * v * Math.sin(lat), p);
    if (Math.abs(next - lat) < 1e-12) {
      lat = next;
      break;
    }
    lat = next;
  }
  const lon = Math.atan2(y2, x2);
  const n = (a - b) / (a + b);
  const sin = Math.sin(lat);
  const cos = Math.cos(lat);
  const nu = (a * F0) / Math.sqrt(1 - e2 * sin * sin);
  const rho = (a * F0 * (1 - e2)) / (1 - e2 * sin * sin) ** 1.5;
  const eta2 = nu / rho - 1;
  const t2 = Math.tan(lat) ** 2;
  const m = meridionalArc(lat, b, n);
  const i = m + N0;
  const ii = (nu / 2) * sin * cos;
  const iii = (nu / 24) * sin * cos ** 3 * (5 - t2 + 9 * eta2);
  const iiia = (nu / 720) * sin * cos ** 5 * (61 - 58 * t2 + t2 * t2);
  const iv = nu * cos;
  const v = (nu / 6) * cos ** 3 * (nu / rho - t2);
  const vi = (nu / 120) * cos ** 5 * (5 - 18 * t2 + t2 * t2 + 14 * eta2 - 58 * t2 * eta2);
  const dl = lon - LON0;
  return {
    northing: i + ii * dl ** 2 + iii * dl ** 4 + iiia * dl ** 6,
    easting: E0 + iv * dl + v * dl ** 3 + vi * dl ** 5,
  };
}
