/**
 * A masked TextField (Mantine's PasswordInput with its show/hide toggle). `autoComplete` tells the browser which
 * password it is: 'current-password' to sign in, 'new-password' where one is chosen.
 */
import { forwardRef } from 'react';
import { TextField, type TextFieldProps } from './TextField.tsx';

export type PasswordFieldProps = Omit<TextFieldProps, 'type'> & {
  autoComplete: 'current-password' | 'new-password' | 'off';
};

export const PasswordField = forwardRef<HTMLInputElement, PasswordFieldProps>(
  function PasswordField(props, ref) {
    return <TextField {...props} ref={ref} type="password" />;
  },
);
