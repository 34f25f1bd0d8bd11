/**
 * The [EXTENSIONS] section (reference/pulseq-specification.tex §2.5.4): a list of `id type ref next` entries that
 * blocks reference as zero-terminated chains, then one table per extension after `extension <NAME> <type>`.
 * Extensions are recognised by NAME only. Decoded values are SI ([s]); entries keep their text field:
 *   LABELSET, LABELINC  `id value LABEL`                 → values [value], text LABEL
 *   TRIGGERS            `id type channel delay duration` → values [type, channel, delay s, duration s]
 *   DELAYS (soft delay) `id num offset factor hint`      → values [num, offset s, factor], text hint
 *   RF_SHIMS            `id num_chan mag1 phase1 …`      → values [num_chan, mag1, phase1, …]
 *   ROTATIONS           `id q0 qx qy qz`                 → applied to the block's gradients by the reader
 * Any other extension is kept as data (its numbers as values, other tokens as text) unless the file lists it
 * in the `RequiredExtensions` definition, which makes it an error.
 */
import type { ExtensionEvent } from '../../sequence/timeline.ts';
import { PulseqParseError } from './errors.ts';
import { numbers, toId, toNumber, type SeqLine, type SeqSection } from './sections.ts';

/** File microseconds per second; dividing keeps integral values exact (100 µs → 1e-4 s). */
const US_PER_S = 1e6;

/** Extensions this reader decodes; ROTATIONS is applied to the gradients rather than kept. */
export const KNOWN_EXTENSIONS = [
  'LABELSET',
  'LABELINC',
  'TRIGGERS',
  'DELAYS',
  'RF_SHIMS',
  'ROTATIONS',
] as const;

/** A unit rotation quaternion (q0 = cos(θ/2), (qx, qy, qz) = axis·sin(θ/2)). */
export type Quaternion = readonly [number, number, number, number];

interface ListEntry {
  line: number;
  type: number;
  ref: number;
  next: number;
}

interface ExtensionSpec {
  name: string;
  line: number;
  objects: Map<number, SeqLine>;
}

export interface ExtensionTables {
  list: Map<number, ListEntry>;
  specs: Map<number, ExtensionSpec>;
}

export function parseExtensions(section: SeqSection | undefined): ExtensionTables {
  const list = new Map<number, ListEntry>();
  const specs = new Map<number, ExtensionSpec>();
  let spec: ExtensionSpec | undefined;
  for (const l of section?.lines ?? []) {
    if (l.tokens[0] === 'extension') {
      const [, name, typeToken] = l.tokens;
      if (name === undefined || typeToken === undefined || l.tokens.length !== 3) {
        throw new PulseqParseError(l.line, `[EXTENSIONS] expected 'extension <NAME> <type id>'`);
      }
      const type = toId(toNumber(typeToken, l, 'EXTENSIONS'), l, 'EXTENSIONS', 'extension type id');
      if (specs.has(type))
        throw new PulseqParseError(l.line, `[EXTENSIONS] type id ${type} is declared twice`);
      spec = { name, line: l.line, objects: new Map() };
      specs.set(type, spec);
      continue;
    }
    if (spec) {
      const id = toId(toNumber(l.tokens[0] ?? '', l, 'EXTENSIONS'), l, 'EXTENSIONS', `${spec.name} id`);
      if (spec.objects.has(id))
        throw new PulseqParseError(l.line, `extension ${spec.name} defines id ${id} twice`);
      spec.objects.set(id, l);
      continue;
    }
    const [id = 0, type = 0, ref = 0, next = 0] = numbers(l, 'EXTENSIONS', [4]);
    toId(id, l, 'EXTENSIONS', 'id');
    toId(next, l, 'EXTENSIONS', 'next id', true);
    if (list.has(id)) throw new PulseqParseError(l.line, `[EXTENSIONS] defines entry ${id} twice`);
    list.set(id, { line: l.line, type, ref, next });
  }
  return { list, specs };
}

/** Checks the `RequiredExtensions` definition (Pulseq 1.5.1): each must be one this reader can run. */
export function checkRequiredExtensions(definition: { value: string; line: number } | undefined): void {
  for (const name of definition?.value.split(/\s+/).filter(Boolean) ?? []) {
    if (!(KNOWN_EXTENSIONS as readonly string[]).includes(name)) {
      throw new PulseqParseError(
        definition?.line ?? 1,
        `the file requires extension ${name}, which Larmor cannot run (it knows ${KNOWN_EXTENSIONS.join(', ')})`,
      );
    }
  }
}

