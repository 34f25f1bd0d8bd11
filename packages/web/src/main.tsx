import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import './app/first-page-styles.ts';
import './app/shell.css';
import { initI18n } from './lib/i18n.ts';
import { App } from './app/App.tsx';

const root = document.getElementById('root');
if (root === null) throw new Error('index.html has no #root element');
initI18n();
createRoot(root).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
