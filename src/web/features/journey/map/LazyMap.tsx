/**
 * Where a map goes on a page: the lazily loaded MapLibre chunk inside a frame of fixed size,
 * mounted only once the page is usable (use-mount-when-near: the journey's map once its frame is
 * near the screen, the stage's once asked or seconds after load), with a static picture of the
 * route (MapPreview) until it is drawn, and nothing but the text alternative where it cannot be
 * drawn (no WebGL, or the chunk failed to load offline before it was cached).
 */
import { Text } from '@mantine/core';
import { Component, lazy, Suspense, useCallback, useMemo, useRef, useState, type ReactNode } from 'react';
import { useBrand } from '../../../lib/brand';
import type { MapCanvasProps } from './MapCanvas';
import { canShowMap, fallbackStyleUrl, mapStyleUrl, mayShowMap } from './map-model';
import classes from './map.module.css';
import { MapPreview } from './MapPreview';
import { useMountWhenNear } from './use-mount-when-near';

const MapCanvas = lazy(() => import('./MapCanvas'));

class MapBoundary extends Component<{ children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  override render() {
    return this.state.failed ? (
      <Text p="md" className={classes.failed}>
        The map could not be loaded. The description below describes the route.
      </Text>
    ) : (
      this.props.children
    );
  }
}

export type LazyMapProps = Omit<MapCanvasProps, 'styleUrl' | 'fallbackStyleUrl' | 'onReady'> & {
  /** Mount the interactive map when its frame comes near the screen (else only when asked, or later). */
  whenNear?: boolean;
};

const UNSUPPORTED = 'This browser cannot draw maps. The description below describes the route.';

export function LazyMap({ whenNear = true, ...props }: LazyMapProps) {
  const brand = useBrand();
  // The cheap test now; the WebGL context (tens of milliseconds on a phone) only when the map mounts.
  const possible = useMemo(() => mayShowMap(), []);
  const frame = useRef<HTMLDivElement>(null);
  const { mount, ask } = useMountWhenNear(frame, { whenNear });
  const supported = useMemo(() => !mount || canShowMap(), [mount]);
  const [ready, setReady] = useState(false);
  const onReady = useCallback(() => {
    setReady(true);
    // Asked for from the keyboard: focus goes on to the map itself (arrow keys pan it).
    if (frame.current && document.activeElement === frame.current)
      frame.current.querySelector<HTMLElement>('canvas')?.focus();
  }, []);
  // Asked from the preview's button, which then goes: focus stays in the map's frame.
  const askHere = useCallback(() => {
    frame.current?.focus();
    ask();
  }, [ask]);
  if (!possible || !supported) return <Text className={classes.unsupported}>{UNSUPPORTED}</Text>;
  const origin = window.location.origin;
  return (
    <div ref={frame} className={classes.frame} tabIndex={-1}>
      {!ready && <MapPreview {...props} onAsk={mount ? undefined : askHere} />}
      {mount && (
        <MapBoundary>
          <Suspense fallback={null}>
            <MapCanvas
              {...props}
              styleUrl={mapStyleUrl(brand.mapStyle, origin)}
              fallbackStyleUrl={fallbackStyleUrl(origin)}
              onReady={onReady}
            />
          </Suspense>
        </MapBoundary>
      )}
    </div>
  );
}
