/**
 * Timing bolus injection (simulator.md §2; issue 13), /timing-bolus-injection?sessionId=…, opened in a new
 * tab from the simulator's Tools menu (model 223): the first-pass contrast curves of the model's vessels and
 * enhancing tissues for the session's injection, a test-bolus run (2 ml sampled every second in the aorta, its
 * time to peak), and the scan delay, saved as the session's contrast_scan_delay so the next contrast-enhanced
 * scan starts that long after the injection.
 *
 * Our decisions: the spec's path has no session, so the simulator passes it in the query. The tool's injection
 * is its own: model 223 has no patient-settings contrast (simulator.md §5: models 202, 203, 204 and 207 only),
 * so a delay above 0 is the injection (of the configuration's concentration and volume) and 0 is none.
 */
import { useMemo, useState } from 'react';
import { useSearchParams } from 'react-router';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  Alert,
  Button,
  Checkbox,
  Group,
  Loader,
  NumberInput,
  Stack,
  Table,
  Text,
  Title,
} from '@mantine/core';
import type { ActiveSession } from '@larmor/contracts/sessions';
import { SessionNotReady } from '#entities/session/SessionNotReady.tsx';
import { CURVE_COLORS, CurvePlot, type CurveMarker } from '#ui/charts/CurvePlot.tsx';
import { PageFrame } from '#ui/PageFrame.tsx';
import { bolusKeys, sessionQueryOptions, tissueKeysQueryOptions } from '../api/bolus.ts';
import {
  concentrationCurve,
  doseOf,
  enhancingTissues,
  strongestTissues,
  suggestedDelay,
  TEST_BOLUS_ML,
  testBolus,
  valueAt,
} from '../state/bolus-plan.ts';
import { setConfiguration } from '#entities/session/api/set-configuration.ts';

const DEFAULT_KSPACE_CENTRE_S = 10;
const MARKER_COLOR = '#c92a2a';

const nameOf = (key: string) =>
  key === 'blood'
    ? 'Arterial blood (aorta)'
    : key === 'venousBlood'
      ? 'Venous blood'
      : key.replace(/([a-z])([A-Z])/g, '$1 $2').replace(/^./, (c) => c.toUpperCase());

function configNumber(active: ActiveSession, name: string, fallback: number): number {
  const value = Number(active.configuration.find((c) => c.name === name)?.selectedValue);
  return Number.isFinite(value) ? value : fallback;
}

export function TimingBolusPage() {
  const [search] = useSearchParams();
  const sessionId = search.get('sessionId') ?? '';
  const session = useQuery(sessionQueryOptions(sessionId));

  if (sessionId === '')
    return (
      <PageFrame title="Timing Bolus Injection">
        <Alert color="blue" title="No session">
          Open the timing-bolus tool from the simulator’s Tools menu.
        </Alert>
      </PageFrame>
    );
  if (!session.isSuccess) return <SessionNotReady query={session} />;
  return <TimingBolus sessionId={sessionId} active={session.data} />;
}

