/**
 * POST v1/programs/{programId}/uploads (multipart, field `file`): an image or document of a program, checked by
 * extension and content on the server; its `url` goes into Markdown.
 */
import { useMutation } from '@tanstack/react-query';
import { uploadSchema, type Upload } from '@larmor/contracts/catalog';
import { apiPath, PROGRAM_PATHS } from '@larmor/contracts/programs';
import { api } from '#lib/api.ts';

export function uploadFile(programId: string, file: File): Promise<Upload> {
  const formData = new FormData();
  formData.append('file', file);
  return api.request(apiPath(PROGRAM_PATHS.programUploads, { programId }), {
    method: 'POST',
    formData,
    schema: uploadSchema,
  });
}

export function useUploadFile(programId: string) {
  return useMutation({ mutationFn: (file: File) => uploadFile(programId, file) });
}
