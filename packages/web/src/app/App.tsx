import { RouterProvider } from 'react-router/dom';
import { queryClient } from '../lib/query-client.ts';
import { CrashBoundary } from '../ui/CrashScreen.tsx';
import { Providers } from './providers.tsx';
import { createRouter } from './router.tsx';

const router = createRouter();

export function App() {
  return (
    <Providers queryClient={queryClient}>
      <CrashBoundary>
        <RouterProvider router={router} />
      </CrashBoundary>
    </Providers>
  );
}
