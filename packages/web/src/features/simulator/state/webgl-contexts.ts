/**
 * WebGL contexts of this tab (simulator.md §4): counted every WEBGL_CHECK_INTERVAL_MS; at WEBGL_WARNING_CONTEXTS
 * or more the Performance Warning banner shows, at WEBGL_ERROR_CONTEXTS or more an error is reported (once).
 * Browsers keep about 16 contexts a page and silently lose the oldest beyond that, which blanks a viewer.
 *
 * A context is counted from its creation (HTMLCanvasElement.prototype.getContext, observed once the counter is
 * installed) until it is lost or garbage-collected (held by a WeakRef): a viewer that released its context, or
 * whose canvas has gone, stops counting.
 */

export const WEBGL_CHECK_INTERVAL_MS = 10_000;
export const WEBGL_WARNING_CONTEXTS = 6;
export const WEBGL_ERROR_CONTEXTS = 12;

const WEBGL_KINDS = new Set(['webgl', 'webgl2', 'experimental-webgl']);

/** What one check decides: the banner while at or above the warning, one report on first reaching the error. */
export function webGlCheck(contexts: number, alreadyReported: boolean): { banner: boolean; report: boolean } {
  return {
    banner: contexts >= WEBGL_WARNING_CONTEXTS,
    report: contexts >= WEBGL_ERROR_CONTEXTS && !alreadyReported,
  };
}

interface LosableContext {
  isContextLost(): boolean;
}

const live = new Set<WeakRef<LosableContext>>();
let installed = false;

/** Starts observing the contexts this tab creates (idempotent). */
export function installWebGlCounter(proto: HTMLCanvasElement = HTMLCanvasElement.prototype): void {
  if (installed) return;
  installed = true;
  const original = proto.getContext;
  // getContext's overloads cannot be named one by one here; the wrapper passes every argument through.
  const counting = function (this: HTMLCanvasElement, ...args: Parameters<typeof original>) {
    const context = original.apply(this, args) as unknown;
    if (context !== null && WEBGL_KINDS.has(args[0])) live.add(new WeakRef(context as LosableContext));
    return context;
  };
  proto.getContext = counting as typeof original;
}

/** The contexts alive and not lost now; forgets the others. */
export function countWebGlContexts(): number {
  let count = 0;
  for (const ref of live) {
    const context = ref.deref();
    if (context === undefined || context.isContextLost()) live.delete(ref);
    else count++;
  }
  return count;
}
