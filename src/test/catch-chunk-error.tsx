import { Component, type ReactNode } from 'react';
import { ChunkLoadError } from '../lib/chunk-load';

type CatchChunkErrorProps = { show: (error: ChunkLoadError) => string; children: ReactNode };

/** A route's error element in small: `show(error)` for a ChunkLoadError, `other` for any other error. */
export class CatchChunkError extends Component<CatchChunkErrorProps, { error: unknown }> {
  override state = { error: null as unknown };
  static getDerivedStateFromError(error: unknown) {
    return { error };
  }
  override render() {
    const { error } = this.state;
    if (error instanceof ChunkLoadError) return <p>{this.props.show(error)}</p>;
    return error ? <p>other</p> : this.props.children;
  }
}
