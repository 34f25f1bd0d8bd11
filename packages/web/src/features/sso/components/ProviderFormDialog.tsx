/**
 * Configure or change an organisation's OpenID Connect provider (POST/PATCH v1/clients/{id}/sso/providers…); fields
 * named after the API's. The client secret is never shown: when editing, a blank secret keeps the stored one.
 */
import { Controller, useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Checkbox, Group, Radio } from '@mantine/core';
import type { SsoProvider } from '@larmor/contracts/sso';
import { RecordFormDialog } from '#ui/RecordFormDialog.tsx';
import { formField } from '#ui/form-field.ts';
import { PasswordField } from '#ui/PasswordField.tsx';
import { TextField } from '#ui/TextField.tsx';
import { useCreateSsoProvider, useUpdateSsoProvider } from '#entities/sso/api/sso.ts';
import {
  providerFormDefaults,
  providerFormSchema,
  toCreateBody,
  toPatchBody,
  type ProviderFormValues,
} from './provider-form.ts';

const PROVIDER_DIALOG_WIDTH_PX = 640;

export function ProviderFormDialog(props: {
  clientId: string;
  provider?: SsoProvider;
  opened: boolean;
  onClose: () => void;
}) {
  const creating = props.provider === undefined;
  const create = useCreateSsoProvider(props.clientId);
  const update = useUpdateSsoProvider(props.clientId, props.provider?.id ?? '');
  const mutation = creating ? create : update;
  const form = useForm<ProviderFormValues>({
    resolver: zodResolver(providerFormSchema(creating)),
    mode: 'onTouched',
    defaultValues: providerFormDefaults(props.provider),
  });
  const submit = form.handleSubmit((values) => {
    const onSuccess = (): void => {
      form.reset();
      props.onClose();
    };
    if (creating) create.mutate(toCreateBody(values), { onSuccess });
    else update.mutate(toPatchBody(values), { onSuccess });
  });
  return (
    <RecordFormDialog
      opened={props.opened}
      title={creating ? 'Add sign-in provider' : 'Edit sign-in provider'}
      widthPx={PROVIDER_DIALOG_WIDTH_PX}
      onClose={props.onClose}
      onSubmit={submit}
      error={mutation.error}
      submitLabel={creating ? 'Add' : 'Save'}
      submitting={mutation.isPending}
    >
      <TextField
        label="Button text"
        placeholder="Sign in with Contoso Microsoft"
        {...formField(form, 'name')}
      />
      <TextField
        label="Issuer URL"
        placeholder="https://login.microsoftonline.com/{tenant}/v2.0"
        help="The provider's issuer identifier; its discovery document is at /.well-known/openid-configuration under it"
        {...formField(form, 'issuer')}
      />
      <Group grow align="flex-start">
        <TextField label="Client ID" {...formField(form, 'clientId')} />
        <PasswordField
          label="Client secret"
          autoComplete="off"
          placeholder={creating ? undefined : 'Set; leave blank to keep it'}
          {...formField(form, 'clientSecret')}
        />
      </Group>
      <TextField
        label="Allowed e-mail domain (optional)"
        placeholder="school.example"
        help="Only users whose e-mail address is in this domain may sign in; blank allows any"
        {...formField(form, 'emailDomain')}
      />
      <Controller
        control={form.control}
        name="defaultRole"
        render={({ field }) => (
          <Radio.Group label="Role of new users" value={field.value} onChange={field.onChange}>
            <Group mt="xs">
              <Radio value="Student" label="Student" />
              <Radio value="Teacher" label="Teacher" />
            </Group>
          </Radio.Group>
        )}
      />
      <Checkbox label="Offer on the sign-in page" {...form.register('enabled')} />
    </RecordFormDialog>
  );
}
