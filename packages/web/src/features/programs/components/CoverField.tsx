/**
 * The program editor's cover: the current image, a file picker that uploads an image to the program
 * (POST …/uploads, checked by content on the server) and makes it the cover (PATCH coverUploadId), and Remove.
 */
import { FileInput, Group, Stack, Text, Title } from '@mantine/core';
import { ACCEPTED_IMAGE_EXTENSIONS } from '@larmor/contracts/catalog';
import type { Program } from '@larmor/contracts/programs';
import { ActionButton } from '#ui/ActionButton.tsx';
import { ErrorAlert } from '#ui/ErrorAlert.tsx';
import { toast } from '#ui/toast.ts';
import { useUpdateProgram } from '#entities/program/api/update-program.ts';
import { useUploadFile } from '#entities/program/api/upload-file.ts';
import { CoverImage } from './CoverImage.tsx';

const ACCEPT = ACCEPTED_IMAGE_EXTENSIONS.map((e) => `.${e}`).join(',');

export function CoverField(props: { program: Program }) {
  const upload = useUploadFile(props.program.id);
  const update = useUpdateProgram(props.program.id);
  const setCover = (coverUploadId: string | null, message: string): void => {
    update.mutate({ coverUploadId }, { onSuccess: () => toast.success(message) });
  };
  const onFile = (file: File | null): void => {
    if (file === null) return;
    upload.mutate(file, {
      onSuccess: (uploaded) => {
        if (uploaded.kind !== 'image') toast.error('The cover must be an image (PNG, JPEG, GIF or WebP)');
        else setCover(uploaded.id, 'Cover image saved');
      },
    });
  };
  return (
    <Stack component="section" aria-labelledby="cover-heading" gap="xs" maw={480}>
      <Title order={2} size="h4" id="cover-heading">
        Cover image
      </Title>
      <Text size="sm">Shown on the catalog card and the program page.</Text>
      <CoverImage url={props.program.coverImageUrl} title={props.program.title} height={180} />
      <Group align="flex-end">
        <FileInput
          label={props.program.coverImageUrl === null ? 'Upload a cover image' : 'Replace the cover image'}
          description="PNG, JPEG, GIF or WebP"
          accept={ACCEPT}
          value={null}
          onChange={onFile}
          disabled={upload.isPending || update.isPending}
          w={300}
        />
        {props.program.coverImageUrl !== null && (
          <ActionButton
            variant="default"
            loading={update.isPending}
            onClick={() => setCover(null, 'Cover image removed')}
          >
            Remove cover
          </ActionButton>
        )}
      </Group>
      <ErrorAlert error={upload.error ?? update.error} />
    </Stack>
  );
}
