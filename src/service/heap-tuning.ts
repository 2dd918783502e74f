import { setFlagsFromString } from 'node:v8';

/**
 * How far V8 lets the old generation grow past what survived its last full collection, in percent. V8's own
 * choice after start-up's collection is up to 4×: under load the service's old generation then fills with promoted
 * garbage from about 40 MB live to 150 MB before the next one (a peak of 270–280 MB resident in the first minute),
 * while at 1.5× a full collection comes every ten seconds or so at 55–70 MB, for no measurable CPU (BENCHMARKS.md,
 * "The old generation's growth").
 */
const HEAP_GROWING_PERCENT = 50;

/**
 * Sets the service's heap growth, for the process that serves (`npm start`, `hoplens serve`). V8 reads the flag each
 * time it sets the old generation's limit, so it applies when set after start-up; the young generation's size cannot
 * be (`--max-semi-space-size` in package.json's `start` script).
 */
export function tuneHeapForServing(): void {
  setFlagsFromString(`--heap-growing-percent=${HEAP_GROWING_PERCENT}`);
}
