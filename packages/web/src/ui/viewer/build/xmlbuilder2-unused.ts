/**
 * Stands in for `xmlbuilder2` in the web build (vite.config.ts `resolve.alias`). vtk.js's XML reader and writer
 * import it; Cornerstone3D pulls them in only for VTP meshes, which Larmor never loads. The real package is
 * CommonJS that needs Node's `events`, and bundling it breaks the chunk ("Class extends value undefined",
 * STACK.md). Calling it is a programming error, so it says so.
 */
export function create(): never {
  throw new Error('XML mesh I/O (vtk.js XMLReader/XMLWriter) is not part of the Larmor viewer');
}
