import { useState } from 'react';
import { Alert, Anchor, Button, Group, Paper, Select, Stack, TagsInput, Text, TextInput } from '@mantine/core';
import { Controller } from 'react-hook-form';
import { graphql, usePreloadedQuery } from 'react-relay';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { SharedFileFormCreateMutation } from '../../../__generated__/SharedFileFormCreateMutation.graphql';
import type { SharedFileFormQuery, SharedFileFormQuery$data } from '../../../__generated__/SharedFileFormQuery.graphql';
import type { SharedFileFormUpdateMutation } from '../../../__generated__/SharedFileFormUpdateMutation.graphql';
import { FILE_ACCESS_NAMES, FILE_ACCESSES, MAX_TAGS, SHARED_FILE_MESSAGES, SharedFileFields } from '../../../../../core/sharedFiles.js';
import { field, fieldError, useZodForm } from '../../../components/forms.js';
import { useAppMutation } from '../../../components/mutations.js';
import { PageHeader } from '../../../components/PageHeader.js';
import { Uploader } from '../../../components/Uploader.js';
import type { ScreenProps } from '../../../router/screenRoute.js';
import { newIdempotencyKey } from '../../money/receivables/receipts/receiptTexts.js';
import { fileSize } from './fileTexts.js';

export const sharedFileFormQuery = graphql`
  query SharedFileFormQuery($id: ID!, $edit: Boolean!) {
    sharedFileUploadConfig { maxSize pattern contentTypes extensions }
    sharedFile(fileId: $id) @include(if: $edit) {
      __typename
      ... on Error { message }
      ... on QuerySharedFileSuccess { data { id databaseId fileName tags access originalName size downloadUrl canUpdate } }
    }
  }
`;

const createMutation = graphql`
  mutation SharedFileFormCreateMutation($input: CreateSharedFileInput!) {
    createSharedFile(input: $input) {
      __typename
      ... on Error { code message }
      ... on InputError { issues { field message } }
      ... on MutationCreateSharedFileSuccess { data { message file { id databaseId } } }
    }
  }
`;

const updateMutation = graphql`
  mutation SharedFileFormUpdateMutation($input: UpdateSharedFileInput!) {
    updateSharedFile(input: $input) {
      __typename
      ... on Error { code message }
      ... on InputError { issues { field message } }
      ... on MutationUpdateSharedFileSuccess { data { message file { id fileName tags access accessName size updatedAt downloadUrl } } }
    }
  }
`;

type Existing = NonNullable<NonNullable<SharedFileFormQuery$data['sharedFile']>['data']>;
type Config = SharedFileFormQuery$data['sharedFileUploadConfig'];

/** /neighborhood/files/form (share a file) and /neighborhood/files/form/{idFile} (rename, retag, change access or replace it). */
export default function SharedFileForm({ queryRef }: ScreenProps<SharedFileFormQuery>) {
  const { t } = useTranslation();
  const data = usePreloadedQuery<SharedFileFormQuery>(sharedFileFormQuery, queryRef);
  const existing = data.sharedFile?.data ?? null;
  if (queryRef.variables.edit && !existing) return <Alert color="yellow">{t('files.form.notFound')}</Alert>;
  return <Fields existing={existing} config={data.sharedFileUploadConfig} />;
}

