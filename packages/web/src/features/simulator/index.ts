/** The simulator (simulator.md §2): the session wrapper and the simulator page, loaded lazily by the router. */
export { SessionPage } from './pages/SessionPage.tsx';
export { SimulatorPage } from './pages/SimulatorPage.tsx';
