import { EmptyState, PageFrame } from '#ui/PageFrame.tsx';
export function UsersPage() {
  return (
    <PageFrame title="Users">
      <EmptyState title="No data" />
    </PageFrame>
  );
}