function Fields({ existing, config }: { existing: Existing | null; config: Config }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const form = useZodForm(SharedFileFields, {
    defaultValues: existing
      ? {
          fileName: existing.fileName,
          tags: [...existing.tags],
          access: existing.access === '%future added value' ? 'NEIGHBORS' : existing.access,
          storedFileId: null,
        }
      : { fileName: '', tags: [], access: 'NEIGHBORS', storedFileId: null },
  });
  const create = useAppMutation<SharedFileFormCreateMutation>(createMutation);
  const update = useAppMutation<SharedFileFormUpdateMutation>(updateMutation);
  const [fileError, setFileError] = useState<string | null>(null);
  const stored = form.watch('storedFileId');
  const maxMb = Math.max(1, Math.round(config.maxSize / (1024 * 1024)));
  const pattern = (() => {
    try {
      return new RegExp(config.pattern, 'i');
    } catch {
      return /\.(pdf|png|jpe?g|webp)$/i;
    }
  })();

  const save = form.handleSubmit(async (values) => {
    if (!existing && !values.storedFileId) {
      setFileError(SHARED_FILE_MESSAGES.fileRequired);
      return;
    }
    const input = {
      fileName: values.fileName,
      tags: values.tags,
      access: values.access,
      storedFileId: values.storedFileId,
      idempotencyKey: newIdempotencyKey(),
    };
    const options = { form: form as never };
    const done = existing
      ? await update.run({ input: { fileId: existing.id, ...input } }, 'updateSharedFile', { ...options, success: SHARED_FILE_MESSAGES.updated })
      : await create.run({ input }, 'createSharedFile', { ...options, success: SHARED_FILE_MESSAGES.created });
    if (done) navigate('/neighborhood/files');
  });

  return (
    <Stack maw={720}>
      <PageHeader
        title={existing ? t('files.form.editTitle') : t('files.form.createTitle')}
        description={t('files.form.description')}
        secondary={{ label: t('files.form.back'), to: '/neighborhood/files' }}
      />
      <form onSubmit={save} noValidate>
        <Stack>
          <Paper withBorder p="md" radius="md">
            <Stack>
              <TextInput label={t('files.form.name')} placeholder={t('files.form.namePlaceholder')} required autoComplete="off" {...field(form, 'fileName')} />
              <Controller
                control={form.control}
                name="tags"
                render={({ field: f }) => (
                  <TagsInput
                    label={t('files.form.tags')}
                    description={t('files.form.tagsHint', { max: MAX_TAGS })}
                    placeholder={t('files.form.tagsPlaceholder')}
                    value={Array.isArray(f.value) ? [...f.value] : []}
                    onChange={(value) => f.onChange(value)}
                    splitChars={[',']}
                    maxTags={MAX_TAGS}
                    clearable
                    error={fieldError(form, 'tags')}
                  />
                )}
              />
              <Controller
                control={form.control}
                name="access"
                render={({ field: f }) => (
                  <Select
                    label={t('files.form.access')}
                    description={t('files.form.accessHint')}
                    data={FILE_ACCESSES.map((a) => ({ value: a, label: FILE_ACCESS_NAMES[a] }))}
                    value={f.value ?? 'NEIGHBORS'}
                    onChange={(value) => f.onChange(value ?? 'NEIGHBORS')}
                    allowDeselect={false}
                    error={fieldError(form, 'access')}
                  />
                )}
              />
            </Stack>
          </Paper>
          <Paper withBorder p="md" radius="md">
            <Stack gap={6}>
              <Text fw={600}>{t('files.form.file')}</Text>
              {existing && !stored && (
                <Group gap="sm">
                  <Anchor href={existing.downloadUrl} target="_blank" rel="noreferrer" size="sm" style={{ overflowWrap: 'anywhere' }}>
                    {existing.originalName}
                  </Anchor>
                  <Text size="xs" c="dimmed">
                    {fileSize(existing.size)}
                  </Text>
                </Group>
              )}
              <Uploader
                endpoint="/api/1.0/files"
                maxSizeMb={maxMb}
                pattern={pattern}
                accept={config.contentTypes.join(',')}
                hint={existing ? t('files.form.replaceHint', { max: maxMb }) : t('files.form.fileHint', { max: maxMb })}
                onUploaded={(id) => {
                  setFileError(null);
                  form.setValue('storedFileId', id, { shouldDirty: true });
                }}
                onRemoved={() => form.setValue('storedFileId', null)}
              />
              {fileError && (
                <Text size="sm" c="red" role="alert">
                  {fileError}
                </Text>
              )}
            </Stack>
          </Paper>
          <Group justify="flex-end">
            <Button type="submit" loading={create.inFlight || update.inFlight}>
              {existing ? t('files.form.save') : t('files.form.create')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Stack>
  );
}
