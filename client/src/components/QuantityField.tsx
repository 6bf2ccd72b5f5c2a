import { TextInput, type TextInputProps } from '@mantine/core';
import { formatQuantityInput, parseQuantityInput } from '../../../core/validators.js';

/** Amount input with thousands separators while typing; onValue receives the plain decimal ("1234.50"). */
export function QuantityField({ value, onValue, ...props }: Omit<TextInputProps, 'value' | 'onChange'> & { value: string; onValue: (plain: string) => void }) {
  return (
    <TextInput
      inputMode="decimal"
      {...props}
      value={formatQuantityInput(value)}
      onChange={(e) => onValue(parseQuantityInput(formatQuantityInput(e.currentTarget.value)))}
    />
  );
}
