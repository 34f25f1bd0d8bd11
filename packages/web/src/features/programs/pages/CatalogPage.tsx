/**
 * /catalog (new UI) and /courses (old UI): every published program the user may see, enrolled ones first; /browse
 * lists the enrolled ones only.
 */
import { useState } from 'react';
import { SimpleGrid } from '@mantine/core';
import { ErrorAlert } from '#ui/ErrorAlert.tsx';
import { PageFrame } from '#ui/PageFrame.tsx';
import { useCatalog } from '#entities/program/api/get-catalog.ts';
import { CatalogCard } from '../components/CatalogCard.tsx';
import { FreePlanNotice } from '../components/FreePlanNotice.tsx';
import { Loading, NoPrograms } from '../components/PageStates.tsx';

function CatalogList(props: { title: string; enrolledOnly: boolean }) {
  const catalog = useCatalog();
  const [nowMs] = useState(() => Date.now());
  const items = (catalog.data?.items ?? []).filter((item) => !props.enrolledOnly || item.enrolled);
  return (
    <PageFrame title={props.title}>
      <ErrorAlert error={catalog.error} />
      {catalog.isPending && <Loading label="Loading programs" />}
      {catalog.data?.freePlan === true && <FreePlanNotice />}
      {catalog.isSuccess && items.length === 0 && <NoPrograms />}
      <SimpleGrid cols={{ base: 1, md: 2 }}>
        {items.map((item) => (
          <CatalogCard key={item.program.id} item={item} nowMs={nowMs} />
        ))}
      </SimpleGrid>
    </PageFrame>
  );
}

export function CatalogPage() {
  return <CatalogList title="Catalog" enrolledOnly={false} />;
}

export function CoursesPage() {
  return <CatalogList title="Courses" enrolledOnly={false} />;
}

export function BrowsePage() {
  return <CatalogList title="Browse" enrolledOnly />;
}
