/**
 * NiiVue on one canvas (STACK.md: 3D render plus three planes, volumes from memory, RAS): the model as the
 * background volume, the planned slice stacks as a red overlay, a finished series as a grey overlay (its
 * zeros transparent), in the chosen layout. The canvas sits in a sized element; `data-ready` is set once the
 * volumes are drawn.
 */
import { useEffect, useRef, useState } from 'react';
import { Alert, Box } from '@mantine/core';
import { Niivue, NVImage, SHOW_RENDER } from '@niivue/niivue';
import type { NiftiVolume } from '../state/volumes.ts';

export type Layout3d = 'multiplanar' | 'render' | 'axial' | 'coronal' | 'sagittal';

export interface NiiVueViewProps {
  /** Accessible name of the canvas (what it shows). */
  label: string;
  background: NiftiVolume;
  stacks: NiftiVolume | null;
  /** A series as NIfTI bytes (.nii.gz). */
  series: ArrayBuffer | null;
  layout: Layout3d;
  height?: number;
}

/** NIfTI datatype code of unsigned bytes (NIfTI-1 DT_UINT8). */
const DT_UINT8 = 2;

async function imageOf(
  volume: NiftiVolume,
  name: string,
  colormap: string,
  opacity: number,
  calMax: number,
): Promise<NVImage> {
  const bytes = NVImage.createNiftiArray(volume.dims, volume.pixDims, volume.affine, DT_UINT8, volume.data);
  return NVImage.loadFromUrl({
    url: name,
    name,
    buffer: bytes.slice().buffer,
    colormap,
    opacity,
    cal_min: 0,
    cal_max: calMax,
  });
}

function sliceTypeOf(nv: Niivue, layout: Layout3d) {
  switch (layout) {
    case 'render':
      return nv.sliceTypeRender;
    case 'axial':
      return nv.sliceTypeAxial;
    case 'coronal':
      return nv.sliceTypeCoronal;
    case 'sagittal':
      return nv.sliceTypeSagittal;
    default:
      return nv.sliceTypeMultiplanar;
  }
}

export function NiiVueView({ label, background, stacks, series, layout, height = 560 }: NiiVueViewProps) {
  const canvas = useRef<HTMLCanvasElement>(null);
  const viewer = useRef<Niivue | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [ready, setReady] = useState(false);

  useEffect(() => {
    const element = canvas.current;
    if (element === null) return undefined;
    let cancelled = false;
    const nv = new Niivue({
      backColor: [0, 0, 0, 1],
      show3Dcrosshair: true,
      multiplanarShowRender: SHOW_RENDER.ALWAYS,
      isResizeCanvas: true,
    });
    viewer.current = nv;
    setReady(false);
    (async () => {
      await nv.attachToCanvas(element);
      const images = [await imageOf(background, 'model.nii', 'gray', 1, 255)];
      if (stacks) images.push(await imageOf(stacks, 'stacks.nii', 'red', 0.45, 1));
      if (series) {
        images.push(
          await NVImage.loadFromUrl({ url: 'series.nii.gz', name: 'series.nii.gz', buffer: series.slice(0) }),
        );
      }
      if (cancelled) return;
      for (const image of images) nv.addVolume(image);
      nv.setSliceType(sliceTypeOf(nv, layout));
      setReady(true);
    })().catch((e: unknown) => {
      if (!cancelled) setError(e instanceof Error ? e.message : String(e));
    });
    return () => {
      cancelled = true;
      viewer.current = null;
      nv.cleanup();
    };
    // The layout changes without reloading the volumes (below).
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [background, stacks, series]);

  useEffect(() => {
    const nv = viewer.current;
    if (nv && ready) nv.setSliceType(sliceTypeOf(nv, layout));
  }, [layout, ready]);

  if (error !== null)
    return (
      <Alert color="red" title="The 3D view could not start">
        {error}
      </Alert>
    );
  return (
    <Box h={height} w="100%" bg="black" pos="relative">
      <canvas
        ref={canvas}
        aria-label={label}
        role="img"
        data-testid="viewer-3d-canvas"
        data-ready={ready ? '1' : '0'}
        style={{ width: '100%', height: '100%', display: 'block' }}
      />
    </Box>
  );
}
