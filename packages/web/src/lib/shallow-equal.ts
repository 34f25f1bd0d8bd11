/**
 * Shallow equality of two plain objects: the same own keys, each value the same by Object.is (React.memo's own
 * rule for props). For a memo comparator that compares a prop's fields rather than its identity, e.g. a parameter
 * definition recomputed on each edit with the same values.
 */
export function shallowEqual<T extends object>(a: T, b: T): boolean {
  if (Object.is(a, b)) return true;
  const keys = Object.keys(a) as (keyof T)[];
  if (keys.length !== Object.keys(b).length) return false;
  return keys.every((key) => Object.prototype.hasOwnProperty.call(b, key) && Object.is(a[key], b[key]));
}
