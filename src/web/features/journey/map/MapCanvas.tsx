/**
 * The MapLibre map itself (react-map-gl). Loaded lazily (React.lazy in JourneyMap/StageView),
 * so MapLibre is a chunk of its own that only journey pages fetch.
 *
 * Keyboard: the canvas takes focus (arrow keys pan, + and - zoom), the zoom buttons are named,
 * and each toilet marker is a button that opens its info window (Escape closes it and gives
 * focus back to the marker). The brand's style falls back to the server's own region style
 * when it cannot be loaded (no internet, a retired style URL).
 */
import * as maplibregl from 'maplibre-gl';
import 'maplibre-gl/dist/maplibre-gl.css';
import workerUrl from 'maplibre-gl/dist/maplibre-gl-worker.mjs?url';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import MapView, {
  AttributionControl,
  Layer,
  Marker,
  NavigationControl,
  Popup,
  Source,
  type MapRef,
} from 'react-map-gl/maplibre';
import type { ToiletMarker } from '../../../../contract/journey';
import { FALLBACK_FIRST_LABEL_LAYER } from '../../../../contract/map';
import { fitPadding, labelAnchors, MAP_ZOOM, type Bounds, type StagePoint } from './map-model';
import classes from './map.module.css';
import type { LngLat } from './polyline';
import { ToiletDetails } from './ToiletDetails';

// Vite does not emit MapLibre's worker on its own (STACK.md): point MapLibre at the built file.
maplibregl.setWorkerUrl(workerUrl);

export interface MapLine {
  points: LngLat[];
  estimated: boolean;
}

export interface MapCanvasProps {
  /** The canvas's accessible name. */
  label: string;
  /** Id of the text alternative under the map. */
  describedBy: string;
  styleUrl: string;
  fallbackStyleUrl: string;
  colour: string;
  lines: MapLine[];
  bounds: Bounds | null;
  start: { at: LngLat; label: string };
  end: { at: LngLat; label: string };
  stages?: StagePoint[];
  toilets?: ToiletMarker[];
  /** The traveller's shared position; the map centres on its first fix. */
  position?: { lat: number; lng: number } | null;
  /** Called once the map is drawn (LazyMap then takes its static preview away). */
  onReady?: () => void;
}

/** Fitting a route: room for the labels (fitPadding); never closer than zoom 14. */
function fitOptions(width: number) {
  return { padding: fitPadding(width), maxZoom: MAP_ZOOM, duration: 0 };
}

/** Before the map can place the points on the screen: by their coordinates (north is up). */
function firstAnchors(start: LngLat, end: LngLat) {
  const west = Math.min(start[0], end[0]);
  const east = Math.max(start[0], end[0]);
  const x = (at: LngLat) => (east === west ? 0.5 : (at[0] - west) / (east - west)) * 3;
  return labelAnchors({ x: x(start), y: -start[1] }, { x: x(end), y: -end[1] }, 3);
}

function linesGeoJson(lines: MapLine[]) {
  return {
    type: 'FeatureCollection' as const,
    features: lines.map((line, i) => ({
      type: 'Feature' as const,
      id: i,
      properties: { estimated: line.estimated },
      geometry: { type: 'LineString' as const, coordinates: line.points },
    })),
  };
}

