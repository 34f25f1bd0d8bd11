/**
 * The submitted series of an attempt in the shared viewer, one at a time, with the feedback drawn on them.
 * On the grade page (`editor` given) the teacher picks a tool and a rubric criterion and draws arrows and
 * regions, listed below with a way to remove each; on the student's page the drawings are only shown (they come
 * with the grade, so only once it is released).
 */
import { useState, type Dispatch } from 'react';
import { Anchor, Button, Group, List, SegmentedControl, Select, Stack, Text, TextInput } from '@mantine/core';
import { Link } from 'react-router';
import { ScanResultViewer } from '#entities/scan-results/ScanResultViewer.tsx';
import {
  drawingsOn,
  type Annotation,
  type DrawingAction,
  type DrawingState,
  type DrawingTool,
} from './drawing.ts';
import { drawingLabel, FeedbackDrawingLayer } from './FeedbackDrawingLayer.tsx';

/** Height of the viewer on the attempt pages (CSS pixels). */
const VIEWER_HEIGHT_PX = 420;

const TOOLS: { value: DrawingTool; label: string }[] = [
  { value: 'look', label: 'Look' },
  { value: 'arrow', label: 'Draw arrow' },
  { value: 'roi', label: 'Draw region' },
];

export interface SubmittedSeriesProps {
  scanResultIds: readonly string[];
  /** Where each series' scan result page is. */
  linkOf: (scanResultId: string) => string;
  criterionTitle: (id: string) => string;
  /** Drawings to show when there is no editor. */
  annotations?: readonly Annotation[];
  editor?: {
    state: DrawingState;
    dispatch: Dispatch<DrawingAction>;
    criteria: readonly { id: string; title: string }[];
  };
}

export function SubmittedSeries(props: SubmittedSeriesProps) {
  const { scanResultIds, editor } = props;
  const [shown, setShown] = useState(scanResultIds[0] ?? '');
  const state = editor?.state ?? { annotations: [...(props.annotations ?? [])], draft: null };
  const names = new Map(scanResultIds.map((id, i) => [id, `Series ${i + 1}`]));
  const name = names.get(shown) ?? 'Series';
  if (scanResultIds.length === 0) return <Text c="dimmed">No series were submitted.</Text>;
  return (
    <Stack gap="xs">
      <Group gap="sm" justify="space-between">
        {scanResultIds.length > 1 ? (
          <SegmentedControl
            size="xs"
            value={shown}
            onChange={setShown}
            data={scanResultIds.map((id) => ({ value: id, label: names.get(id) ?? id }))}
            aria-label="Series shown"
          />
        ) : (
          <Text fw={600}>{name}</Text>
        )}
        <Anchor component={Link} to={props.linkOf(shown)}>
          Open {name} with its parameters and the reference comparison
        </Anchor>
      </Group>
      {editor && (
        <Group gap="sm" align="flex-end" wrap="wrap">
          <SegmentedControl
            size="xs"
            value={editor.state.tool}
            onChange={(tool) => editor.dispatch({ type: 'tool', tool: tool as DrawingTool })}
            data={TOOLS}
            aria-label="Feedback drawing tool"
          />
          <Select
            size="xs"
            label="Criterion of the drawing"
            data={editor.criteria.map((c) => ({ value: c.id, label: c.title }))}
            value={editor.state.criterionId || null}
            onChange={(id) => editor.dispatch({ type: 'criterion', criterionId: id ?? '' })}
            allowDeselect={false}
          />
          <TextInput
            size="xs"
            label="Note on the next drawing (optional)"
            value={editor.state.note}
            maxLength={500}
            onChange={(e) => editor.dispatch({ type: 'note', note: e.currentTarget.value })}
          />
        </Group>
      )}
      <ScanResultViewer
        key={shown}
        scanResultId={shown}
        description={name}
        height={VIEWER_HEIGHT_PX}
        measurements={false}
        overlay={(view) => (
          <FeedbackDrawingLayer
            view={view}
            scanResultId={shown}
            drawings={drawingsOn(state, shown, view.sliceIndex)}
            criterionTitle={props.criterionTitle}
            {...(editor ? { tool: editor.state.tool, dispatch: editor.dispatch } : {})}
          />
        )}
      />
      {state.annotations.length > 0 && (
        <Stack gap={2}>
          <Text fw={600}>Feedback drawn on the images</Text>
          <List>
            {state.annotations.map((a, i) => (
              <List.Item key={i}>
                {names.get(a.scanResultId) ?? 'Series'}, slice {a.slice + 1}:{' '}
                {drawingLabel(a, props.criterionTitle(a.criterionId))}
                {editor && (
                  <Button
                    size="compact-xs"
                    variant="subtle"
                    ml="xs"
                    onClick={() => editor.dispatch({ type: 'remove', index: i })}
                    aria-label={`Remove drawing ${i + 1}`}
                  >
                    Remove
                  </Button>
                )}
              </List.Item>
            ))}
          </List>
        </Stack>
      )}
    </Stack>
  );
}
