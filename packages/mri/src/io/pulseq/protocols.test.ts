import { describe, expect, it } from 'vitest';
import { buildTimeline } from '../../sequence/build/index.ts';
import { SEQUENCE_FAMILIES } from '../../sequence/protocol.ts';
import { readSeq } from './read.ts';
import { writeSeq } from './write.ts';
import { expectSameTimeline } from './timeline-compare.test-support.ts';

import { FAMILY_PROTOCOLS, smallProtocol as protocol } from '../../sequence/build/protocols.testing.ts';
import { GRADIENT_LIMITED_SCANNER as scanner } from '../../scanner.testing.ts';

describe('writeSeq on our protocols', () => {
  for (const family of SEQUENCE_FAMILIES) {
    it(`${family}: writes a signed .seq file that reads back as the same timeline`, () => {
      const timeline = buildTimeline(protocol({ family, ...FAMILY_PROTOCOLS[family] }), scanner);
      const seq = readSeq(writeSeq(timeline), { strictSignature: true });
      expect(seq.warnings).toEqual([]);
      expectSameTimeline(timeline, seq);
    });
  }
});
