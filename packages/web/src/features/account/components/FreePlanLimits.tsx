/** The free version's limits (platform-shell.md §9), as the free-plan dialog and the upgrade page list them. */
import { List } from '@mantine/core';
import { FREE_PLAN_LIMITS } from '@larmor/mri/sequence';

export function FreePlanLimits() {
  return (
    <List>
      <List.Item>{FREE_PLAN_LIMITS.b0} T scanner</List.Item>
      <List.Item>{FREE_PLAN_LIMITS.anatomies.join(' and ')}</List.Item>
      <List.Item>{FREE_PLAN_LIMITS.families.join(' and ')} sequences</List.Item>
      <List.Item>The parameters FOV, matrix/resolution and slices</List.Item>
    </List>
  );
}
