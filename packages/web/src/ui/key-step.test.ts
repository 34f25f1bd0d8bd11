import { describe, expect, it } from 'vitest';
import { applyKeyStep, beforeNextKeyStep, isKeyStep } from './key-step.ts';

describe('key steps', () => {
  it('is a key step only while one is applied, also when the step throws', () => {
    expect(isKeyStep()).toBe(false);
    let during = false;
    applyKeyStep(() => (during = isKeyStep()));
    expect(during).toBe(true);
    expect(isKeyStep()).toBe(false);
    expect(() =>
      applyKeyStep(() => {
        throw new Error('step failed');
      }),
    ).toThrow('step failed');
    expect(isKeyStep()).toBe(false);
  });

  it('runs work registered for the next step once, before it and outside it; a cancelled one never', () => {
    const ran: string[] = [];
    beforeNextKeyStep(() => ran.push(`waiting (in a step: ${String(isKeyStep())})`));
    const cancel = beforeNextKeyStep(() => ran.push('cancelled'));
    cancel();
    applyKeyStep(() => ran.push('step'));
    applyKeyStep(() => ran.push('step'));
    expect(ran).toEqual(['waiting (in a step: false)', 'step', 'step']);
  });
});
