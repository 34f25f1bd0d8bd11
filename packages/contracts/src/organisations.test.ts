import { describe, expect, it } from 'vitest';
import {
  CLIENT_LICENSE_TYPES,
  clientCreateSchema,
  LICENSE_KIND_OF_TYPE,
  licenseTypeOfKind,
} from './organisations.ts';

describe('organisation schemas', () => {
  it('every licence type maps to its lowercase licence kind and back (platform-shell.md §1)', () => {
    for (const type of CLIENT_LICENSE_TYPES) {
      expect(LICENSE_KIND_OF_TYPE[type]).toBe(type.toLowerCase());
      expect(licenseTypeOfKind(LICENSE_KIND_OF_TYPE[type])).toBe(type);
    }
  });

  it('a new organisation is on the Trial licence unless told otherwise', () => {
    expect(clientCreateSchema.parse({ name: ' Clinic ' })).toEqual({ name: 'Clinic', licenseType: 'Trial' });
    expect(clientCreateSchema.safeParse({ name: 'Clinic', licenseType: 'trial' }).success).toBe(false);
  });
});
