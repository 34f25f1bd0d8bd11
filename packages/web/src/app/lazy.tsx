import { lazy, Suspense, type ComponentType } from 'react';
import { Center, Loader } from '@mantine/core';

/** A page loaded on first visit, so the first page's JavaScript stays small. */
export function lazyPage<K extends string>(
  load: () => Promise<Record<K, ComponentType>>,
  name: K,
): ComponentType {
  const Page = lazy<ComponentType>(async () => ({ default: (await load())[name] }));
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
