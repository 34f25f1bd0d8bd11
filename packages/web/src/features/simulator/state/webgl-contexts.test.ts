import { describe, expect, it } from 'vitest';
import {
  countWebGlContexts,
  installWebGlCounter,
  WEBGL_ERROR_CONTEXTS,
  WEBGL_WARNING_CONTEXTS,
  webGlCheck,
} from './webgl-contexts.ts';

describe('WebGL contexts counted every 10 s (simulator.md §4: banner at 6, error report at 12)', () => {
  it('shows the banner from 6 contexts and reports once from 12', () => {
    expect(WEBGL_WARNING_CONTEXTS).toBe(6);
    expect(WEBGL_ERROR_CONTEXTS).toBe(12);
    expect(webGlCheck(5, false)).toEqual({ banner: false, report: false });
    expect(webGlCheck(6, false)).toEqual({ banner: true, report: false });
    expect(webGlCheck(11, false)).toEqual({ banner: true, report: false });
    expect(webGlCheck(12, false)).toEqual({ banner: true, report: true });
    expect(webGlCheck(14, true)).toEqual({ banner: true, report: false });
  });

  it('counts the WebGL contexts of canvases in the document, not 2D ones, detached or lost ones', () => {
    /** Canvases whose getContext answers a fake context of the kind asked for, drawing on `this`. */
    const contexts: { lost: boolean; isContextLost: () => boolean }[] = [];
    const proto = {
      getContext(this: { isConnected: boolean }, kind: string) {
        const context = { kind, canvas: this, lost: false, isContextLost: () => context.lost };
        contexts.push(context);
        return context;
      },
    };
    installWebGlCounter(proto as unknown as HTMLCanvasElement);
    const canvas = (isConnected: boolean) =>
      Object.assign(Object.create(proto) as typeof proto, { isConnected });
    const before = countWebGlContexts();
    canvas(true).getContext('webgl2');
    canvas(true).getContext('webgl');
    canvas(true).getContext('2d');
    canvas(false).getContext('webgl');
    expect(countWebGlContexts()).toBe(before + 2);
    const first = contexts[0];
    if (first) first.lost = true;
    expect(countWebGlContexts()).toBe(before + 1);
  });
});
