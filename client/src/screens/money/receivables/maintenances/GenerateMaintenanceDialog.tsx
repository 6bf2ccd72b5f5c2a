import { useEffect, useState } from 'react';
import { Alert, Button, Group, Modal, Select, SimpleGrid, Stack, Text } from '@mantine/core';
import { graphql } from 'react-relay';
import { useTranslation } from 'react-i18next';
import type { GenerateMaintenanceDialogCreateMutation } from '../../../../__generated__/GenerateMaintenanceDialogCreateMutation.graphql';
import type { GenerateMaintenanceDialogGenerateMutation } from '../../../../__generated__/GenerateMaintenanceDialogGenerateMutation.graphql';
import { type TypedError, useAppMutation } from '../../../../components/mutations.js';
import { newIdempotencyKey } from './keys.js';
import { formatMonthName } from '../../../../format.js';

const createMutation = graphql`
  mutation GenerateMaintenanceDialogCreateMutation($input: CreateOrdinaryMaintenanceInput!) {
    createOrdinaryMaintenance(input: $input) {
      __typename
      ... on Error { code message }
      ... on InputError { issues { field message } }
      ... on MutationCreateOrdinaryMaintenanceSuccess { data { message maintenance { id databaseId } } }
    }
  }
`;

export const generateMutation = graphql`
  mutation GenerateMaintenanceDialogGenerateMutation($input: GenerateMaintenanceInput!) {
    generateMaintenance(input: $input) {
      __typename
      ... on Error { code message }
      ... on MutationGenerateMaintenanceSuccess {
        data {
          message
          created
          maintenance { id status generatedAt summary { receipts paidReceipts pendingReceipts charged collected outstanding } }
        }
      }
    }
  }
`;

type T = (key: string, options?: Record<string, unknown>) => string;

/** The notice after generating: the server's message with how many receipts were created now. */
export function generatedNotice(t: T, result: { data?: { message: string; created?: number | null } } | null | undefined): ['success' | 'info', string] | null {
  if (!result?.data) return null;
  const created = result.data.created ?? 0;
  return created > 0
    ? ['success', t('maintenances.generatedCount', { message: result.data.message, count: created })]
    : ['info', t('maintenances.nothingToGenerate')];
}

function currentPeriod(): { year: number; month: number } {
  const now = new Date();
  return { year: now.getFullYear(), month: now.getMonth() + 1 };
}

/** "2026-03": the key of a period among the taken ones. */
export function periodKey(year: number, month: number): string {
  return `${year}-${String(month).padStart(2, '0')}`;
}

/** The first month from this one on (two years at most) whose ordinary maintenance is not among `taken`. */
export function firstFreePeriod(taken: ReadonlySet<string>, from = currentPeriod()): { year: number; month: number } {
  for (let i = 0; i < 24; i++) {
    const index = from.month - 1 + i;
    const candidate = { year: from.year + Math.floor(index / 12), month: (index % 12) + 1 };
    if (!taken.has(periodKey(candidate.year, candidate.month))) return candidate;
  }
  return from;
}

/**
 * «Generar mantenimiento»: the ordinary maintenance of the chosen month is created with the settings'
 * terms, then its receipts are generated (one per active house). Server errors (the period exists, no
 * settings) stay in the dialog; a maintenance created whose generation failed is generated on the next try.
 */
export function GenerateMaintenanceDialog({
  opened,
  onClose,
  onDone,
  taken,
}: {
  opened: boolean;
  onClose: () => void;
  onDone: () => void;
  /** Periods whose ordinary maintenance the list shows: the dialog proposes the first month after them. */
  taken: ReadonlySet<string>;
}) {
  const { t } = useTranslation();
  const [period, setPeriod] = useState(() => firstFreePeriod(taken));
  // The hooks keep the last typed error; it shows until the period changes or the dialog closes.
  const [errorShown, setErrorShown] = useState(false);
  // A maintenance this dialog created whose receipts are still to be generated, and the keys of this attempt.
  const [created, setCreated] = useState<{ id: string; year: number; month: number } | null>(null);
  const [keys, setKeys] = useState(() => ({ create: newIdempotencyKey(), generate: newIdempotencyKey() }));
  const create = useAppMutation<GenerateMaintenanceDialogCreateMutation>(createMutation);
  const generate = useAppMutation<GenerateMaintenanceDialogGenerateMutation>(generateMutation);
  const years = Array.from({ length: 4 }, (_, i) => currentPeriod().year - 1 + i);

  // Each opening proposes the first free month of the list as it is now.
  // biome-ignore lint/correctness/useExhaustiveDependencies: only an opening proposes a month; later list changes leave the choice alone
  useEffect(() => {
    if (opened) setPeriod(firstFreePeriod(taken));
  }, [opened]);

  const reset = () => {
    setErrorShown(false);
    setCreated(null);
    setKeys({ create: newIdempotencyKey(), generate: newIdempotencyKey() });
  };
  const close = () => {
    reset();
    onClose();
  };
  const choose = (next: { year: number; month: number }) => {
    setPeriod(next);
    setErrorShown(false);
    // Another period is another request.
    setKeys((k) => ({ ...k, create: newIdempotencyKey() }));
  };

  const submit = async () => {
    setErrorShown(true);
    let target = created && created.year === period.year && created.month === period.month ? created : null;
    if (!target) {
      const result = await create.run({ input: { ...period, idempotencyKey: keys.create } }, 'createOrdinaryMaintenance', { notifyTypedError: false });
      if (result?.__typename !== 'MutationCreateOrdinaryMaintenanceSuccess') return;
      const id = result.data?.maintenance.id;
      if (!id) return;
      target = { id, ...period };
      setCreated(target);
      onDone();
    }
    const generated = await generate.run({ input: { id: target.id, idempotencyKey: keys.generate } }, 'generateMaintenance', {
      notifyTypedError: false,
      success: (r) => generatedNotice(t, r),
    });
    if (!generated) return;
    onDone();
    close();
  };
  const failure = !errorShown
    ? null
    : create.error
      ? issuesText(create.error)
      : generate.error
        ? t('maintenances.generateFailed', { message: generate.error.message ?? '' })
        : null;

  return (
    <Modal opened={opened} onClose={close} title={t('maintenances.generateTitle')}>
      <Stack>
        <Text size="sm" c="dimmed">
          {t('maintenances.generateHint')}
        </Text>
        <SimpleGrid cols={2}>
          <Select
            label={t('maintenances.month')}
            data={Array.from({ length: 12 }, (_, i) => ({ value: String(i + 1), label: formatMonthName(i + 1) }))}
            value={String(period.month)}
            onChange={(value) => value && choose({ ...period, month: Number(value) })}
            allowDeselect={false}
            comboboxProps={{ withinPortal: true }}
          />
          <Select
            label={t('maintenances.year')}
            data={years.map(String)}
            value={String(period.year)}
            onChange={(value) => value && choose({ ...period, year: Number(value) })}
            allowDeselect={false}
            comboboxProps={{ withinPortal: true }}
          />
        </SimpleGrid>
        {failure && (
          <Alert color="red" role="alert" data-testid="generate-error">
            {failure}
          </Alert>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={close}>
            {t('common.cancel')}
          </Button>
          <Button onClick={() => void submit()} loading={create.inFlight || generate.inFlight}>
            {t('maintenances.generateSubmit')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

function issuesText(error: TypedError): string {
  return error.issues?.length ? error.issues.map((i) => i.message).join('. ') : (error.message ?? '');
}
