/** Binds a react-hook-form field to TextField: its registration, touched flag and error message. */
import type { FieldPath, FieldValues, UseFormReturn } from 'react-hook-form';

export function formField<T extends FieldValues>(form: UseFormReturn<T>, name: FieldPath<T>) {
  const touched = form.getFieldState(name, form.formState).isTouched || form.formState.isSubmitted;
  const error = form.getFieldState(name, form.formState).error?.message;
  return { ...form.register(name), touched, error };
}
