/** The viewers' pages (issue 13): the image viewer and the k-space view. */
export { ImageViewerPage } from './pages/ImageViewerPage.tsx';
export { KSpacePage } from './pages/KSpacePage.tsx';
