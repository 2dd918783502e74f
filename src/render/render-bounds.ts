/**
 * The bounds on one rendered analysis (issue 22): what a page a stranger chooses may cost the host. Each has a
 * default here and a variable on the service (docs/api.md); a bound that stops a render is a `render_incomplete`
 * finding naming it.
 */
export interface RenderBounds {
  /** Requests the page may make in all (the next one stops the render: `request_limit`). */
  readonly maxRequests: number;
  /** Requests performed at once; the others wait their turn. */
  readonly maxParallelRequests: number;
  /** Decoded bytes of one response; a larger one fails in the page, and its bytes still count. */
  readonly maxResponseBytes: number;
  /** Decoded bytes of every response together (beyond: `byte_limit`). */
  readonly maxRenderBytes: number;
  /**
   * Memory of the render's JavaScript heaps, DOM and buffers (its pages', out-of-process frames' and workers', summed),
   * in bytes (beyond: the context is closed, `memory_limit`).
   */
  readonly maxContextMemory: number;
}

const MIB = 1024 * 1024;

/** The defaults of {@link RenderBounds}. */
export const RENDER_BOUNDS_DEFAULTS: RenderBounds = Object.freeze({
  maxRequests: 100,
  maxParallelRequests: 6,
  maxResponseBytes: 2 * MIB,
  maxRenderBytes: 20 * MIB,
  maxContextMemory: 512 * 1000 * 1000,
});
