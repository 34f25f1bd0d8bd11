/**
 * Create or edit a user (POST v1/users/, PATCH v1/users/{id}); inputs are named after the API fields. Without
 * a password a new user gets an activation mail; with one, they must change it at first login.
 */
import { Controller, useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import { newPasswordSchema } from '@larmor/contracts/new-passwords';
import { Group, Select } from '@mantine/core';
import { ROLES } from '@larmor/contracts/roles';
import { userCreateSchema, type AdminUser, type UserCreate } from '@larmor/contracts/users';
import { RecordFormDialog } from '#ui/RecordFormDialog.tsx';
import { formField } from '#ui/form-field.ts';
import { SELECT_DEFAULTS } from '#ui/SelectField.tsx';
import { PasswordField } from '#ui/PasswordField.tsx';
import { TextField } from '#ui/TextField.tsx';
import { useCreateUser } from '#entities/user/api/create-user.ts';
import { useUpdateUser } from '#entities/user/api/update-user.ts';

const USER_DIALOG_WIDTH_PX = 560;

/** The edit form allows an empty password (unchanged); everything else follows the create body's rules. */
const formSchema = userCreateSchema
  .pick({ username: true, email: true, firstName: true, lastName: true, role: true })
  .extend({ password: newPasswordSchema.or(z.literal('')).optional() });

type FormValues = z.infer<typeof formSchema>;

function toBody(values: FormValues): UserCreate {
  const { password, ...rest } = values;
  return password === undefined || password === '' ? rest : { ...rest, password };
}

export function UserFormDialog(props: { user?: AdminUser; opened: boolean; onClose: () => void }) {
  const create = useCreateUser();
  const update = useUpdateUser(props.user?.id ?? '');
  const mutation = props.user === undefined ? create : update;
  const form = useForm<FormValues>({
    resolver: zodResolver(formSchema),
    mode: 'onTouched',
    defaultValues: {
      username: props.user?.username ?? '',
      email: props.user?.email ?? '',
      firstName: props.user?.firstName ?? '',
      lastName: props.user?.lastName ?? '',
      role: props.user?.role ?? 'Student',
      password: '',
    },
  });
  const submit = form.handleSubmit((values) => {
    const onSuccess = (): void => {
      form.reset();
      props.onClose();
    };
    if (props.user === undefined) create.mutate(toBody(values), { onSuccess });
    else update.mutate(toBody(values), { onSuccess });
  });
  return (
    <RecordFormDialog
      opened={props.opened}
      title={props.user === undefined ? 'Create user' : 'Edit user'}
      widthPx={USER_DIALOG_WIDTH_PX}
      onClose={props.onClose}
      onSubmit={submit}
      error={mutation.error}
      submitLabel={props.user === undefined ? 'Create' : 'Save'}
      submitting={mutation.isPending}
    >
      <TextField label="Username" {...formField(form, 'username')} />
      <TextField label="E-mail" type="email" {...formField(form, 'email')} />
      <Group grow>
        <TextField label="First name" {...formField(form, 'firstName')} />
        <TextField label="Last name" {...formField(form, 'lastName')} />
      </Group>
      <Controller
        control={form.control}
        name="role"
        render={({ field }) => (
          <Select
            label="Role"
            name="role"
            data={[...ROLES]}
            value={field.value}
            onChange={(v) => field.onChange(v ?? 'Student')}
            allowDeselect={false}
            placeholder={SELECT_DEFAULTS.placeholder}
            comboboxProps={{ zIndex: SELECT_DEFAULTS.menuZIndex }}
          />
        )}
      />
      <PasswordField
        label={props.user === undefined ? 'Password (optional)' : 'New password (optional)'}
        autoComplete="new-password"
        {...formField(form, 'password')}
      />
    </RecordFormDialog>
  );
}
