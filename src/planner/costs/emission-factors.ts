/**
 * DESNZ 2025 greenhouse-gas conversion factors (UK Government, kg CO2e) for the
 * passenger modes the planner needs, parsed from the reference CSV
 * (data/reference/emission-factors-desnz-2025.csv; a copy with the same
 * columns is data/regions/tayside/emission-factors-desnz-2025.json after the facts build).
 *
 * Column order caveat, from the file itself: the car fuel labels (diesel, petrol,
 * hybrid, CNG, LPG, unknown, plug-in hybrid, battery electric) were assigned by the
 * workbook's usual column order because the transcription dropped them. The planner's
 * default for own car and car club is the "unknown" fuel row (the average car whose
 * fuel we do not know), so a mislabel would only move that one default.
 */
import { parseCsv } from './csv';

export type FactorUnit = 'passenger.km' | 'vehicle.km';

export interface EmissionFactor {
  mode: string;
  category: string;
  fuel: string;
  unit: FactorUnit;
  kgCo2ePerKm: number;
}

export function parseEmissionFactorsCsv(text: string): EmissionFactor[] {
  const out: EmissionFactor[] = [];
  for (const r of parseCsv(text)) {
    const unit = r.unit;
    const value = Number(r.kg_co2e);
    if (!r.mode || (unit !== 'passenger.km' && unit !== 'vehicle.km') || r.kg_co2e === '' || !Number.isFinite(value)) {
      throw new Error(`emission factors: bad row ${JSON.stringify(r)}`);
    }
    out.push({ mode: r.mode, category: r.category ?? '', fuel: r.fuel ?? '', unit, kgCo2ePerKm: value });
  }
  return out;
}

export type CarFuel =
  'diesel' | 'petrol' | 'hybrid' | 'cng' | 'lpg' | 'unknown' | 'plug-in hybrid' | 'battery electric';

/** The factors the planner uses per leg mode, chosen from the DESNZ rows. */
export interface ModeFactors {
  /** Local bus outside London ("Local bus (not London)"), per passenger-km: Scottish buses. */
  bus: number;
  coach: number;
  /** National rail. */
  rail: number;
  /** Light rail and tram. */
  tram: number;
  subway: number;
  /** Ferry, foot passenger. */
  ferry: number;
  /** Regular taxi per vehicle-km: the hired vehicle's whole run is the traveller's. */
  taxiVehicle: number;
  /** Regular taxi per passenger-km: shared demand-responsive rides (taxi-operated DRT). */
  taxiPassenger: number;
  /** Average car per vehicle-km by fuel. */
  car: Record<CarFuel, number>;
  motorbike: number;
}

function pick(rows: readonly EmissionFactor[], mode: string, category: string, unit: FactorUnit, fuel = ''): number {
  const row = rows.find((r) => r.mode === mode && r.category === category && r.unit === unit && r.fuel === fuel);
  if (!row) throw new Error(`emission factors: no ${mode} / ${category} / ${fuel || '-'} / ${unit} row`);
  return row.kgCo2ePerKm;
}

export function modeFactors(rows: readonly EmissionFactor[]): ModeFactors {
  const fuels: CarFuel[] = [
    'diesel',
    'petrol',
    'hybrid',
    'cng',
    'lpg',
    'unknown',
    'plug-in hybrid',
    'battery electric',
  ];
  const car = Object.fromEntries(fuels.map((f) => [f, pick(rows, 'car', 'Average car', 'vehicle.km', f)])) as Record<
    CarFuel,
    number
  >;
  return {
    bus: pick(rows, 'bus', 'Local bus (not London)', 'passenger.km'),
    coach: pick(rows, 'coach', 'Coach', 'passenger.km'),
    rail: pick(rows, 'rail', 'National rail', 'passenger.km'),
    tram: pick(rows, 'tram', 'Light rail and tram', 'passenger.km'),
    subway: pick(rows, 'subway', 'London Underground', 'passenger.km'),
    ferry: pick(rows, 'ferry', 'Ferry - foot passenger', 'passenger.km'),
    taxiVehicle: pick(rows, 'taxi', 'Regular taxi', 'vehicle.km'),
    taxiPassenger: pick(rows, 'taxi', 'Regular taxi', 'passenger.km'),
    car,
    motorbike: pick(rows, 'motorbike', 'Average motorbike', 'vehicle.km'),
  };
}
