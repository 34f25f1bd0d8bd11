import { EmptyState, PageFrame } from '#ui/PageFrame.tsx';
export function UserDetailsPage() {
  return (
    <PageFrame title="User details">
      <EmptyState title="No data" />
    </PageFrame>
  );
}
