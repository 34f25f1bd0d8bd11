/** The timing-bolus tool (issue 13, simulator.md §2): /timing-bolus-injection?sessionId=…, a new tab. */
export { TimingBolusPage } from './pages/TimingBolusPage.tsx';
