/**
 * A Cornerstone3D StackViewport on a DOM element, with the OHIF mouse bindings and an optional sync group: the
 * imperative side of SeriesViewer, kept out of React so the component only does layout. One rendering engine
 * serves every viewer on the page (one WebGL context, as Cornerstone recommends).
 */
import { Enums as CoreEnums, getRenderingEngine, RenderingEngine, type Types } from '@cornerstonejs/core';
import {
  Enums as ToolEnums,
  EllipticalROITool,
  LengthTool,
  PanTool,
  RectangleROITool,
  StackScrollTool,
  SynchronizerManager,
  synchronizers,
  ToolGroupManager,
  ZoomTool,
} from '@cornerstonejs/tools';
import { ensureCornerstone, registerSeries } from './cornerstone-setup.ts';
import type { ViewerSeries } from './series.ts';
import type { ViewPresentation } from './view-commands.ts';
import { StoredWindowLevelTool as WindowLevelTool } from './window-level-tool.ts';
import { voiOfWindow } from './window-level.ts';

const ENGINE_ID = 'larmor-viewer';

/** What the left button does: window/level (the default) or draw a measurement. */
export type PrimaryTool = 'WindowLevel' | 'EllipticalROI' | 'RectangleROI' | 'Length';

const PRIMARY_TOOLS: Record<PrimaryTool, string> = {
  WindowLevel: WindowLevelTool.toolName,
  EllipticalROI: EllipticalROITool.toolName,
  RectangleROI: RectangleROITool.toolName,
  Length: LengthTool.toolName,
};

export interface MountedViewport {
  viewport: Types.IStackViewport;
  imageIds: string[];
  minPixel: number;
  maxPixel: number;
  setPrimaryTool(tool: PrimaryTool): void;
  presentation(): ViewPresentation;
  present(view: ViewPresentation): Promise<void>;
  destroy(): void;
}

function engine(): RenderingEngine {
  return (getRenderingEngine(ENGINE_ID) as RenderingEngine | undefined) ?? new RenderingEngine(ENGINE_ID);
}

function syncGroupOf(
  name: string,
  create: (id: string) => ReturnType<typeof synchronizers.createVOISynchronizer>,
) {
  return SynchronizerManager.getSynchronizer(name) ?? create(name);
}

