/**
 * A Markdown text area with a Write / Preview switch; the preview is the same safe renderer readers see. With a
 * program, images and documents can be uploaded to it and are inserted as Markdown images or links.
 */
import { FileButton, Group, Tabs, Textarea } from '@mantine/core';
import { ACCEPTED_UPLOAD_EXTENSIONS, type Upload } from '@larmor/contracts/catalog';
import { ActionButton } from '#ui/ActionButton.tsx';
import { ErrorAlert } from '#ui/ErrorAlert.tsx';
import { Markdown } from '#ui/Markdown.tsx';
import { EmptyState } from '#ui/PageFrame.tsx';
import { useAssetCookie } from '#entities/asset/api/asset-cookie.ts';
import { useUploadFile } from '#entities/program/api/upload-file.ts';

/** The Markdown that shows an upload: an image inline, a document as a link. */
export function uploadMarkdown(upload: Pick<Upload, 'kind' | 'filename' | 'url'>): string {
  const text = upload.filename.replace(/[[\]\\]/g, '');
  return upload.kind === 'image' ? `![${text}](${upload.url})` : `[${text}](${upload.url})`;
}

function UploadButton(props: { programId: string; onUploaded: (markdown: string) => void }) {
  const upload = useUploadFile(props.programId);
  useAssetCookie();
  return (
    <Group gap="sm">
      <FileButton
        accept={ACCEPTED_UPLOAD_EXTENSIONS.map((ext) => `.${ext}`).join(',')}
        onChange={(file) => {
          if (file !== null) upload.mutate(file, { onSuccess: (u) => props.onUploaded(uploadMarkdown(u)) });
        }}
      >
        {(button) => (
          <ActionButton
            {...button}
            variant="default"
            size="xs"
            loading={upload.isPending}
            loadingLabel="Uploading..."
          >
            Insert image or document
          </ActionButton>
        )}
      </FileButton>
      <ErrorAlert error={upload.error} />
    </Group>
  );
}

export function MarkdownEditor(props: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  description?: string;
  minRows?: number;
  /** The program uploads go to; without it there is no upload button. */
  programId?: string;
}) {
  return (
    <Tabs defaultValue="write" keepMounted={false}>
      <Tabs.List aria-label={`${props.label}: write or preview`}>
        <Tabs.Tab value="write">Write</Tabs.Tab>
        <Tabs.Tab value="preview">Preview</Tabs.Tab>
      </Tabs.List>
      <Tabs.Panel value="write" pt="xs">
        <Textarea
          label={props.label}
          description={
            props.description ?? 'Markdown: # headings, **bold**, - lists, [links](…), ![images](…)'
          }
          value={props.value}
          onChange={(e) => props.onChange(e.currentTarget.value)}
          autosize
          minRows={props.minRows ?? 6}
          maxRows={24}
        />
        {props.programId !== undefined && (
          <UploadButton
            programId={props.programId}
            onUploaded={(markdown) =>
              props.onChange(`${props.value}${props.value === '' ? '' : '\n\n'}${markdown}\n`)
            }
          />
        )}
      </Tabs.Panel>
      <Tabs.Panel value="preview" pt="xs">
        {props.value.trim() === '' ? (
          <EmptyState title="Nothing to preview yet" />
        ) : (
          <Markdown source={props.value} />
        )}
      </Tabs.Panel>
    </Tabs>
  );
}