function decodeObject(name: string, l: SeqLine): ExtensionEvent {
  const fields = l.tokens.slice(1);
  const num = (i: number): number => toNumber(fields[i] ?? '', l, 'EXTENSIONS');
  const need = (count: number): void => {
    if (fields.length !== count) {
      throw new PulseqParseError(
        l.line,
        `extension ${name} entry needs ${count + 1} fields, got ${fields.length + 1}`,
      );
    }
  };
  switch (name) {
    case 'LABELSET':
    case 'LABELINC':
      need(2);
      return { type: name, values: [num(0)], text: fields[1] ?? '' };
    case 'TRIGGERS':
      need(4);
      return { type: name, values: [num(0), num(1), num(2) / US_PER_S, num(3) / US_PER_S] };
    case 'DELAYS':
      need(4);
      return { type: name, values: [num(0), num(1) / US_PER_S, num(2)], text: fields[3] ?? '' };
    default: {
      const values: number[] = [];
      const text: string[] = [];
      for (const token of fields) {
        const value = Number(token);
        if (token !== '' && Number.isFinite(value)) values.push(value);
        else text.push(token);
      }
      return text.length > 0 ? { type: name, values, text: text.join(' ') } : { type: name, values };
    }
  }
}

/**
 * The extensions of the block on line `blockLine` whose [BLOCKS] ext column is `extId`, following the chain.
 * A ROTATIONS entry is returned separately as a quaternion, for the reader to apply to the gradients.
 */
export function blockExtensions(
  tables: ExtensionTables,
  extId: number,
  blockLine: number,
): { extensions: ExtensionEvent[]; rotation?: Quaternion } {
  const extensions: ExtensionEvent[] = [];
  let rotation: Quaternion | undefined;
  const visited = new Set<number>();
  let referrer = { line: blockLine, what: 'block' };
  for (let id = extId; id !== 0;) {
    const entry = tables.list.get(id);
    if (!entry) {
      throw new PulseqParseError(
        referrer.line,
        `${referrer.what} refers to extension entry ${id}, which is not defined`,
      );
    }
    referrer = { line: entry.line, what: `extension entry ${id}` };
    if (visited.has(id)) throw new PulseqParseError(entry.line, `extension chain through entry ${id} loops`);
    visited.add(id);
    const spec = tables.specs.get(entry.type);
    if (!spec)
      throw new PulseqParseError(entry.line, `extension entry ${id} has undeclared type ${entry.type}`);
    const object = spec.objects.get(entry.ref);
    if (!object) throw new PulseqParseError(entry.line, `extension ${spec.name} has no object ${entry.ref}`);
    if (spec.name === 'ROTATIONS') {
      const [q0 = 0, qx = 0, qy = 0, qz = 0] = numbers(object, 'EXTENSIONS', [5]).slice(1);
      const norm = Math.hypot(q0, qx, qy, qz);
      if (Math.abs(norm - 1) > 1e-3) {
        throw new PulseqParseError(object.line, `ROTATIONS quaternion must be normalised, has norm ${norm}`);
      }
      if (rotation) throw new PulseqParseError(entry.line, 'a block may carry only one ROTATIONS extension');
      rotation = [q0 / norm, qx / norm, qy / norm, qz / norm];
    } else {
      extensions.push(decodeObject(spec.name, object));
    }
    id = entry.next;
  }
  return rotation ? { extensions, rotation } : { extensions };
}

/** The rotation matrix of a unit quaternion, row-major: physical = R · logical (MATLAB mr.aux.quat.toRotMat). */
export function rotationMatrix([q0, x, y, z]: Quaternion): number[][] {
  return [
    [1 - 2 * (y * y + z * z), 2 * (x * y - q0 * z), 2 * (x * z + q0 * y)],
    [2 * (x * y + q0 * z), 1 - 2 * (x * x + z * z), 2 * (y * z - q0 * x)],
    [2 * (x * z - q0 * y), 2 * (y * z + q0 * x), 1 - 2 * (x * x + y * y)],
  ];
}
