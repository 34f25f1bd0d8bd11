import { EmptyState, PageFrame } from '#ui/PageFrame.tsx';
export function GroupsPage() {
  return (
    <PageFrame title="Groups">
      <EmptyState title="No data" />
    </PageFrame>
  );
}
