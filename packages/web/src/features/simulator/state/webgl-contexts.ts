/**
 * WebGL contexts of this tab (simulator.md §4): counted every WEBGL_CHECK_INTERVAL_MS; at WEBGL_WARNING_CONTEXTS
 * or more the Performance Warning banner shows, at WEBGL_ERROR_CONTEXTS or more an error is reported (once).
 * Browsers keep about 16 contexts a page and silently lose the oldest beyond that, which blanks a viewer.
 *
 * A context is observed from its creation (HTMLCanvasElement.prototype.getContext, once the counter is installed)
 * and counted while its canvas is in the document and it is not lost: a viewer that released its context, or whose
 * canvas has gone, stops counting, and so do the throwaway contexts libraries create to probe what the GPU can do
 * (never attached). Held by WeakRefs, so observing keeps nothing alive.
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

/** What the count reads of a WebGL context: whether it is lost, and its canvas. */
interface ObservedContext {
  isContextLost(): boolean;
  readonly canvas: { readonly isConnected?: boolean };
}

/** The contexts themselves are held weakly (a wrapper object would be collected at once, and forgotten). */
const live = new Set<WeakRef<ObservedContext>>();
let installed = false;

/** Starts observing the contexts this tab creates (idempotent). */
export function installWebGlCounter(proto: HTMLCanvasElement = HTMLCanvasElement.prototype): void {
  if (installed) return;
  installed = true;
  const original = proto.getContext;
  // getContext's overloads cannot be named one by one here; the wrapper passes every argument through.
  const counting = function (this: HTMLCanvasElement, ...args: Parameters<typeof original>) {
    const context = original.apply(this, args) as unknown;
    if (context !== null && WEBGL_KINDS.has(args[0])) live.add(new WeakRef(context as ObservedContext));
    return context;
  };
  proto.getContext = counting as typeof original;
}

/** The contexts in use now (canvas in the document, context not lost); forgets the lost and collected ones. */
export function countWebGlContexts(): number {
  let count = 0;
  for (const ref of live) {
    const context = ref.deref();
    if (context === undefined || context.isContextLost()) live.delete(ref);
    else if (context.canvas.isConnected === true) count++;
  }
  return count;
}