export default function MapCanvas(props: MapCanvasProps) {
  const { label, describedBy, colour, lines, bounds, start, end, stages = [], toilets = [], position, onReady } = props;
  const map = useRef<MapRef>(null);
  const [style, setStyle] = useState(props.styleUrl);
  const [state, setState] = useState<'loading' | 'ready' | 'failed'>('loading');
  const [open, setOpen] = useState<number | null>(null);
  const markerButtons = useRef(new Map<number, HTMLButtonElement>());
  const data = useMemo(() => linesGeoJson(lines), [lines]);
  const [anchors, setAnchors] = useState(() => firstAnchors(start.at, end.at));
  // Once the map is drawn, and after each move, the labels hang by where the points are on screen.
  const placeLabels = useCallback(() => {
    const view = map.current;
    if (!view) return;
    const next = labelAnchors(view.project(start.at), view.project(end.at), view.getContainer().clientWidth);
    setAnchors((was) => (was.start === next.start && was.end === next.end ? was : next));
  }, [start.at, end.at]);
  useEffect(() => {
    if (state === 'ready') placeLabels();
  }, [state, placeLabels]);
  const narrow = typeof window !== 'undefined' && window.innerWidth < 640;
  const frame = useRef<HTMLDivElement>(null);
  // On a phone the attribution starts folded behind its (i) button rather than cover the route.
  // MapLibre opens a compact attribution when its text first arrives; folding it in the same
  // frame (a MutationObserver runs before the browser paints) keeps the layout from shifting.
  useEffect(() => {
    const container = frame.current;
    if (!narrow || !container) return;
    const fold = () => {
      const attribution = container.querySelector('.maplibregl-ctrl-attrib.maplibregl-compact-show');
      if (!attribution) return false;
      attribution.classList.remove('maplibregl-compact-show');
      return true;
    };
    if (fold()) return;
    const observer = new MutationObserver(() => {
      if (fold()) observer.disconnect();
    });
    observer.observe(container, { subtree: true, attributes: true, attributeFilter: ['class'] });
    return () => observer.disconnect();
  }, [narrow]);
  // On our fallback style the town and city names stay readable above the route (server/map/style.ts).
  const labelsFirst = style === props.fallbackStyleUrl ? FALLBACK_FIRST_LABEL_LAYER : undefined;

  // A new leg or stage: show all of it (no closer than zoom 14).
  useEffect(() => {
    const view = map.current;
    if (bounds && view && state === 'ready') view.fitBounds(bounds, fitOptions(view.getContainer().clientWidth));
  }, [bounds, state]);

  useEffect(() => {
    const canvas = map.current?.getCanvas();
    canvas?.setAttribute('aria-label', label);
    canvas?.setAttribute('aria-describedby', describedBy);
  }, [label, describedBy, state]);

  const centred = useRef(false);
  useEffect(() => {
    if (!position || state !== 'ready' || centred.current) return;
    centred.current = true;
    map.current?.flyTo({ center: [position.lng, position.lat], zoom: MAP_ZOOM });
  }, [position, state]);

  const closePopup = () => {
    const was = open;
    setOpen(null);
    if (was !== null) markerButtons.current.get(was)?.focus();
  };
  // Escape closes an open info window, as it would a dialog.
  useEffect(() => {
    if (open === null) return;
    const onKey = (event: globalThis.KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      setOpen(null);
      markerButtons.current.get(open)?.focus();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [open]);
  const openToilet = open === null ? undefined : toilets[open];

  return (
    <div
      ref={frame}
      className={classes.canvas}
      data-map-state={state}
      data-map-style={style === props.fallbackStyleUrl ? 'fallback' : 'brand'}
    >
      <MapView
        ref={map}
        mapLib={maplibregl}
        mapStyle={style}
        initialViewState={
          bounds
            ? { bounds, fitBoundsOptions: fitOptions(window.innerWidth) }
            : { longitude: start.at[0], latitude: start.at[1], zoom: MAP_ZOOM }
        }
        maxZoom={18}
        cooperativeGestures
        attributionControl={false}
        locale={{ 'Map.Title': label, 'Popup.Close': 'Close toilet details' }}
        onLoad={() => {
          setState('ready');
          onReady?.();
        }}
        onError={(event) => {
          // The brand's style is out of reach: draw the region's own style instead.
          if (state === 'loading' && style !== props.fallbackStyleUrl) setStyle(props.fallbackStyleUrl);
          else if (state === 'loading') setState('failed');
          console.warn('map:', event.error?.message);
        }}
        onMoveEnd={placeLabels}
        style={{ width: '100%', height: '100%' }}
      >
        <NavigationControl showCompass={false} />
        <AttributionControl compact={narrow} />
        <Source id="route" type="geojson" data={data}>
          <Layer
            id="route-casing"
            type="line"
            beforeId={labelsFirst}
            layout={{ 'line-join': 'round', 'line-cap': 'round' }}
            paint={{ 'line-color': '#ffffff', 'line-width': 8 }}
          />
          <Layer
            id="route-line"
            type="line"
            beforeId={labelsFirst}
            filter={['!', ['get', 'estimated']]}
            layout={{ 'line-join': 'round', 'line-cap': 'round' }}
            paint={{ 'line-color': colour, 'line-width': 5 }}
          />
          <Layer
            id="route-estimated"
            type="line"
            beforeId={labelsFirst}
            filter={['get', 'estimated']}
            paint={{ 'line-color': colour, 'line-width': 4, 'line-dasharray': [1.5, 1.5] }}
          />
        </Source>
        {stages.map((stage) => (
          <Marker key={`stage-${stage.number}`} longitude={stage.at[0]} latitude={stage.at[1]}>
            {stage.icon ? (
              // The brand's map icon for the mode, with the stage's number on it.
              <span className={classes.stageIcon} aria-hidden="true">
                <img src={stage.icon} alt="" width={32} height={32} />
                <span className={classes.stageNumber} style={{ background: colour }}>
                  {stage.number}
                </span>
              </span>
            ) : (
              <span className={classes.stagePoint} style={{ borderColor: colour }} aria-hidden="true">
                {stage.number}
              </span>
            )}
          </Marker>
        ))}
        <Marker key={`start-${anchors.start}`} longitude={start.at[0]} latitude={start.at[1]} anchor={anchors.start}>
          <span className={classes.endLabel} style={{ background: colour }}>
            Start: {start.label}
          </span>
        </Marker>
        <Marker key={`end-${anchors.end}`} longitude={end.at[0]} latitude={end.at[1]} anchor={anchors.end}>
          <span className={classes.endLabel} style={{ background: colour }}>
            End: {end.label}
          </span>
        </Marker>
        {toilets.map((toilet, i) => (
          <Marker key={`toilet-${i}`} longitude={toilet.location.lng} latitude={toilet.location.lat}>
            <button
              type="button"
              className={classes.toiletMarker}
              aria-label={`Toilet: ${toilet.name}`}
              aria-expanded={open === i}
              ref={(element) => {
                if (element) markerButtons.current.set(i, element);
                else markerButtons.current.delete(i);
              }}
              onClick={(event) => {
                event.stopPropagation();
                setOpen(open === i ? null : i);
              }}
            >
              WC
            </button>
          </Marker>
        ))}
        {openToilet && (
          <Popup
            longitude={openToilet.location.lng}
            latitude={openToilet.location.lat}
            offset={18}
            closeOnClick={false}
            onClose={closePopup}
            maxWidth="300px"
          >
            <div role="dialog" aria-label={`Toilet details: ${openToilet.name}`} className={classes.popup}>
              <ToiletDetails toilet={openToilet} />
            </div>
          </Popup>
        )}
        {position && (
          <Marker longitude={position.lng} latitude={position.lat}>
            <span className={classes.position} role="img" aria-label="Your position" />
          </Marker>
        )}
      </MapView>
      {state === 'failed' && (
        <p className={classes.failed}>
          The map could not be drawn. The description below and the step by step guide describe the route.
        </p>
      )}
    </div>
  );
}
