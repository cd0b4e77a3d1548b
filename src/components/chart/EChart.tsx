import { Spin } from 'antd';
import { useEffect, useRef, useState } from 'react';
import type { ECharts, EChartsCoreOption } from 'echarts/core';

import type * as EChartsSetup from './echarts-setup';

type Setup = typeof EChartsSetup;

let loading: Promise<Setup> | null = null;

/** ECharts with the charts the product draws, loaded on the first chart shown (never in a page without one). */
function loadECharts(): Promise<Setup> {
  loading ??= import('./echarts-setup');
  return loading;
}

export type EChartProps = { option: EChartsCoreOption; height?: number; ariaLabel: string };

/** One chart; resizes with its box. */
export function EChart({ option, height = 280, ariaLabel }: EChartProps) {
  const box = useRef<HTMLDivElement>(null);
  const chart = useRef<ECharts | null>(null);
  const [ready, setReady] = useState(false);

  useEffect(() => {
    let live = true;
    let observer: ResizeObserver | undefined;
    void loadECharts().then((echarts) => {
      if (!live || !box.current) return;
      chart.current = echarts.init(box.current, undefined, { renderer: 'canvas' });
      observer = new ResizeObserver(() => chart.current?.resize());
      observer.observe(box.current);
      setReady(true);
    });
    return () => {
      live = false;
      observer?.disconnect();
      chart.current?.dispose();
      chart.current = null;
    };
  }, []);

  useEffect(() => {
    if (ready) chart.current?.setOption(option, true);
  }, [ready, option]);

  return (
    <div role="img" aria-label={ariaLabel} style={{ position: 'relative', height }}>
      <div ref={box} style={{ position: 'absolute', inset: 0 }} />
      {!ready && <Spin style={{ position: 'absolute', top: '45%', left: '48%' }} />}
    </div>
  );
}
