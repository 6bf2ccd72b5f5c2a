import { useMemo } from 'react';
import { Alert, Button, Group, Paper, Stack, Text, Textarea } from '@mantine/core';
import { graphql, useFragment, usePreloadedQuery } from 'react-relay';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import type { ReceiptNotesQuery } from '../../../../__generated__/ReceiptNotesQuery.graphql';
import type { ReceiptNotes_receipt$key } from '../../../../__generated__/ReceiptNotes_receipt.graphql';
import type { ReceiptNotesUpdateMutation } from '../../../../__generated__/ReceiptNotesUpdateMutation.graphql';
import { field, useZodForm } from '../../../../components/forms.js';
import { PageHeader } from '../../../../components/PageHeader.js';
import { useSession } from '../../../../components/SessionProvider.js';
import type { ScreenProps } from '../../../../router/screenRoute.js';
import { useReceiptMutation } from './receiptMutation.js';
import { formatPeriod } from '../../../../format.js';

export const receiptNotesQuery = graphql`
  query ReceiptNotesQuery($id: ID!) {
    node(id: $id) { ...ReceiptNotes_receipt @alias }
  }
`;

const notesFragment = graphql`
  fragment ReceiptNotes_receipt on Receipt {
    id databaseId houseDatabaseId description year month notes
  }
`;

const updateMutation = graphql`
  mutation ReceiptNotesUpdateMutation($input: UpdateReceiptNotesInput!) {
    updateReceiptNotes(input: $input) {
      __typename
      ... on Error { code message }
      ... on InputError { issues { field message } }
      ... on MutationUpdateReceiptNotesSuccess { data { message receipt { id notes } } }
    }
  }
`;

/** Spec 1 section 4 (PUT notes): the administration's notes of a receipt, at most 2000 characters. */
export const NOTES_MAX = 2000;

/** /receipts/{receiptId}/notes: administrators with AReceiptsUpdate write the notes; other readers read them. */
export default function ReceiptNotes({ queryRef }: ScreenProps<ReceiptNotesQuery>) {
  const { t } = useTranslation();
  const data = usePreloadedQuery<ReceiptNotesQuery>(receiptNotesQuery, queryRef);
  const receipt = data.node?.ReceiptNotes_receipt;
  if (!receipt) return <Alert color="yellow">{t('receipts.detail.notFound')}</Alert>;
  return <NotesForm receipt={receipt} />;
}

function NotesForm({ receipt: key }: { receipt: ReceiptNotes_receipt$key }) {
  const { t } = useTranslation();
  const { grants } = useSession();
  const receipt = useFragment(notesFragment, key);
  const mayWrite = grants.has('AReceiptsUpdate');
  const update = useReceiptMutation<ReceiptNotesUpdateMutation>(updateMutation);
  const schema = useMemo(() => z.object({ notes: z.string().max(NOTES_MAX, t('receipts.notes.max')) }), [t]);
  const form = useZodForm(schema, { defaultValues: { notes: receipt.notes ?? '' } });
  const back = `/houses/${receipt.houseDatabaseId}/receipts/${receipt.databaseId}`;
  const name = `${receipt.description} (${formatPeriod(receipt.year, receipt.month)})`;

  const save = form.handleSubmit(async (values) => {
    const ok = await update.run({ receiptId: receipt.id, notes: values.notes.trim() || null }, 'updateReceiptNotes', {
      form: form as never,
      success: (result: { data: { message: string } }) => result.data.message,
    });
    if (ok) form.reset({ notes: values.notes.trim() });
  });

  return (
    <Stack maw={760}>
      <PageHeader
        title={t('receipts.notes.title')}
        description={t('receipts.notes.description', { name })}
        secondary={{ label: t('receipts.notes.back'), to: back }}
      />
      <Paper withBorder radius="md" p="md">
        {mayWrite ? (
          <form onSubmit={save} noValidate>
            <Stack>
              <Textarea label={t('receipts.notes.label')} autosize minRows={5} maxRows={16} maxLength={NOTES_MAX} {...field(form, 'notes')} />
              <Group>
                <Button type="submit" loading={update.inFlight}>
                  {t('common.save')}
                </Button>
                <Button variant="default" component={Link} to={back}>
                  {t('common.cancel')}
                </Button>
              </Group>
            </Stack>
          </form>
        ) : (
          <Stack gap="xs">
            <Text size="sm" c={receipt.notes ? undefined : 'dimmed'} style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
              {receipt.notes || t('receipts.notes.empty')}
            </Text>
            <Text size="xs" c="dimmed">
              {t('receipts.notes.readOnly')}
            </Text>
          </Stack>
        )}
      </Paper>
    </Stack>
  );
}
