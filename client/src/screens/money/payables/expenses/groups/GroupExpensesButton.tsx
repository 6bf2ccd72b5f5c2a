import { useState } from 'react';
import { Button, Group, Modal, NumberInput, Stack, Text, Textarea, TextInput, Tooltip } from '@mantine/core';
import { fetchQuery, graphql, useRelayEnvironment } from 'react-relay';
import { useTranslation } from 'react-i18next';
import type { GroupExpensesButtonFolioQuery } from '../../../../../__generated__/GroupExpensesButtonFolioQuery.graphql';
import type { GroupExpensesButtonMutation } from '../../../../../__generated__/GroupExpensesButtonMutation.graphql';
import { useAppMutation } from '../../../../../components/mutations.js';
import { useSession } from '../../../../../components/SessionProvider.js';

const folioQuery = graphql`
  query GroupExpensesButtonFolioQuery {
    nextExpenseGroupFolio { serie folio }
  }
`;

const createMutation = graphql`
  mutation GroupExpensesButtonMutation($input: CreateExpenseGroupInput!) {
    createExpenseGroup(input: $input) {
      __typename
      ... on Error { code message }
      ... on InputError { issues { field message } }
      ... on MutationCreateExpenseGroupSuccess { data { affectedExpenses group { id serie folio } } }
    }
  }
`;

export interface GroupExpensesButtonProps {
  /** Expense global ids selected in the list. */
  selectedIds: string[];
  /** Called after the group was created (the list reloads and clears its selection). */
  onDone: () => void;
}

/** The expense list toolbar's «Agrupar» button: folio, serie and comment of a new group of the selected expenses. */
export function GroupExpensesButton({ selectedIds, onDone }: GroupExpensesButtonProps) {
  const { t } = useTranslation();
  const { grants } = useSession();
  const environment = useRelayEnvironment();
  const [opened, setOpened] = useState(false);
  const [folio, setFolio] = useState<number | string>('');
  const [serie, setSerie] = useState('');
  const [comment, setComment] = useState('');
  const [folioError, setFolioError] = useState<string | null>(null);
  const create = useAppMutation<GroupExpensesButtonMutation>(createMutation);
  if (!grants.has('AExpensesUpdate')) return null;
  const enough = selectedIds.length >= 2;

  const open = () => {
    setOpened(true);
    setComment('');
    setFolioError(null);
    fetchQuery<GroupExpensesButtonFolioQuery>(environment, folioQuery, {}, { fetchPolicy: 'network-only' })
      .toPromise()
      .then((data) => {
        setFolio(data?.nextExpenseGroupFolio.folio ?? '');
        setSerie(data?.nextExpenseGroupFolio.serie ?? '');
      })
      .catch(() => {});
  };

  const save = async () => {
    const n = typeof folio === 'number' ? folio : Number(folio);
    if (!Number.isInteger(n) || n < 1) {
      setFolioError(t('expenseGroups.folioInvalid'));
      return;
    }
    setFolioError(null);
    const result = await create.run(
      { input: { expenseIds: selectedIds, folio: n, serie: serie.trim() || null, comment: comment.trim() || null } },
      'createExpenseGroup',
      {
        success: (r: any) => t('expenseGroups.created', { count: r?.data?.affectedExpenses ?? selectedIds.length, name: groupName(r?.data?.group) }),
      },
    );
    if (result && result.__typename === 'MutationCreateExpenseGroupSuccess') {
      setOpened(false);
      onDone();
    }
  };

  const button = (
    <Button variant="default" disabled={!enough} onClick={open}>
      {t('expenseGroups.button')}
    </Button>
  );
  return (
    <>
      {enough ? (
        button
      ) : (
        <Tooltip label={t('expenseGroups.needTwo')} withArrow>
          <span>{button}</span>
        </Tooltip>
      )}
      <Modal opened={opened} onClose={() => setOpened(false)} title={t('expenseGroups.title')}>
        <Stack>
          <Text size="sm" c="dimmed">
            {t('expenseGroups.selected', { count: selectedIds.length })}
          </Text>
          <Group grow align="flex-start">
            <TextInput label={t('expenseGroups.serie')} value={serie} maxLength={10} onChange={(e) => setSerie(e.currentTarget.value)} />
            <NumberInput
              label={t('expenseGroups.folio')}
              required
              min={1}
              allowDecimal={false}
              allowNegative={false}
              value={folio}
              onChange={setFolio}
              error={folioError}
            />
          </Group>
          <Textarea
            label={t('expenseGroups.comment')}
            value={comment}
            maxLength={1000}
            autosize
            minRows={2}
            onChange={(e) => setComment(e.currentTarget.value)}
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setOpened(false)}>
              {t('common.cancel')}
            </Button>
            <Button onClick={save} loading={create.inFlight}>
              {t('expenseGroups.save')}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </>
  );
}

function groupName(group: { serie?: string | null; folio?: number } | null | undefined): string {
  if (!group) return '';
  return group.serie ? `${group.serie}-${group.folio}` : String(group.folio);
}

export default GroupExpensesButton;
