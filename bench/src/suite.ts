/** A benchmark suite: a named group of figures. Figures are named `<suite>.<figure>` in the `--json` output. */
export interface BenchSuite {
  name: string;
  /** Runs the suite and returns its figures (name -> value; the unit is part of the name: `.ms`, `.perSec`). */
  run(): Promise<Record<string, number>>;
}