function TimingBolus({ sessionId, active }: { sessionId: string; active: ActiveSession }) {
  const client = useQueryClient();
  const keys = useQuery(tissueKeysQueryOptions(sessionId, active.lab.id));
  const concentration = configNumber(active, 'contrast_concentration', 0.5);
  const volume = configNumber(active, 'contrast_volume', 15);
  const savedDelay = configNumber(active, 'contrast_scan_delay', 0);
  const dose = doseOf(concentration, volume);

  const { vessels, tissues } = useMemo(() => enhancingTissues(keys.data ?? []), [keys.data]);
  const [shown, setShown] = useState<ReadonlySet<string> | null>(null);
  const chosen = useMemo(() => shown ?? new Set(strongestTissues(tissues)), [shown, tissues]);
  const curves = useMemo(
    () => [...vessels, ...tissues.filter((t) => chosen.has(t))].map((k) => concentrationCurve(k, dose)),
    [vessels, tissues, chosen, dose],
  );

  const [run, setRun] = useState<ReturnType<typeof testBolus> | null>(null);
  const [kCentre, setKCentre] = useState<number | string>(DEFAULT_KSPACE_CENTRE_S);
  const [delay, setDelay] = useState<number | string>(savedDelay);
  const delayS = typeof delay === 'number' ? delay : Number.NaN;
  const delayValid = Number.isFinite(delayS) && delayS >= 0 && delayS <= 120;
  const centreS = (delayValid ? delayS : 0) + (typeof kCentre === 'number' ? kCentre : 0);

  const save = useMutation({
    mutationFn: async (seconds: number) => {
      await setConfiguration(sessionId, 'contrast_scan_delay', seconds);
    },
    onSettled: () => client.invalidateQueries({ queryKey: bolusKeys.session(sessionId) }),
  });

  const markers = useMemo<CurveMarker[]>(
    () =>
      delayValid
        ? [
            { label: `scan starts ${delayS} s`, at: delayS, color: MARKER_COLOR },
            { label: 'k-space centre', at: centreS, color: '#5c7cfa' },
          ]
        : [],
    [delayValid, delayS, centreS],
  );
  const series = useMemo(
    () =>
      curves.map((c, i) => ({
        label: nameOf(c.key),
        values: c.values,
        color: CURVE_COLORS[i % CURVE_COLORS.length] ?? '#1c7ed6',
        ...(i >= vessels.length ? { dash: [6, 3] } : {}),
      })),
    [curves, vessels.length],
  );

  return (
    <PageFrame title="Timing Bolus Injection">
      <Stack gap="md">
        <Text>
          {active.lab.name}: {volume} ml of {concentration} mmol/ml gadolinium ({dose.toFixed(3)} mmol/kg for
          80 kg).{' '}
          {savedDelay > 0
            ? `The next scan starts ${savedDelay} s after the injection.`
            : 'No injection yet: choose a scan delay and use it for the next scan.'}
        </Text>
        {keys.isPending ? (
          <Loader aria-label="Loading the model’s tissues" />
        ) : (
          <>
            <Title order={2} size="h4">
              Contrast arrival
            </Title>
            <Group gap="md">
              {tissues.map((t) => (
                <Checkbox
                  key={t}
                  label={nameOf(t)}
                  checked={chosen.has(t)}
                  onChange={(e) => {
                    const next = new Set(chosen);
                    if (e.currentTarget.checked) next.add(t);
                    else next.delete(t);
                    setShown(next);
                  }}
                />
              ))}
            </Group>
            <CurvePlot
              title="Contrast concentration in the model's vessels and tissues after the injection, with the scan delay marked"
              xLabel="time after injection [s]"
              yLabel="concentration [mmol/l]"
              x={curves[0]?.times ?? []}
              series={series}
              markers={markers}
              width={760}
              height={300}
            />
            {delayValid && (
              <Table withTableBorder w="auto" aria-label="Concentration at the k-space centre">
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>At the k-space centre ({centreS.toFixed(1)} s)</Table.Th>
                    <Table.Th>mmol/l</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {curves.map((c) => (
                    <Table.Tr key={c.key}>
                      <Table.Th scope="row">{nameOf(c.key)}</Table.Th>
                      <Table.Td>{valueAt(c, centreS).toFixed(2)}</Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            )}
          </>
        )}

        <Title order={2} size="h4">
          Test bolus
        </Title>
        <Group align="flex-end">
          <Button onClick={() => setRun(testBolus(concentration))}>
            Run test bolus ({TEST_BOLUS_ML} ml)
          </Button>
          {run && <Text role="status">Aortic peak at {run.peakS.toFixed(1)} s after the injection.</Text>}
        </Group>
        {run && (
          <CurvePlot
            title="Test bolus: aortic concentration sampled every second"
            xLabel="time after injection [s]"
            yLabel="concentration [mmol/l]"
            x={run.times}
            series={[{ label: 'Aorta, test bolus', values: run.values, color: CURVE_COLORS[0] ?? '#1c7ed6' }]}
            markers={[{ label: `peak ${run.peakS.toFixed(1)} s`, at: run.peakS, color: MARKER_COLOR }]}
            width={560}
            height={220}
          />
        )}

        <Title order={2} size="h4">
          Scan delay
        </Title>
        <Group align="flex-end">
          <NumberInput
            label="Time from scan start to the k-space centre [s]"
            description="About half the scan for linear order, near 0 for centric"
            value={kCentre}
            onChange={setKCentre}
            min={0}
            max={60}
            w={300}
          />
          <Button
            variant="default"
            disabled={run === null || typeof kCentre !== 'number'}
            onClick={() => run && typeof kCentre === 'number' && setDelay(suggestedDelay(run.peakS, kCentre))}
          >
            Suggest from the test bolus
          </Button>
        </Group>
        <Group align="flex-end">
          <NumberInput
            label="Scan delay after the injection [s]"
            value={delay}
            onChange={setDelay}
            min={0}
            max={120}
            decimalScale={1}
            w={300}
            error={delayValid ? undefined : 'Between 0 and 120 s'}
          />
          <Button disabled={!delayValid} loading={save.isPending} onClick={() => save.mutate(delayS)}>
            Use for the next scan
          </Button>
        </Group>
        {save.isError && (
          <Alert color="red" title="The delay was not saved">
            {save.error.message}
          </Alert>
        )}
        {save.isSuccess && (
          <Text role="status">
            {delayS > 0
              ? `The next contrast-enhanced scan starts ${delayS} s after the injection.`
              : 'The next scan has no injection.'}
          </Text>
        )}
      </Stack>
    </PageFrame>
  );
}
