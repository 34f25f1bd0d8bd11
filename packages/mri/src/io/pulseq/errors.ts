/** A malformed Pulseq file: `line` is the 1-based line the problem was found on. */
export class PulseqParseError extends Error {
  override name = 'PulseqParseError';
  readonly line: number;

  constructor(line: number, message: string) {
    super(`line ${line}: ${message}`);
    this.line = line;
  }
}
