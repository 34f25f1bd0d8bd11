/**
 * The size of an element [CSS px], followed with a ResizeObserver: the viewer fits its corner text to its frame
 * (corner-fit.ts). Undefined until the element is laid out.
 */
import { useEffect, useState, type RefObject } from 'react';

export function useFrameSize(
  element: RefObject<HTMLElement | null>,
): { widthPx: number; heightPx: number } | undefined {
  const [size, setSize] = useState<{ widthPx: number; heightPx: number } | undefined>(undefined);
  useEffect(() => {
    const target = element.current;
    if (!target) return undefined;
    const measure = () => {
      const widthPx = target.clientWidth;
      const heightPx = target.clientHeight;
      setSize((old) => (old?.widthPx === widthPx && old.heightPx === heightPx ? old : { widthPx, heightPx }));
    };
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(target);
    return () => observer.disconnect();
  }, [element]);
  return size;
}
