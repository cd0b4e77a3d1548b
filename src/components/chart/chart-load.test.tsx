import { screen } from '@testing-library/react';
import { render } from '../../test/render';
import { describe, expect, it, vi } from 'vitest';
import { CatchChunkError } from '../../test/catch-chunk-error';
import { Chart } from './Chart';

// The chart library's chunk cannot be fetched (a new deployment removed it, or the network dropped).
vi.mock('./chart-setup', () => {
  throw new Error('Failed to fetch dynamically imported module: http://kb.example/assets/chart-setup-x1.js');
});

describe('the chart library chunk goes through the typed loader (spec §8)', () => {
  it('a chunk that fails to load reaches the route error element as a ChunkLoadError', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    render(
      <CatchChunkError show={(error) => `load-error:${error.type}`}>
        <Chart spec={{ kind: 'bar', categories: ['华东'], series: [{ name: '销售额', data: [1] }] } as never} ariaLabel="销售额" />
      </CatchChunkError>,
    );
    expect(await screen.findByText('load-error:error')).toBeInTheDocument();
  });
});
