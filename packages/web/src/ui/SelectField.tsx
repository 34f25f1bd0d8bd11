/**
 * The select the simulator reuses (platform-shell.md §3 select helper, §9 defaults): menu max height 300,
 * min height 140, page size 5, placeholder 'Select...', 'No options', 'Loading...', drawn above everything;
 * compact multi-value chips 30 px wide, 100 px on hover.
 */
import { MultiSelect, Select } from '@mantine/core';
import type { KeyboardEvent } from 'react';
import { handlePageKeys } from './select-paging.ts';

export const SELECT_DEFAULTS = {
  maxMenuHeightPx: 300,
  minMenuHeightPx: 140,
  pageSize: 5,
  placeholder: 'Select...',
  noOptions: 'No options',
  loading: 'Loading...',
  menuZIndex: 5000,
} as const;

export interface SelectFieldProps<T> {
  name: string;
  label: string;
  options: readonly T[];
  getOptionLabel?: (option: T) => string;
  getOptionValue?: (option: T) => string;
  isMulti?: boolean;
  compact?: boolean;
  defaultValue?: string | string[];
  value?: string | string[] | null;
  onChange?: (value: string | string[] | null) => void;
  disabled?: boolean;
  loading?: boolean;
  placeholder?: string;
}

export function SelectField<T>(props: SelectFieldProps<T>) {
  const labelOf = props.getOptionLabel ?? ((o: T) => String(o));
  const valueOf = props.getOptionValue ?? ((o: T) => String(o));
  const data = props.options.map((o) => ({ value: valueOf(o), label: labelOf(o) }));
  const common = {
    name: props.name,
    label: props.label,
    data: props.loading === true ? [] : data,
    placeholder: props.placeholder ?? SELECT_DEFAULTS.placeholder,
    nothingFoundMessage: props.loading === true ? SELECT_DEFAULTS.loading : SELECT_DEFAULTS.noOptions,
    maxDropdownHeight: SELECT_DEFAULTS.maxMenuHeightPx,
    disabled: props.disabled,
    comboboxProps: { zIndex: SELECT_DEFAULTS.menuZIndex, withinPortal: true },
    styles: { dropdown: { minHeight: SELECT_DEFAULTS.minMenuHeightPx } },
    onKeyDown: (event: KeyboardEvent<HTMLInputElement>) => handlePageKeys(event, SELECT_DEFAULTS.pageSize),
  };
  if (props.isMulti === true) {
    return (
      <MultiSelect
        {...common}
        className={props.compact === true ? 'select-compact' : undefined}
        defaultValue={Array.isArray(props.defaultValue) ? props.defaultValue : undefined}
        value={Array.isArray(props.value) ? props.value : undefined}
        onChange={(v) => props.onChange?.(v)}
      />
    );
  }
  return (
    <Select
      {...common}
      defaultValue={typeof props.defaultValue === 'string' ? props.defaultValue : undefined}
      value={typeof props.value === 'string' || props.value === null ? props.value : undefined}
      onChange={(v) => props.onChange?.(v)}
    />
  );
}
