// The readings of one page of houses, typed one after another: Enter or ↓ goes to the next house, ↑ to
// the previous one; consumption shows as the reading is typed; the changed rows are saved together.
import { type KeyboardEvent, useRef } from 'react';
import { Badge, Group, Loader, Table, Text, TextInput, Tooltip } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { type CaptureRow, consumption, type SaveItem, type SaveResult, type SaveState, useCapture } from './capture.js';

export interface CaptureTableProps {
  rows: readonly CaptureRow[];
  save: (items: SaveItem[]) => Promise<SaveResult>;
  /** Only while the period is in capture (READY). */
  readOnly?: boolean;
  /** Tells the screen whether something is still unsaved (before completing the period). */
  onState?: (state: SaveState) => void;
  /** Lets the screen send what is pending before completing. */
  flushRef?: { current: (() => Promise<void>) | null };
  /** Bumped after the readings changed outside this table (a sheet uploaded). */
  resetKey?: number;
}

export function CaptureTable({ rows, save, readOnly = false, flushRef, resetKey = 0 }: CaptureTableProps) {
  const { t } = useTranslation();
  const capture = useCapture(rows, save, { invalid: t('servicePeriods.capture.invalid'), blank: t('servicePeriods.capture.blank') }, resetKey);
  const inputs = useRef<(HTMLInputElement | null)[]>([]);
  if (flushRef) flushRef.current = capture.flush;

  const move = (index: number, delta: number) => {
    const target = inputs.current[index + delta];
    if (target) {
      target.focus();
      target.select();
    }
  };
  const onKeyDown = (index: number) => (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Enter' || event.key === 'ArrowDown') {
      event.preventDefault();
      move(index, 1);
      if (event.key === 'Enter' && index === rows.length - 1) void capture.flush();
    } else if (event.key === 'ArrowUp') {
      event.preventDefault();
      move(index, -1);
    }
  };

  return (
    <>
      <SaveIndicator state={capture.state} failure={capture.failure} />
      <Table.ScrollContainer minWidth={340}>
        <Table striped verticalSpacing={6} horizontalSpacing="xs" data-testid="capture-table">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('servicePeriods.capture.house')}</Table.Th>
              <Table.Th ta="right">{t('servicePeriods.capture.previousShort')}</Table.Th>
              <Table.Th w={140}>{t('servicePeriods.capture.reading')}</Table.Th>
              <Table.Th ta="right">{t('servicePeriods.capture.consumption')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((row, index) => {
              const value = capture.textOf(row);
              const used = consumption(row.previous, value);
              const error = capture.errors[row.houseId];
              const changed = capture.changed(row);
              return (
                <Table.Tr key={row.houseId} data-testid={`capture-row-${row.houseLabel}`}>
                  <Table.Td>
                    <Group gap={6} wrap="nowrap">
                      <Text size="sm" fw={500}>
                        {row.houseLabel}
                      </Text>
                      {(capture.edited(row) || changed) && (
                        <Tooltip label={changed ? t('servicePeriods.capture.changedHint') : t('servicePeriods.capture.editedHint')}>
                          <Badge
                            size="xs"
                            miw="max-content"
                            variant={changed ? 'filled' : 'light'}
                            color={changed ? 'orange' : 'blue'}
                            data-testid="edited-marker"
                          >
                            {changed ? t('servicePeriods.capture.changed') : t('servicePeriods.capture.edited')}
                          </Badge>
                        </Tooltip>
                      )}
                    </Group>
                  </Table.Td>
                  <Table.Td ta="right" style={{ fontVariantNumeric: 'tabular-nums' }}>
                    <Text size="sm">{row.previous}</Text>
                  </Table.Td>
                  <Table.Td>
                    <TextInput
                      ref={(el) => {
                        inputs.current[index] = el;
                      }}
                      size="xs"
                      inputMode="decimal"
                      autoComplete="off"
                      maxLength={16}
                      aria-label={t('servicePeriods.capture.readingOf', { house: row.houseLabel })}
                      value={value}
                      readOnly={readOnly}
                      onChange={(e) => capture.change(row.houseId, e.currentTarget.value)}
                      onKeyDown={onKeyDown(index)}
                      onFocus={(e) => e.currentTarget.select()}
                      error={error}
                      styles={{ input: { textAlign: 'right', fontVariantNumeric: 'tabular-nums' } }}
                    />
                  </Table.Td>
                  <Table.Td ta="right" style={{ fontVariantNumeric: 'tabular-nums' }} data-testid="consumption">
                    <Text size="sm" fw={500} c={used?.startsWith('-') ? 'red' : undefined}>
                      {used ?? '—'}
                    </Text>
                  </Table.Td>
                </Table.Tr>
              );
            })}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </>
  );
}

function SaveIndicator({ state, failure }: { state: SaveState; failure: string | null }) {
  const { t } = useTranslation();
  if (state === 'idle') return null;
  const color = state === 'error' ? 'red' : state === 'saved' ? 'green' : 'dimmed';
  return (
    <Group gap={6} role="status" aria-live="polite" data-testid="save-state">
      {state === 'saving' && <Loader size={12} />}
      <Text size="sm" c={color}>
        {failure ?? t(`servicePeriods.capture.state.${state}`)}
      </Text>
    </Group>
  );
}
