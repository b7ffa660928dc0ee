/**
 * Stops and stations named as travellers say them: "Dundee station" (not
 * "Dundee Rail Station"), "Perth bus station", "Dundee Greenmarket (coach stop)".
 */
import type { PlaceType, StopKind } from './types';

export interface StopNaming {
  label: string;
  type: PlaceType;
  /** What it is, for the secondary text: "Railway station", "Ember coach stop". */
  what: string;
}

const RAIL_SUFFIX_RE = /\s+(?:rail(?:way)?|train)\s+station$/i;
const BUS_STATION_RE = /\b(bus|coach)\s+(station|terminus|terminal)\b/i;

export function nameStop(name: string, kind: StopKind, operator?: string): StopNaming {
  const clean = name.replace(/\s+/g, ' ').trim();
  switch (kind) {
    case 'rail': {
      const base = clean.replace(RAIL_SUFFIX_RE, '').replace(/\s+station$/i, '');
      return { label: `${base} station`, type: 'station', what: 'Railway station' };
    }
    case 'subway':
      return {
        label: `${clean.replace(/\s+(?:subway\s+)?station$/i, '')} Subway station`,
        type: 'station',
        what: 'Subway station',
      };
    case 'tram':
      return { label: `${clean.replace(/\s+tram\s+stop$/i, '')} tram stop`, type: 'stop', what: 'Tram stop' };
    case 'ferry':
      return {
        label: /\b(pier|terminal|harbour|ferry)\b/i.test(clean) ? clean : `${clean} ferry terminal`,
        type: 'station',
        what: 'Ferry terminal',
      };
    case 'bus':
    case 'coach': {
      const m = BUS_STATION_RE.exec(clean);
      if (m) {
        // "Perth Bus Station" -> "Perth bus station"; keep any stand or stop suffix.
        const label = clean.replace(BUS_STATION_RE, `${m[1]!.toLowerCase()} ${m[2]!.toLowerCase()}`);
        return { label, type: 'station', what: kind === 'coach' ? 'Coach station' : 'Bus station' };
      }
      const what = kind === 'coach' ? `${operator ? `${operator} coach` : 'Coach'} stop` : 'Bus stop';
      return { label: kind === 'coach' ? `${clean} (coach stop)` : clean, type: 'stop', what };
    }
    default:
      return { label: clean, type: 'stop', what: 'Stop' };
  }
}