/** Mounts a series on an element; the returned handle controls and later unmounts it. */
export async function mountStackViewport(options: {
  element: HTMLDivElement;
  viewportId: string;
  series: ViewerSeries;
  /** Viewers with the same sync group scroll, zoom, pan and window together. */
  syncGroup?: string;
}): Promise<MountedViewport> {
  await ensureCornerstone();
  const { element, viewportId, series, syncGroup } = options;
  const renderingEngine = engine();
  renderingEngine.enableElement({
    viewportId,
    type: CoreEnums.ViewportType.STACK,
    element,
    defaultOptions: { background: [0, 0, 0] },
  });
  // Cornerstone takes the element out of the tab order (tabIndex -1); the viewer is operated by keyboard
  // (arrows scroll, Shift+arrows window), so it stays a tab stop (issue 15).
  element.tabIndex = 0;
  const viewport = renderingEngine.getViewport(viewportId) as Types.IStackViewport;
  const { imageIds, minPixel, maxPixel } = registerSeries(series);
  await viewport.setStack(imageIds, Math.floor(imageIds.length / 2));
  const defaultVoi = voiOfWindow(series.window);
  viewport.setProperties({ voiRange: defaultVoi });
  viewport.render();

  const toolGroupId = `larmor-tools-${viewportId}`;
  ToolGroupManager.destroyToolGroup(toolGroupId);
  const toolGroup = ToolGroupManager.createToolGroup(toolGroupId);
  if (!toolGroup) throw new Error(`Tool group ${toolGroupId} could not be created`);
  for (const name of [
    WindowLevelTool.toolName,
    ZoomTool.toolName,
    PanTool.toolName,
    StackScrollTool.toolName,
    ...Object.values(PRIMARY_TOOLS).filter((n) => n !== WindowLevelTool.toolName),
  ]) {
    toolGroup.addTool(name);
  }
  toolGroup.addViewport(viewportId, ENGINE_ID);
  // A drag across the viewport moves the window by the series' whole range (window-level.ts).
  toolGroup.setToolConfiguration(WindowLevelTool.toolName, { storedRange: maxPixel - minPixel });
  // The area ROIs' numbers are the viewer's own, over the raw pixels (annotations.ts): no second set on the canvas.
  for (const name of [EllipticalROITool.toolName, RectangleROITool.toolName]) {
    toolGroup.setToolConfiguration(name, { getTextLines: () => [] });
  }
  const { MouseBindings } = ToolEnums;
  toolGroup.setToolActive(ZoomTool.toolName, { bindings: [{ mouseButton: MouseBindings.Secondary }] });
  toolGroup.setToolActive(PanTool.toolName, { bindings: [{ mouseButton: MouseBindings.Auxiliary }] });
  toolGroup.setToolActive(StackScrollTool.toolName, { bindings: [{ mouseButton: MouseBindings.Wheel }] });
  let primary: PrimaryTool = 'WindowLevel';
  toolGroup.setToolActive(WindowLevelTool.toolName, { bindings: [{ mouseButton: MouseBindings.Primary }] });
  // Measurements stay visible (and editable by dragging their handles) when another tool is active.
  for (const name of Object.values(PRIMARY_TOOLS))
    if (name !== WindowLevelTool.toolName) toolGroup.setToolPassive(name);

  const viewportRef = { renderingEngineId: ENGINE_ID, viewportId };
  const joined = syncGroup
    ? [
        syncGroupOf(`${syncGroup}-slice`, (id) => synchronizers.createImageSliceSynchronizer(id)),
        syncGroupOf(`${syncGroup}-voi`, (id) =>
          synchronizers.createVOISynchronizer(id, { syncInvertState: true, syncColormap: false }),
        ),
        syncGroupOf(`${syncGroup}-zoompan`, (id) => synchronizers.createZoomPanSynchronizer(id)),
      ]
    : [];
  for (const synchronizer of joined) synchronizer.add(viewportRef);

  // Flips and rotation are set only here (no mouse tool changes them), so they are kept rather than read back.
  let orientation = { flipHorizontal: false, flipVertical: false, rotation: 0 };

  function presentation(): ViewPresentation {
    const { voiRange, invert } = viewport.getProperties();
    return {
      sliceIndex: viewport.getCurrentImageIdIndex(),
      voi: voiRange ?? defaultVoi,
      invert: Boolean(invert),
      ...orientation,
      zoom: viewport.getZoom(),
    };
  }

  return {
    viewport,
    imageIds,
    minPixel,
    maxPixel,
    setPrimaryTool(tool) {
      if (tool === primary) return;
      toolGroup.setToolPassive(PRIMARY_TOOLS[primary]);
      toolGroup.setToolActive(PRIMARY_TOOLS[tool], { bindings: [{ mouseButton: MouseBindings.Primary }] });
      primary = tool;
    },
    presentation,
    async present(view) {
      const before = presentation();
      const reoriented =
        view.flipHorizontal !== before.flipHorizontal ||
        view.flipVertical !== before.flipVertical ||
        view.rotation !== before.rotation;
      const reset = view.zoom === 1 && view.rotation === 0 && !view.flipHorizontal && !view.flipVertical;
      if (reoriented || (reset && before.zoom !== 1)) {
        // From the initial camera: flips first, then the rotation (the order ViewPresentation.rotation assumes).
        viewport.resetCamera();
        if (view.flipHorizontal) viewport.setCamera({ flipHorizontal: true });
        if (view.flipVertical) viewport.setCamera({ flipVertical: true });
        if (view.rotation) viewport.setViewPresentation({ rotation: view.rotation });
        orientation = {
          flipHorizontal: view.flipHorizontal,
          flipVertical: view.flipVertical,
          rotation: view.rotation,
        };
      }
      if (Math.abs(view.zoom - viewport.getZoom()) > 1e-9) viewport.setZoom(view.zoom);
      const windowChanged =
        view.voi.lower !== before.voi.lower ||
        view.voi.upper !== before.voi.upper ||
        view.invert !== before.invert;
      if (windowChanged) viewport.setProperties({ voiRange: view.voi, invert: view.invert });
      if (view.sliceIndex !== before.sliceIndex) await viewport.setImageIdIndex(view.sliceIndex);
      viewport.render();
    },
    destroy() {
      for (const synchronizer of joined) synchronizer.remove(viewportRef);
      ToolGroupManager.destroyToolGroup(toolGroupId);
      renderingEngine.disableElement(viewportId);
    },
  };
}
