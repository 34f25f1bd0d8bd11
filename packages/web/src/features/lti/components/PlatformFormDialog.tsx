/** Register or change an LTI 1.3 platform (POST/PATCH v1/clients/{id}/lti/platforms…); fields named after the API's. */
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Group } from '@mantine/core';
import type { LtiPlatform } from '@larmor/contracts/lti';
import { RecordFormDialog } from '#ui/RecordFormDialog.tsx';
import { formField } from '#ui/form-field.ts';
import { TextField } from '#ui/TextField.tsx';
import { useCreateLtiPlatform, useUpdateLtiPlatform } from '#entities/lti/api/lti.ts';
import {
  platformFormDefaults,
  platformFormSchema,
  toPlatformBody,
  type PlatformFormValues,
} from './platform-form.ts';

const PLATFORM_DIALOG_WIDTH_PX = 640;

export function PlatformFormDialog(props: {
  clientId: string;
  platform?: LtiPlatform;
  opened: boolean;
  onClose: () => void;
}) {
  const create = useCreateLtiPlatform(props.clientId);
  const update = useUpdateLtiPlatform(props.clientId, props.platform?.id ?? '');
  const mutation = props.platform === undefined ? create : update;
  const form = useForm<PlatformFormValues>({
    resolver: zodResolver(platformFormSchema),
    mode: 'onTouched',
    defaultValues: platformFormDefaults(props.platform),
  });
  const submit = form.handleSubmit((values) => {
    const onSuccess = (): void => {
      form.reset();
      props.onClose();
    };
    if (props.platform === undefined) create.mutate(toPlatformBody(values), { onSuccess });
    else update.mutate(toPlatformBody(values), { onSuccess });
  });
  return (
    <RecordFormDialog
      opened={props.opened}
      title={props.platform === undefined ? 'Register platform' : 'Edit platform'}
      widthPx={PLATFORM_DIALOG_WIDTH_PX}
      onClose={props.onClose}
      onSubmit={submit}
      error={mutation.error}
      submitLabel={props.platform === undefined ? 'Register' : 'Save'}
      submitting={mutation.isPending}
    >
      <TextField label="Name" {...formField(form, 'name')} />
      <TextField label="Issuer" placeholder="https://lms.example.edu" {...formField(form, 'issuer')} />
      <Group grow>
        <TextField label="Client ID" {...formField(form, 'clientId')} />
        <TextField label="Deployment IDs" help="Separated by commas" {...formField(form, 'deploymentIds')} />
      </Group>
      <TextField label="Public keyset URL (JWKS)" {...formField(form, 'jwksUrl')} />
      <TextField label="Authentication request URL" {...formField(form, 'authUrl')} />
      <TextField label="Access token URL" {...formField(form, 'tokenUrl')} />
      <TextField
        label="Frame origins (optional)"
        help="Sites that show Larmor in a frame besides the issuer, e.g. https://school.instructure.com; separated by commas"
        {...formField(form, 'frameOrigins')}
      />
    </RecordFormDialog>
  );
}
