/**
 * A numeric session setting on the shared numeric input: its messages and tooltip while typing, and on leaving
 * the field the value `commit` accepts is saved, or the field reverts to the saved value (simulator.md §5).
 */
import { useState } from 'react';
import { NumberField } from '#ui/NumberField.tsx';

export function SettingNumber(props: {
  name: string;
  label: string;
  unit?: string;
  /** The saved value. */
  value: number;
  range: { min: number; max: number; step: number };
  /** The value to save for what was typed, or undefined to revert. */
  commit: (typed: string | number) => number | undefined;
  onSave: (value: number) => void;
  disabled?: boolean;
}) {
  const [draft, setDraft] = useState<string | number | undefined>(undefined);
  const end = () => {
    if (draft === undefined) return;
    const value = props.commit(draft);
    setDraft(undefined);
    if (value !== undefined && value !== props.value) props.onSave(value);
  };
  return (
    <NumberField
      name={props.name}
      label={props.label}
      {...(props.unit === undefined ? {} : { unit: props.unit })}
      value={draft ?? props.value}
      min={props.range.min}
      max={props.range.max}
      step={props.range.step}
      disabled={props.disabled}
      onChange={setDraft}
      onBlur={end}
    />
  );
}
