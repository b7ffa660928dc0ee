/**
 * The route as a static picture (issue 32): its lines, Start and End in plain SVG, fitted to the
 * frame as the MapLibre map fits them (map-model previewLayout). It stands in the map's frame
 * until the interactive map is drawn, so a page shows its route without the map chunk's seconds
 * of main-thread time; 'Show interactive map' asks for the map at once.
 */
import { Button } from '@mantine/core';
import { useEffect, useRef, useState } from 'react';
import type { MapLine } from './MapCanvas';
import { previewLayout, type LabelAnchor } from './map-model';
import classes from './map.module.css';
import type { LngLat } from './polyline';

export interface MapPreviewProps {
  label: string;
  describedBy: string;
  colour: string;
  lines: MapLine[];
  start: { at: LngLat; label: string };
  end: { at: LngLat; label: string };
  /** Mounts the interactive map; absent once it is on its way. */
  onAsk?: (() => void) | undefined;
}

/** Where a label's box goes relative to its point, for each MapLibre anchor. */
const SHIFT: Record<LabelAnchor, string> = {
  bottom: 'translate(-50%, -100%)',
  top: 'translate(-50%, 0)',
  'bottom-left': 'translate(0, -100%)',
  'bottom-right': 'translate(-100%, -100%)',
  'top-left': 'translate(0, 0)',
  'top-right': 'translate(-100%, 0)',
};

export function MapPreview({ label, describedBy, colour, lines, start, end, onAsk }: MapPreviewProps) {
  const box = useRef<HTMLDivElement>(null);
  // The frame's size, from a ResizeObserver (it reports after layout: no forced layout here).
  const [size, setSize] = useState<{ width: number; height: number } | null>(null);
  useEffect(() => {
    const element = box.current;
    if (!element || typeof ResizeObserver !== 'function') return;
    const observer = new ResizeObserver(([entry]) => {
      const { width, height } = entry!.contentRect;
      setSize((was) => (was && was.width === width && was.height === height ? was : { width, height }));
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, []);
  const layout = size && size.width > 0 ? previewLayout(lines, start.at, end.at, size.width, size.height) : null;
  return (
    <div ref={box} className={classes.preview} data-map-preview="">
      {layout && size && (
        <>
          <svg
            role="img"
            aria-label={label}
            aria-describedby={describedBy}
            width={size.width}
            height={size.height}
            viewBox={`0 0 ${size.width} ${size.height}`}
          >
            {layout.paths.map((path, i) => (
              <path
                key={`casing-${i}`}
                d={path.d}
                fill="none"
                stroke="#ffffff"
                strokeWidth={8}
                strokeLinecap="round"
                strokeLinejoin="round"
              />
            ))}
            {layout.paths.map((path, i) => (
              <path
                key={`line-${i}`}
                d={path.d}
                fill="none"
                stroke={colour}
                strokeWidth={path.estimated ? 4 : 5}
                strokeLinecap="round"
                strokeLinejoin="round"
                {...(path.estimated ? { strokeDasharray: '6 6' } : {})}
              />
            ))}
            {[layout.start, layout.end].map((point, i) => (
              <circle key={i} cx={point.x} cy={point.y} r={6} fill="#ffffff" stroke={colour} strokeWidth={3} />
            ))}
          </svg>
          {/* The picture's name says where it runs: the labels are for the eye. */}
          <span
            aria-hidden="true"
            className={`${classes.endLabel} ${classes.previewLabel}`}
            style={{
              background: colour,
              left: layout.start.x,
              top: layout.start.y,
              transform: SHIFT[layout.anchors.start],
            }}
          >
            Start: {start.label}
          </span>
          <span
            aria-hidden="true"
            className={`${classes.endLabel} ${classes.previewLabel}`}
            style={{ background: colour, left: layout.end.x, top: layout.end.y, transform: SHIFT[layout.anchors.end] }}
          >
            End: {end.label}
          </span>
        </>
      )}
      {onAsk && (
        <Button size="compact-sm" className={classes.previewAsk} onClick={onAsk}>
          Show interactive map
        </Button>
      )}
    </div>
  );
}
