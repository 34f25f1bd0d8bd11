/** The tissue-characteristics page (issue 13, simulator.md §2): /tissue-characteristics/:sessionId. */
export { TissueCharacteristicsPage } from './pages/TissueCharacteristicsPage.tsx';
