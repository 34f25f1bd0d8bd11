/**
 * The forced first-login Change Password dialog (platform-shell.md §4, §5): no cancel or close button, the five
 * messages, submit disabled while invalid and 'Changing password...' while submitting; on success it closes
 * (the refreshed profile no longer has first_login) and shows 'Successfully changed password'.
 */
import { useForm, type Resolver } from 'react-hook-form';
import { PASSWORD_MIN_LENGTH } from '@larmor/contracts/constants';
import { ApiError } from '#lib/api-error.ts';
import { ActionButton } from '#ui/ActionButton.tsx';
import { ErrorAlert } from '#ui/ErrorAlert.tsx';
import { Form } from '#ui/Form.tsx';
import { Dialog } from '#ui/Dialog.tsx';
import { formField } from '#ui/form-field.ts';
import { PasswordField } from '#ui/PasswordField.tsx';
import { shellToast } from '#ui/toast.ts';
import { t } from '#lib/i18n.ts';
import { useChangePassword } from '#entities/account/api/change-password.ts';
import { changePasswordErrors, type ChangePasswordValues } from './account-rules.ts';

/** Width of the Change Password dialog [px] (the spec gives none; the terms dialog's). */
const CHANGE_PASSWORD_DIALOG_WIDTH_PX = 500;

const resolver: Resolver<ChangePasswordValues> = (values) => {
  const errors = changePasswordErrors(values);
  if (
    errors.newPassword === undefined &&
    values.newPassword !== '' &&
    values.newPassword.length < PASSWORD_MIN_LENGTH
  ) {
    errors.newPassword = `New password must have at least ${PASSWORD_MIN_LENGTH} characters`;
  }
  const entries = Object.entries(errors);
  if (entries.length === 0) return { values, errors: {} };
  return {
    values: {},
    errors: Object.fromEntries(entries.map(([field, message]) => [field, { type: 'validate', message }])),
  };
};

/** The message a failed change shows: the spec's text unless the server named a rule of the new password. */
export function failureMessage(error: Error): string {
  if (error instanceof ApiError && error.validation?.newPassword !== undefined) return error.message;
  return t('changePassword.failed');
}

/**
 * Forced at first login (no close, no cancel); from the profile page it can be dismissed (`onClose`).
 */
export function ChangePasswordDialog(props: { opened: boolean; onClose?: () => void }) {
  const forced = props.onClose === undefined;
  const change = useChangePassword();
  const form = useForm<ChangePasswordValues>({
    resolver,
    mode: 'all',
    defaultValues: { oldPassword: '', newPassword: '', newPasswordConfirmation: '' },
  });
  const submit = form.handleSubmit((values) =>
    change.mutate(
      { oldPassword: values.oldPassword, newPassword: values.newPassword },
      {
        onSuccess: () => {
          form.reset();
          shellToast.success(t('changePassword.succeeded'));
          props.onClose?.();
        },
      },
    ),
  );
  return (
    <Dialog
      opened={props.opened}
      forced={forced}
      onClose={props.onClose}
      title="Change Password"
      widthPx={CHANGE_PASSWORD_DIALOG_WIDTH_PX}
    >
      <Form onSubmit={submit} gap="sm">
        <ErrorAlert error={change.error} describe={failureMessage} />
        <PasswordField
          label="Current password"
          autoComplete="current-password"
          {...formField(form, 'oldPassword')}
        />
        <PasswordField label="New password" autoComplete="new-password" {...formField(form, 'newPassword')} />
        <PasswordField
          label="Confirm new password"
          autoComplete="new-password"
          {...formField(form, 'newPasswordConfirmation')}
        />
        <ActionButton
          type="submit"
          disabled={!form.formState.isValid}
          loading={change.isPending}
          loadingLabel={t('changePassword.submitting')}
        >
          Change password
        </ActionButton>
      </Form>
    </Dialog>
  );
}
