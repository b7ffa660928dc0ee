/**
 * The traveller's position while they choose to share it (SPEC section 9: refreshed every 10
 * seconds). Nothing is asked of the browser until `sharing` is on; a refusal or failure is
 * reported ('Cannot get the current location', SPEC section 8) and sharing stops.
 */
import { useEffect, useState } from 'react';
import { POSITION_REFRESH_MS } from './map-model';

/** Whether the browser can share a position at all (the page offers 'Show my location' only then). */
export const canSharePosition = () => typeof navigator !== 'undefined' && Boolean(navigator.geolocation);

export interface SharedPosition {
  position: { lat: number; lng: number } | null;
  error: string | null;
}

export function useSharedPosition(
  sharing: boolean,
  onFailure: () => void,
  refreshMs = POSITION_REFRESH_MS,
): SharedPosition {
  const [position, setPosition] = useState<SharedPosition['position']>(null);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    if (!sharing || !canSharePosition()) return;
    let active = true;
    const read = () =>
      navigator.geolocation.getCurrentPosition(
        (fix) => {
          if (!active) return;
          setError(null);
          setPosition({ lat: fix.coords.latitude, lng: fix.coords.longitude });
        },
        () => {
          if (!active) return;
          setError('Cannot get the current location');
          onFailure();
        },
        { enableHighAccuracy: true, maximumAge: refreshMs, timeout: refreshMs },
      );
    read();
    const timer = setInterval(read, refreshMs);
    return () => {
      active = false;
      clearInterval(timer);
    };
  }, [sharing, onFailure, refreshMs]);
  return { position: sharing ? position : null, error };
}
