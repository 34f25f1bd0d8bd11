/**
 * Scanners for tests, written once: the reference scanner with the fields a test changes, and the
 * gradient-limited scanner the sequence-build and Bloch agreement tests run on (its timing limits bite sooner).
 */
import { REFERENCE_SCANNER } from './sequence/hardware.ts';
import type { Scanner } from './sequence/protocol.ts';

/** The reference scanner (1.5 T, 45 mT/m, 200 T/m/s, body coil) with `overrides`. */
export function testScanner(overrides: Partial<Scanner> = {}): Scanner {
  return { ...REFERENCE_SCANNER, ...overrides };
}

/** The reference scanner as tests use it (1.5 T, 45 mT/m, 200 T/m/s, body coil). */
export const TEST_SCANNER: Scanner = testScanner();

/** A gradient-limited 1.5 T scanner: 33 mT/m, 125 T/m/s, body coil. */
export const GRADIENT_LIMITED_SCANNER: Scanner = testScanner({ maxGradient: 0.033, maxSlewRate: 125 });
