/** The 3D viewer (issue 13, simulator.md §2 Tools menu): /session/:sessionId/3d-viewer. */
export { Viewer3DPage } from './pages/Viewer3DPage.tsx';
