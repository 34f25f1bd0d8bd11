/** Pulseq .seq files in and out (reference/pulseq-specification.tex, versions 1.2 to 1.5). */
export { PulseqParseError } from './errors.ts';
export { readSeq, type PulseqSequence, type ReadSeqOptions, type SignatureCheck } from './read.ts';
export { writeSeq, PULSEQ_WRITE_VERSION } from './write.ts';
export { pulseqSummary, type PulseqSummary } from './summary.ts';
export { compressShape, decompressShape } from './shapes.ts';
