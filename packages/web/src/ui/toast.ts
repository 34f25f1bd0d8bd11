/**
 * Toasts (platform-shell.md §4, §9): success toasts close themselves, error toasts stay until closed.
 * Closing runs the caller's close handler. The generic toast closes after 5000 ms; the shell's own
 * announcements (`shellToast`, e.g. 'Successfully changed password') after 3000 ms. Rendered by the <Notifications /> area of the providers.
 */
import type { ReactNode } from 'react';
import { notifications } from '@mantine/notifications';
import { GENERIC_TOAST_DELAY_MS, SHELL_TOAST_DELAY_MS } from '@larmor/contracts/constants';

export type ToastType = 'success' | 'error' | 'info';

export interface ToastOptions {
  title?: string;
  message: ReactNode;
  type: ToastType;
  /** [ms]; false keeps the toast until closed. Defaults: success/info 5000 ms, error false. */
  autoClose?: number | false;
  icon?: ReactNode;
  onClose?: () => void;
  id?: string;
}

const COLORS: Record<ToastType, string> = { success: 'teal', error: 'red', info: 'blue' };

/** The auto-close delay a toast gets when the caller names none. */
export function defaultAutoClose(type: ToastType): number | false {
  return type === 'error' ? false : GENERIC_TOAST_DELAY_MS;
}

export function showToast(options: ToastOptions): string {
  return notifications.show({
    id: options.id,
    title: options.title,
    message: options.message,
    color: COLORS[options.type],
    icon: options.icon,
    autoClose: options.autoClose ?? defaultAutoClose(options.type),
    withCloseButton: true,
    onClose: options.onClose,
    'data-testid': `toast-${options.type}`,
  } as Parameters<typeof notifications.show>[0]);
}

export const toast = {
  success: (message: ReactNode, extra: Partial<ToastOptions> = {}) =>
    showToast({ ...extra, message, type: 'success' }),
  error: (message: ReactNode, extra: Partial<ToastOptions> = {}) =>
    showToast({ ...extra, message, type: 'error' }),
  info: (message: ReactNode, extra: Partial<ToastOptions> = {}) =>
    showToast({ ...extra, message, type: 'info' }),
};

/** The shell's own success toasts: they close after the shell's 3000 ms (platform-shell.md §9). */
export const shellToast = {
  success: (message: ReactNode, extra: Partial<ToastOptions> = {}) =>
    showToast({ autoClose: SHELL_TOAST_DELAY_MS, ...extra, message, type: 'success' }),
};
