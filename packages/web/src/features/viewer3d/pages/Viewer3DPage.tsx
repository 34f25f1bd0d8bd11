/**
 * The 3D viewer (simulator.md §2, Tools menu; issue 13), /session/:sessionId/3d-viewer: the session's
 * anatomical model in 3D with NiiVue (volume rendering and the three planes), the planned slice stacks of its
 * sequences drawn in place, and a finished series laid over the model, so a 3D acquisition (MP-RAGE, 3D GRE)
 * is reformatted in all three planes.
 *
 * Our decisions: the model is shown as a proton-density picture of its labels (state/volumes.ts); the stacks
 * are those of every sequence of the session (planned or run); the series comes as the server's NIfTI export.
 */
import { useMemo, useState } from 'react';
import { useParams } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { Alert, Checkbox, Group, Loader, SegmentedControl, Select, Stack, Text } from '@mantine/core';
import type { PulseSequence } from '@larmor/contracts/sessions';
import { protocolOf, type SequenceFamily } from '@larmor/mri';
import { scanGeometry } from '@larmor/mri/simulate';
import { useSession } from '#lib/session.ts';
import { PageFrame } from '#ui/PageFrame.tsx';
import { engineModelId, loadModel, seriesNifti, sessionQueryOptions } from '../api/viewer3d.ts';
import { NiiVueView, type Layout3d } from '../components/NiiVueView.tsx';
import { protonDensityNifti, stackMask } from '../state/volumes.ts';

const LAYOUTS: { value: Layout3d; label: string }[] = [
  { value: 'multiplanar', label: '3 planes + 3D' },
  { value: 'render', label: '3D' },
  { value: 'axial', label: 'Axial' },
  { value: 'coronal', label: 'Coronal' },
  { value: 'sagittal', label: 'Sagittal' },
];

/** The slice planes a sequence plans (its parameters and geometry as an @larmor/mri protocol). */
function planesOf(sequence: PulseSequence) {
  const protocol = protocolOf(sequence.family as SequenceFamily, sequence.parameters, sequence.spatials);
  try {
    return scanGeometry(protocol).slices;
  } catch {
    return [];
  }
}

export function Viewer3DPage() {
  const { sessionId = '' } = useParams();
  const { claims } = useSession();
  const userId = claims?.uid === undefined ? '' : String(claims.uid);
  const session = useQuery(sessionQueryOptions(sessionId));
  const modelId = session.data?.lab.anatomicalModelId;
  const model = useQuery({
    queryKey: ['viewer3d', 'model', modelId],
    queryFn: async () => loadModel(await engineModelId(userId, modelId ?? 0)),
    enabled: modelId !== undefined && userId !== '',
    staleTime: Infinity,
  });
  const [layout, setLayout] = useState<Layout3d>('multiplanar');
  const [showStacks, setShowStacks] = useState(true);
  const [seriesId, setSeriesId] = useState<string | null>(null);

  const sequences = useMemo(() => session.data?.pulseSequences ?? [], [session.data]);
  const finished = sequences.filter((s) => s.lastScan?.status === 'finished');
  const chosen = finished.find((s) => s.lastScan?.id === seriesId);
  const series = useQuery({
    queryKey: ['viewer3d', 'series', sessionId, seriesId],
    queryFn: () => seriesNifti(sessionId, seriesId ?? ''),
    enabled: seriesId !== null,
    staleTime: Infinity,
  });

  const background = useMemo(() => (model.data ? protonDensityNifti(model.data) : null), [model.data]);
  const stacks = useMemo(
    () =>
      model.data && showStacks && sequences.length > 0
        ? stackMask(model.data.volume, sequences.map(planesOf))
        : null,
    [model.data, showStacks, sequences],
  );

  if (session.isError)
    return (
      <Alert color="red" m="md" title="The session could not be loaded">
        {session.error.message}
      </Alert>
    );
  return (
    <PageFrame title="3D Viewer">
      <Stack gap="sm">
        <Group align="flex-end">
          <SegmentedControl
            aria-label="Layout"
            value={layout}
            onChange={(v) => setLayout(v as Layout3d)}
            data={LAYOUTS}
          />
          <Checkbox
            label="Planned slice stacks"
            checked={showStacks}
            onChange={(e) => setShowStacks(e.currentTarget.checked)}
          />
          <Select
            label="Series over the model"
            placeholder={finished.length === 0 ? 'No finished series yet' : 'None'}
            data={finished.map((s) => ({ value: s.lastScan?.id ?? '', label: `${s.seqnum}. ${s.name}` }))}
            value={seriesId}
            onChange={setSeriesId}
            clearable
            w={280}
          />
        </Group>
        <Text size="sm">
          {session.data?.lab.name ?? ''}
          {chosen ? ` — ${chosen.name} over the model` : ''}. Drag to rotate the 3D view; click a plane to
          move the crosshair.
        </Text>
        {model.isError && (
          <Alert color="red" title="The model could not be built">
            {model.error.message}
          </Alert>
        )}
        {series.isError && (
          <Alert color="red" title="The series could not be loaded">
            {series.error.message}
          </Alert>
        )}
        {background === null || (seriesId !== null && series.isPending) ? (
          <Loader aria-label="Loading the model" />
        ) : (
          <NiiVueView
            label={`The anatomical model in 3D${chosen ? ` with ${chosen.name}` : ''}`}
            background={background}
            stacks={stacks}
            series={seriesId !== null ? (series.data ?? null) : null}
            layout={layout}
          />
        )}
        {model.data && (
          <Text size="xs" c="dimmed" data-testid="model-notice">
            Model: {model.data.name}
            {model.data.notice ? `. ${model.data.notice}` : ''}
          </Text>
        )}
      </Stack>
    </PageFrame>
  );
}
