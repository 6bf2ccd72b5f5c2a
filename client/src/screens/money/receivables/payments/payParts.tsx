// Small pieces the pay form and the payment in process share.
import { Group, Text } from '@mantine/core';

/** A label and its value on one line (amounts right-aligned). */
export function Row({ label, value, strong, mono, testId }: { label: string; value: string; strong?: boolean; mono?: boolean; testId?: string }) {
  return (
    <Group justify="space-between" wrap="nowrap" gap="sm">
      <Text size="sm" c="dimmed">
        {label}
      </Text>
      <Text
        size={strong ? 'md' : 'sm'}
        fw={strong ? 700 : 500}
        ta="right"
        data-testid={testId}
        ff={mono ? 'monospace' : undefined}
        style={{ fontVariantNumeric: 'tabular-nums', overflowWrap: 'anywhere' }}
      >
        {value}
      </Text>
    </Group>
  );
}

/** "Visa", "Mastercard", "American Express" for the gateway's brand names. */
export function brandName(t: (key: string) => string, brand: string): string {
  const key = `payments.cards.brand.${brand}`;
  const text = t(key);
  return text === key ? brand : text;
}
