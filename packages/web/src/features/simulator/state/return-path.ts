/**
 * Where the user goes when a session closes or its module is closed (simulator.md §2): the module page of the new
 * UI, /browse/{programId}/{courseId}/modules/{labId}, or /dashboard when there is no program.
 */
export function moduleReturnPath(ids: { programId?: string; courseId?: string; labId?: string }): string {
  const { programId, courseId, labId } = ids;
  if (!programId || !courseId || !labId) return '/dashboard';
  return `/browse/${programId}/${courseId}/modules/${labId}`;
}

/** True when a WebGL context can be created in this browser (simulator.md §4). */
export function detectWebGl(doc: Document = document): boolean {
  try {
    const canvas = doc.createElement('canvas');
    const context = canvas.getContext('webgl2') ?? canvas.getContext('webgl');
    // Given back at once: the test context must not count against the tab's WebGL contexts.
    context?.getExtension('WEBGL_lose_context')?.loseContext();
    return context !== null;
  } catch {
    return false;
  }
}
