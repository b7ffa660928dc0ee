/**
 * Where a map goes on a page: the lazily loaded MapLibre chunk inside a frame of fixed size,
 * mounted only once the page is usable and the frame is near the screen (use-mount-when-near),
 * with a spinner until then, and nothing but the text alternative where it cannot be drawn (no
 * WebGL, or the chunk failed to load offline before it was cached).
 */
import { Group, Loader, Text } from '@mantine/core';
import { Component, lazy, Suspense, useMemo, useRef, type ReactNode } from 'react';
import { useBrand } from '../../../lib/brand';
import type { MapCanvasProps } from './MapCanvas';
import { canShowMap, fallbackStyleUrl, mapStyleUrl } from './map-model';
import classes from './map.module.css';
import { useMountWhenNear } from './use-mount-when-near';

const MapCanvas = lazy(() => import('./MapCanvas'));

class MapBoundary extends Component<{ children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  override render() {
    return this.state.failed ? (
      <Text p="md">The map could not be loaded. The description below describes the route.</Text>
    ) : (
      this.props.children
    );
  }
}

export type LazyMapProps = Omit<MapCanvasProps, 'styleUrl' | 'fallbackStyleUrl'>;

function MapLoading() {
  return (
    <Group justify="center" h="100%" gap="xs" role="status">
      <Loader size="sm" />
      <Text>Loading the map</Text>
    </Group>
  );
}

export function LazyMap(props: LazyMapProps) {
  const brand = useBrand();
  const supported = useMemo(() => canShowMap(), []);
  const frame = useRef<HTMLDivElement>(null);
  const mount = useMountWhenNear(frame);
  if (!supported)
    return (
      <Text className={classes.unsupported}>
        This browser cannot draw maps. The description below describes the route.
      </Text>
    );
  const origin = window.location.origin;
  return (
    <div ref={frame} className={classes.frame}>
      {mount ? (
        <MapBoundary>
          <Suspense fallback={<MapLoading />}>
            <MapCanvas
              {...props}
              styleUrl={mapStyleUrl(brand.mapStyle, origin)}
              fallbackStyleUrl={fallbackStyleUrl(origin)}
            />
          </Suspense>
        </MapBoundary>
      ) : (
        <MapLoading />
      )}
    </div>
  );
}
