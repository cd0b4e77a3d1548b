import { Spin } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { loadChunk } from '../../lib/chunk-load';
import type { ChartSpec } from './chart-spec';
import type * as ChartSetup from './chart-setup';

type Setup = typeof ChartSetup;

let loading: Promise<Setup> | null = null;

/** Chart.js with the charts the product draws, loaded on the first chart shown (never in a page without one; D77). */
function loadCharts(): Promise<Setup> {
  // Through the typed loader (spec §8): 120 s timeout and a ChunkLoadError the route's load-error page shows.
  loading ??= loadChunk(() => import('./chart-setup'), 'chart-setup').catch((err: unknown) => {
    loading = null;
    throw err;
  });
  return loading;
}

export type ChartProps = { spec: ChartSpec; height?: number; ariaLabel: string };

/** One chart (spreadsheet and database answers, 统计); resizes with its box. */
export function Chart({ spec, height = 280, ariaLabel }: ChartProps) {
  const canvas = useRef<HTMLCanvasElement>(null);
  const [setup, setSetup] = useState<Setup | null>(null);
  const [failed, setFailed] = useState<unknown>(null);
  // Thrown while drawing, so the enclosing route's error element (the load-error page) shows it.
  if (failed) throw failed;

  useEffect(() => {
    let live = true;
    void loadCharts().then((loaded) => live && setSetup(loaded), (err: unknown) => live && setFailed(err));
    return () => {
      live = false;
    };
  }, []);

  useEffect(() => {
    if (!setup || !canvas.current) return;
    const drawn = setup.draw(canvas.current, spec);
    return () => drawn.destroy();
  }, [setup, spec]);

  return (
    <div role="img" aria-label={ariaLabel} style={{ position: 'relative', height }}>
      <div style={{ position: 'absolute', inset: 0 }}>
        <canvas ref={canvas} />
      </div>
      {!setup && <Spin style={{ position: 'absolute', top: '45%', left: '48%' }} />}
    </div>
  );
}
