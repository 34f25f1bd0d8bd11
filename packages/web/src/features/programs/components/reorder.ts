/** Reordering a list by drag or keyboard: pure, so the order sent to the API is tested without a DOM. */

/** `ids` with the item `activeId` moved to where `overId` is; unchanged when either is missing. */
export function reorder(ids: readonly string[], activeId: string, overId: string): string[] {
  const from = ids.indexOf(activeId);
  const to = ids.indexOf(overId);
  if (from < 0 || to < 0 || from === to) return [...ids];
  const next = [...ids];
  const [moved] = next.splice(from, 1);
  if (moved !== undefined) next.splice(to, 0, moved);
  return next;
}
