export { emissionModeForService, emissionsForLeg, journeyEmissions, roundKg, type EmissionMode, type LegEmissionOptions } from './emissions';
export { modeFactors, parseEmissionFactorsCsv, type CarFuel, type EmissionFactor, type ModeFactors } from './factors';
