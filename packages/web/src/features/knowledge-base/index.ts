/** The knowledge base's pages, loaded lazily by the router. */
export { KnowledgeBaseLayout } from './pages/KnowledgeBaseLayout.tsx';
export { KnowledgeBaseIndexPage } from './pages/KnowledgeBaseIndexPage.tsx';
export { KnowledgeBaseArticlePage } from './pages/KnowledgeBaseArticlePage.tsx';
