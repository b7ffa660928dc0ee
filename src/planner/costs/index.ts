/** Costs for door-to-door journeys: the functions the journey assembler calls. See each module's header for sources. */
export { bikeHireCharge, priceBikeHire, type BikeHireTariff } from './bike-hire';
export { HMRC_CAR_PENCE_PER_MILE, priceOwnCar } from './car';
export { carClubTimeCharge, priceCarClub, type CarClubTariff } from './car-club';
export { applyRailcard, localBusConcession, type TravellerProfile } from './concessions';
export { councilAreasFromGeoJson, councilAt, type CouncilArea } from '../geo/council-areas';
export { fareTablesFromRawFeed, readFareTables } from './gtfs-fare-source';
export {
  FareIndex,
  fareIndexesFromTimetable,
  fareTablesFromExtras,
  type FareLegQuery,
  type FareTables,
  type GtfsFareResult,
} from './gtfs-fares';
export { serviceClassOf, type ServiceClass } from './modes';
export {
  addVat,
  formatCost,
  penceFromPounds,
  sumCosts,
  toBreakdown,
  UK_VAT_RATE,
  withVat,
  type Cost,
  type PriceLine,
} from './money';
export { paymentMethodsBreakdown, type PaymentMethodsData } from './payment-methods';
// Taxi and transit requests take their departure as this value (common/local-time), built from service date and seconds.
export { localDateTime, type LocalDateTime } from '../common/local-time';
export {
  chooseTariff,
  meterFare,
  priceTaxi,
  taxiOperatorsFor,
  type TaxiData,
  type TaxiQuote,
  type TaxiRequest,
  type TaxiTariff,
} from './taxi';
export {
  priceJourney,
  priceTransitLeg,
  type FareContext,
  type FaresData,
  type JourneyPrice,
  type PricedLeg,
  type TransitLeg,
} from './transit';
export { priceCommunityTransport, type CommunityFareService } from './community-transport';
// CO2e sits with the costs: both are per-part figures from published tables (DESNZ factors, tariffs) that the assembler totals.
export {
  emissionModeForService,
  emissionsForLeg,
  journeyEmissions,
  roundKg,
  type EmissionMode,
  type LegEmissionOptions,
} from './emissions';
export {
  modeFactors,
  parseEmissionFactorsCsv,
  type CarFuel,
  type EmissionFactor,
  type ModeFactors,
} from './emission-factors';
