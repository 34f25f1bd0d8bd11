import { lazy, Suspense, type ComponentType } from 'react';
import { Center, Loader } from '@mantine/core';

/**
 * A page loaded on first visit, so the first page's JavaScript stays small. It comes with all of Mantine's styles
 * (full-styles.ts), except the first page itself (`firstPage`), which has its own, smaller set.
 */
export function lazyPage<K extends string>(
  load: () => Promise<Record<K, ComponentType>>,
  name: K,
  options: { firstPage?: boolean } = {},
): ComponentType {
  const Page = lazy<ComponentType>(async () => {
    const [module] = await Promise.all([
      load(),
      options.firstPage === true ? undefined : import('./full-styles.ts'),
    ]);
    return { default: module[name] };
  });
  return function LazyPage() {
    return (
      <Suspense
        fallback={
          <Center p="xl">
            <Loader aria-label="Loading" />
          </Center>
        }
      >
        <Page />
      </Suspense>
    );
  };
}
