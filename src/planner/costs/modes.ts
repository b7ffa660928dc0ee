/** Which fare and emission class a transit leg belongs to, from its GTFS route_type and the region's coach operators. */

export type ServiceClass = 'bus' | 'coach' | 'rail' | 'tram' | 'subway' | 'ferry' | 'other';

/** GTFS basic and extended (HVT) route types. */
export function serviceClassOf(
  routeType: number,
  agencyName: string,
  coachOperators: readonly string[] = [],
): ServiceClass {
  const isCoachOperator = coachOperators.some((c) => c.toLowerCase() === agencyName.trim().toLowerCase());
  if (routeType === 2 || (routeType >= 100 && routeType < 200)) return 'rail';
  if (routeType >= 200 && routeType < 300) return 'coach';
  if (routeType === 3 || routeType === 11 || (routeType >= 700 && routeType < 800) || routeType === 800)
    return isCoachOperator ? 'coach' : 'bus';
  if (routeType === 0 || routeType === 5 || (routeType >= 900 && routeType < 1000)) return 'tram';
  if (routeType === 1 || routeType === 12 || (routeType >= 400 && routeType < 500)) return 'subway';
  if (routeType === 4 || routeType === 1000 || routeType === 1200) return 'ferry';
  return 'other';
}
