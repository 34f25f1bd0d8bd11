/**
 * POST v1/users/import (platform-shell.md §7): a CSV or XLSX file as multipart form; the answer has one entry
 * per data row with its index and outcome. Errors pass their message to the caller.
 */
import { importResponseSchema, type ImportRowResult, USER_PATHS } from '@larmor/contracts/users';
import { api } from '#lib/api.ts';
import { usersQueryKey } from './list-users.ts';
import { useInvalidatingMutation } from '#lib/mutation.ts';

export function importUsers(file: File): Promise<ImportRowResult[]> {
  const formData = new FormData();
  formData.append('file', file, file.name);
  return api.request(USER_PATHS.import, { method: 'POST', formData, schema: importResponseSchema });
}

export function useImportUsers() {
  return useInvalidatingMutation(importUsers, [usersQueryKey]);
}
