/**
 * The anatomical model ids a module may name (simulator.md §2, §5, §9) and the engine build each stands for: the
 * registry's own models under their ids, plus the spec's special ids as a registry model with a condition. This is
 * the single list of the models the simulator can open: the server's module catalogue names and describes these
 * ids, and the live preview builds them.
 *
 * - 202, 203, 204, 207: the contrast-capable models: brain with a tumour, abdomen (liver), pelvis, knee.
 * - 223: the timing-bolus model, the abdomen with its aorta.
 * - 100001: reading only (prepared series of the brain).
 */
import type { BrainCondition } from './conditions.ts';
import { listModels } from './registry.ts';

export interface CatalogueModel {
  /** The id a module names. */
  id: number;
  /** The registry model it builds (`buildModel`). */
  engineModelId: number;
  /** That registry model's key. */
  engineKey: string;
  /** The brain condition the id stands for (202: the tumour); the session's patient settings start from it. */
  brainCondition?: BrainCondition;
}

/** The spec's special ids, each a registry model (by key) with the condition it stands for. */
const SPECIAL_IDS: readonly { id: number; engineKey: string; brainCondition?: BrainCondition }[] = [
  { id: 202, engineKey: 'brain', brainCondition: 'tumor' },
  { id: 203, engineKey: 'abdomen' },
  { id: 204, engineKey: 'pelvis' },
  { id: 207, engineKey: 'knee' },
  { id: 223, engineKey: 'abdomen' },
  { id: 100_001, engineKey: 'brain' },
];

function buildCatalogue(): CatalogueModel[] {
  const engines = listModels();
  const plain = engines.map((m) => ({ id: m.id, engineModelId: m.id, engineKey: m.key }));
  const special = SPECIAL_IDS.map((s) => {
    const engine = engines.find((m) => m.key === s.engineKey);
    if (!engine) throw new Error(`model ${s.id} names registry model '${s.engineKey}', which does not exist`);
    return { ...s, engineModelId: engine.id };
  });
  return [...plain, ...special];
}

let catalogue: readonly CatalogueModel[] | undefined;

/** Every model id a module may name: the registry's models first (by id), then the special ids. */
export function catalogueModels(): readonly CatalogueModel[] {
  catalogue ??= buildCatalogue();
  return catalogue;
}

/** The catalogue entry of `id`, or undefined for an id no module may name. */
export function catalogueModel(id: number): CatalogueModel | undefined {
  return catalogueModels().find((m) => m.id === id);
}
