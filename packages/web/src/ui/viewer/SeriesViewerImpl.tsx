/**
 * The shared 2D viewer (DESIGN.md §1): a series of typed arrays and geometry in a Cornerstone3D StackViewport
 * with the OHIF mouse bindings, a keyboard for everything the mouse does, orientation letters, MR corner text,
 * a "?" overlay, measurements with one-click SNR/CNR and a PNG download. Loaded lazily through SeriesViewer.
 */
import { useCallback, useEffect, useId, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { Box, Button, Group, Modal, SegmentedControl, Stack, Table, Text } from '@mantine/core';
import { Enums as CoreEnums, eventTarget } from '@cornerstonejs/core';
import { Enums as ToolEnums } from '@cornerstonejs/tools';
import { measurementRows, removeMeasurement } from './annotations.ts';
import { fitCornerText } from './corner-fit.ts';
import { cornerText } from './corner-text.ts';
import { MeasurementPanel } from './MeasurementPanel.tsx';
import type { MeasurementRow } from './measurements.ts';
import { edgeLetters, initialCamera, type EdgeLetters, type Vector3 } from './orientation.ts';
import type { SeriesViewerProps, ViewerOverlayView } from './series-viewer-props.ts';
import { patientMmToPixelIndex, pixelIndexToPatientMm } from './series.ts';
import { mountStackViewport, type MountedViewport, type PrimaryTool } from './stack-viewport.ts';
import { storedSeries } from './stored-series.ts';
import { applyCommand, commandOfKey, VIEWER_HELP, type ViewPresentation } from './view-commands.ts';
import { useFrameSize } from './use-frame-size.ts';
import './viewer.css';

/** Cine speed [frames per second]. */
const CINE_FPS = 10;

const TOOL_OPTIONS: { value: PrimaryTool; label: string }[] = [
  { value: 'WindowLevel', label: 'Window/level' },
  { value: 'EllipticalROI', label: 'Ellipse' },
  { value: 'RectangleROI', label: 'Rectangle' },
  { value: 'Length', label: 'Length' },
];

let mountCounter = 0;

export function SeriesViewerImpl(props: SeriesViewerProps) {
  const { syncGroup, showText = true, distanceUnit = 'mm', measurements = true } = props;
  // Every viewer shows the export's stored values: W/L and ROI numbers are those a PACS shows (issue 20.9).
  const series = useMemo(() => storedSeries(props.series), [props.series]);
  const element = useRef<HTMLDivElement>(null);
  const frame = useRef<HTMLDivElement>(null);
  const frameSize = useFrameSize(frame);
  const baseId = useId().replace(/[^a-zA-Z0-9]/g, '');
  const [mounted, setMounted] = useState<MountedViewport | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [view, setView] = useState<ViewPresentation | null>(null);
  const [letters, setLetters] = useState<EdgeLetters>(() => {
    const camera = initialCamera(series.slices[0]?.imageOrientationPatient ?? [1, 0, 0, 0, 1, 0]);
    return edgeLetters(camera.viewUp, camera.viewPlaneNormal);
  });
  const [helpOpen, setHelpOpen] = useState(false);
  const [cine, setCine] = useState(false);
  const [tool, setTool] = useState<PrimaryTool>('WindowLevel');
  const [rows, setRows] = useState<MeasurementRow[]>([]);
  const mountChain = useRef<Promise<unknown>>(Promise.resolve());

  // Mount one viewport per series; StrictMode's second run waits for the first's unmount (one chain per viewer).
  useEffect(() => {
    const target = element.current;
    if (!target) return;
    let cancelled = false;
    const task = mountChain.current.then(async () => {
      if (cancelled) return null;
      const handle = await mountStackViewport({
        element: target,
        viewportId: `${baseId}-${++mountCounter}`,
        series,
        syncGroup,
      });
      if (cancelled) {
        handle.destroy();
        return null;
      }
      setMounted(handle);
      setView(handle.presentation());
      return handle;
    });
    task.catch((error: unknown) => setFailure(error instanceof Error ? error.message : String(error)));
    mountChain.current = task.catch(() => null);
    return () => {
      cancelled = true;
      setMounted(null);
      mountChain.current = task.then((handle) => handle?.destroy()).catch(() => undefined);
    };
  }, [series, syncGroup, baseId]);

  // Follow what the mouse, the synchronizers and the keyboard do to the viewport.
  useEffect(() => {
    const target = element.current;
    if (!mounted || !target) return;
    const refresh = () => {
      setView(mounted.presentation());
      const camera = mounted.viewport.getCamera();
      if (camera.viewUp && camera.viewPlaneNormal) {
        setLetters(edgeLetters(camera.viewUp as Vector3, camera.viewPlaneNormal as Vector3));
      }
    };
    const refreshRows = () => setRows(measurementRows(mounted.imageIds, series));
    refresh();
    refreshRows();
    const events = [
      CoreEnums.Events.STACK_NEW_IMAGE,
      CoreEnums.Events.VOI_MODIFIED,
      CoreEnums.Events.CAMERA_MODIFIED,
    ];
    for (const name of events) target.addEventListener(name, refresh);
    const annotationEvents = [
      ToolEnums.Events.ANNOTATION_COMPLETED,
      ToolEnums.Events.ANNOTATION_MODIFIED,
      ToolEnums.Events.ANNOTATION_REMOVED,
    ];
    for (const name of annotationEvents) eventTarget.addEventListener(name, refreshRows);
    return () => {
      for (const name of events) target.removeEventListener(name, refresh);
      for (const name of annotationEvents) eventTarget.removeEventListener(name, refreshRows);
    };
  }, [mounted, series]);

  useEffect(() => mounted?.setPrimaryTool(tool), [mounted, tool]);

  // Keep the canvas the size of its box.
  useEffect(() => {
    const target = element.current;
    if (!mounted || !target) return;
    const observer = new ResizeObserver(() => mounted.viewport.getRenderingEngine()?.resize(true, true));
    observer.observe(target);
    return () => observer.disconnect();
  }, [mounted]);

  const facts = useMemo(
    () =>
      mounted && {
        sliceCount: series.slices.length,
        window: series.window,
        minPixel: mounted.minPixel,
        maxPixel: mounted.maxPixel,
      },
    [mounted, series],
  );

  // Cine: loops through the slices.
  useEffect(() => {
    if (!cine || !mounted || !facts) return;
    const timer = window.setInterval(() => {
      const current = mounted.presentation();
      void mounted.present({ ...current, sliceIndex: (current.sliceIndex + 1) % facts.sliceCount });
    }, 1000 / CINE_FPS);
    return () => window.clearInterval(timer);
  }, [cine, mounted, facts]);

  const onKeyDown = useCallback(
    (event: KeyboardEvent<HTMLDivElement>) => {
      if (!mounted || !facts) return;
      const command = commandOfKey(event.key, {
        shift: event.shiftKey,
        ctrl: event.ctrlKey || event.metaKey,
        alt: event.altKey,
      });
      if (!command) return;
      event.preventDefault();
      if (command.kind === 'help') return setHelpOpen((open) => !open);
      if (command.kind === 'cine') return setCine((on) => !on);
      void mounted.present(applyCommand(mounted.presentation(), command, facts));
    },
    [mounted, facts],
  );

  const downloadPng = () => {
    const canvas = mounted?.viewport.getCanvas();
    if (!canvas) return;
    const link = document.createElement('a');
    link.href = canvas.toDataURL('image/png');
    link.download = `${series.description.replace(/[^\w.-]+/g, '_')}_${(view?.sliceIndex ?? 0) + 1}.png`;
    link.click();
  };

  const sliceIndex = view?.sliceIndex ?? 0;
  // Image index ↔ CSS pixels through the viewport's camera; recomputed on every render, which every camera,
  // slice and VOI change causes (the `view` state above).
  const overlayView: ViewerOverlayView | null = useMemo(() => {
    const slice = series.slices[sliceIndex];
    if (!mounted || !view || !slice) return null;
    const viewport = mounted.viewport;
    return {
      sliceIndex,
      toScreen: (point) => {
        const [x, y] = viewport.worldToCanvas(pixelIndexToPatientMm(slice, series.pixelSpacingMm, point));
        return [x, y];
      },
      toImage: ([x, y]) => {
        const world = viewport.canvasToWorld([x, y]);
        return patientMmToPixelIndex(slice, series.pixelSpacingMm, [world[0], world[1], world[2]]);
      },
    };
  }, [mounted, view, series, sliceIndex]);
  // Fitted to the frame: stacked or left out line by line in a small viewport, never overlapping (issue 20.10).
  const text =
    view &&
    frameSize &&
    fitCornerText(
      cornerText({ series, sliceIndex, voi: view.voi, distanceUnit }),
      frameSize.widthPx,
      frameSize.heightPx,
    );
  const label = `${series.description}, slice ${sliceIndex + 1} of ${series.slices.length}`;

  return (
    <Stack gap="xs" className="larmor-viewer" h={props.height ?? '100%'}>
      <Group gap="xs" justify="space-between" wrap="wrap">
        {/* Without measurements the left button only windows: no tool to choose. */}
        {measurements ? (
          <SegmentedControl
            size="xs"
            value={tool}
            onChange={(value) => setTool(value as PrimaryTool)}
            data={TOOL_OPTIONS}
            aria-label="Left mouse button tool"
          />
        ) : (
          <span />
        )}
        <Group gap="xs">
          <Button size="xs" variant="default" onClick={() => setCine((on) => !on)} aria-pressed={cine}>
            {cine ? 'Stop cine' : 'Cine'}
          </Button>
          <Button size="xs" variant="default" onClick={downloadPng} disabled={!mounted}>
            Download PNG
          </Button>
          <Button
            size="xs"
            variant="default"
            onClick={() => setHelpOpen(true)}
            aria-label="Viewer keys and mouse (?)"
          >
            ?
          </Button>
        </Group>
      </Group>
      <Box className="larmor-viewer-frame" ref={frame}>
        <div
          ref={element}
          className="larmor-viewer-viewport"
          tabIndex={0}
          role="application"
          aria-roledescription="image viewer"
          aria-label={label}
          aria-describedby={`${baseId}-hint`}
          onKeyDown={onKeyDown}
          onContextMenu={(event) => event.preventDefault()}
          data-testid="series-viewer"
          data-slice-index={sliceIndex}
          data-voi={view ? `${view.voi.lower},${view.voi.upper}` : undefined}
          data-ready={mounted ? 'true' : 'false'}
        />
        {props.overlay && overlayView && (
          <div className="larmor-viewer-overlay">{props.overlay(overlayView)}</div>
        )}
        <span id={`${baseId}-hint`} hidden>
          Arrows scroll the slices; press ? for every key.
        </span>
        <div className="larmor-viewer-letters" aria-hidden="true">
          <span data-edge="top">{letters.top}</span>
          <span data-edge="bottom">{letters.bottom}</span>
          <span data-edge="left">{letters.left}</span>
          <span data-edge="right">{letters.right}</span>
        </div>
        {showText && text && (
          <div className="larmor-viewer-corners" data-testid="corner-text">
            {(['topLeft', 'topRight', 'bottomLeft', 'bottomRight'] as const).map((corner) => (
              <div key={corner} data-corner={corner}>
                {text[corner].map((line, index) => (
                  <div key={`${index}:${line}`}>{line}</div>
                ))}
              </div>
            ))}
          </div>
        )}
        {failure && (
          <Text className="larmor-viewer-failure" role="alert">
            The viewer could not start: {failure}
          </Text>
        )}
      </Box>
      {measurements && (
        <MeasurementPanel
          rows={rows}
          sliceIndex={sliceIndex}
          distanceUnit={distanceUnit}
          onRemove={(uid) => {
            removeMeasurement(uid);
            mounted?.viewport.render();
            if (mounted) setRows(measurementRows(mounted.imageIds, series));
          }}
        />
      )}
      <Modal opened={helpOpen} onClose={() => setHelpOpen(false)} title="Viewer keys and mouse">
        <Table fz="sm" aria-label="Viewer keys and mouse">
          <Table.Tbody>
            {VIEWER_HELP.map((entry) => (
              <Table.Tr key={entry.keys}>
                <Table.Th scope="row">{entry.keys}</Table.Th>
                <Table.Td>{entry.action}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Modal>
    </Stack>
  );
}
