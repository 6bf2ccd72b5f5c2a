import { useEffect, useMemo, useState } from 'react';
import { ActionIcon, Button, Group, MultiSelect, Paper, SegmentedControl, Select, Stack, Switch, Text, Textarea, TextInput } from '@mantine/core';
import { Controller } from 'react-hook-form';
import { fetchQuery, graphql, usePreloadedQuery, useRelayEnvironment } from 'react-relay';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { PostFormCreateMutation } from '../../../__generated__/PostFormCreateMutation.graphql';
import type { PostFormHouseTypesQuery } from '../../../__generated__/PostFormHouseTypesQuery.graphql';
import type { PostFormQuery } from '../../../__generated__/PostFormQuery.graphql';
import { addDays } from '../../../../../core/amenitySlots.js';
import { FEED_MESSAGES, MAX_OPTIONS, MIN_OPTIONS, POST_PRIVACIES, POST_PRIVACY_NAMES, postFields } from '../../../../../core/feed.js';
import { todayIn } from '../../../../../core/receipts.js';
import { DateField } from '../../../components/DateField.js';
import { field, fieldError, useZodForm } from '../../../components/forms.js';
import { useAppMutation } from '../../../components/mutations.js';
import { PageHeader } from '../../../components/PageHeader.js';
import { useSession } from '../../../components/SessionProvider.js';
import { Uploader } from '../../../components/Uploader.js';
import { COMMUNITY_TIME_ZONE } from '../../../format.js';
import type { ScreenProps } from '../../../router/screenRoute.js';
import { newIdempotencyKey } from '../../money/receivables/receipts/receiptTexts.js';
import { withOption, withoutOption } from './feedTexts.js';

export const postFormQuery = graphql`
  query PostFormQuery {
    sharedFileUploadConfig { maxSize pattern contentTypes }
  }
`;

const houseTypesQuery = graphql`
  query PostFormHouseTypesQuery {
    postHouseTypes { databaseId title }
  }
`;

const createMutation = graphql`
  mutation PostFormCreateMutation($input: CreatePostInput!) {
    createPost(input: $input) {
      __typename
      ... on Error { code message }
      ... on InputError { issues { field message } }
      ... on MutationCreatePostSuccess { data { message post { id databaseId } } }
    }
  }
`;

/** Who may read the community's house types (the target of a post). */
/** Whoever publishes may target house types (postHouseTypes). */
const POST_CREATORS = ['APostsCreate', 'OPostsCreate', 'SPostsCreate', 'RPostsCreate'];
const MAX_ATTACHMENTS = 10;

/**
 * /post: a text or a poll (2 to 5 options) for everyone, owners, or (text) oneself; an optional last day after
 * tomorrow, comments on or off, the e-mail notice (APostsNotify), target house types, attachments and a video
 * link; validated with core/feed.ts as the server does.
 */
export default function PostForm({ queryRef }: ScreenProps<PostFormQuery>) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const environment = useRelayEnvironment();
  const { grants } = useSession();
  const data = usePreloadedQuery<PostFormQuery>(postFormQuery, queryRef);
  const config = data.sharedFileUploadConfig;
  const today = todayIn(COMMUNITY_TIME_ZONE);
  const schema = useMemo(() => postFields(today), [today]);
  const notifies = grants.has('APostsNotify');
  const form = useZodForm(schema, {
    defaultValues: {
      type: 'TEXT',
      text: '',
      privacy: 'NEIGHBORS',
      expiresAt: null,
      options: ['', ''],
      commentsEnabled: true,
      sendEmail: notifies,
      houseTypeIds: [],
      attachmentFileIds: [],
      videoUrl: '',
    },
  });
  const create = useAppMutation<PostFormCreateMutation>(createMutation);
  const type = form.watch('type') ?? 'TEXT';
  const options = form.watch('options') ?? ['', ''];
  const [houseTypes, setHouseTypes] = useState<{ value: string; label: string }[] | null>(null);
  const [slots, setSlots] = useState<{ key: number; id: string | null }[]>([{ key: 0, id: null }]);
  const mayTarget = POST_CREATORS.some((g) => grants.has(g));
  const maxMb = Math.max(1, Math.round(config.maxSize / (1024 * 1024)));
  const pattern = useMemo(() => {
    try {
      return new RegExp(config.pattern, 'i');
    } catch {
      return /\.(pdf|png|jpe?g|webp)$/i;
    }
  }, [config.pattern]);

  useEffect(() => {
    if (!mayTarget) return;
    const subscription = fetchQuery<PostFormHouseTypesQuery>(environment, houseTypesQuery, {}).subscribe({
      next: (answer) => setHouseTypes(answer.postHouseTypes.map((h) => ({ value: String(h.databaseId), label: h.title }))),
      error: () => setHouseTypes([]),
    });
    return () => subscription.unsubscribe();
  }, [environment, mayTarget]);

  useEffect(() => {
    form.setValue(
      'attachmentFileIds',
      slots.flatMap((s) => (s.id ? [s.id] : [])),
    );
  }, [slots, form]);

  const setOptions = (next: string[]) => form.setValue('options', next, { shouldDirty: true });
  const chooseType = (value: string) => {
    const next = value === 'POLL' ? 'POLL' : 'TEXT';
    form.setValue('type', next);
    if (next === 'POLL' && form.getValues('privacy') === 'ONLY_ME') form.setValue('privacy', 'NEIGHBORS');
  };

  const save = form.handleSubmit(async (values) => {
    const done = await create.run(
      {
        input: {
          type: values.type,
          text: values.text,
          privacy: values.privacy,
          expiresAt: values.expiresAt,
          options: values.type === 'POLL' ? values.options : null,
          commentsEnabled: values.commentsEnabled,
          sendEmail: notifies ? values.sendEmail : false,
          houseTypeIds: values.houseTypeIds,
          attachmentFileIds: values.attachmentFileIds,
          videoUrl: values.videoUrl,
          idempotencyKey: newIdempotencyKey(),
        },
      },
      'createPost',
      { form: form as never, success: FEED_MESSAGES.created },
    );
    if (done) navigate('/news');
  });

  const privacies = POST_PRIVACIES.filter((p) => type === 'TEXT' || p !== 'ONLY_ME');
  const optionsError = fieldError(form, 'options' as never);
  return (
    <Stack maw={720}>
      <PageHeader title={t('feed.form.title')} description={t('feed.form.description')} secondary={{ label: t('feed.form.back'), to: '/news' }} />
      <form onSubmit={save} noValidate>
        <Stack>
          <Paper withBorder p="md" radius="md">
            <Stack>
              <SegmentedControl
                value={type}
                onChange={chooseType}
                data={[
                  { value: 'TEXT', label: t('feed.form.text') },
                  { value: 'POLL', label: t('feed.form.poll') },
                ]}
                aria-label={t('feed.form.type')}
              />
              <Textarea
                label={type === 'POLL' ? t('feed.form.question') : t('feed.form.body')}
                placeholder={type === 'POLL' ? t('feed.form.questionPlaceholder') : t('feed.form.bodyPlaceholder')}
                required
                autosize
                minRows={type === 'POLL' ? 2 : 4}
                maxRows={14}
                {...field(form, 'text')}
              />
              {type === 'POLL' && (
                <Stack gap="xs">
                  <Text size="sm" fw={500}>
                    {t('feed.form.options')}
                  </Text>
                  {options.map((option, i) => (
                    // biome-ignore lint/suspicious/noArrayIndexKey: the options are positions
                    <Group key={i} gap="xs" wrap="nowrap">
                      <TextInput
                        style={{ flex: 1 }}
                        aria-label={t('feed.form.option', { n: i + 1 })}
                        placeholder={t('feed.form.option', { n: i + 1 })}
                        value={option}
                        onChange={(e) => setOptions(options.map((o, j) => (j === i ? e.currentTarget.value : o)))}
                      />
                      {options.length > MIN_OPTIONS && (
                        <ActionIcon
                          variant="subtle"
                          color="gray"
                          aria-label={t('feed.form.removeOption', { n: i + 1 })}
                          onClick={() => setOptions(withoutOption(options, i))}
                        >
                          ✕
                        </ActionIcon>
                      )}
                    </Group>
                  ))}
                  {optionsError && (
                    <Text size="xs" c="red" role="alert">
                      {optionsError}
                    </Text>
                  )}
                  {options.length < MAX_OPTIONS && (
                    <Group>
                      <Button size="compact-sm" variant="subtle" onClick={() => setOptions(withOption(options))}>
                        {t('feed.form.addOption')}
                      </Button>
                    </Group>
                  )}
                </Stack>
              )}
            </Stack>
          </Paper>
          <Paper withBorder p="md" radius="md">
            <Stack>
              <Text fw={600}>{t('feed.form.audience')}</Text>
              <Controller
                control={form.control}
                name="privacy"
                render={({ field: f }) => (
                  <Select
                    label={t('feed.form.privacy')}
                    data={privacies.map((p) => ({ value: p, label: POST_PRIVACY_NAMES[p] }))}
                    value={f.value ?? 'NEIGHBORS'}
                    onChange={(value) => f.onChange(value ?? 'NEIGHBORS')}
                    allowDeselect={false}
                    error={fieldError(form, 'privacy')}
                  />
                )}
              />
              {mayTarget && houseTypes && houseTypes.length > 0 && (
                <Controller
                  control={form.control}
                  name="houseTypeIds"
                  render={({ field: f }) => (
                    <MultiSelect
                      label={t('feed.form.houseTypes')}
                      description={t('feed.form.houseTypesHint')}
                      placeholder={(f.value ?? []).length ? undefined : t('feed.form.houseTypesAll')}
                      data={houseTypes}
                      value={(f.value ?? []).map(String)}
                      onChange={(value) => f.onChange(value.map(Number))}
                      clearable
                    />
                  )}
                />
              )}
              <Controller
                control={form.control}
                name="expiresAt"
                render={({ field: f }) => (
                  <DateField
                    label={t('feed.form.expiresAt')}
                    description={t('feed.form.expiresAtHint')}
                    placeholder={t('feed.form.noExpiry')}
                    minDate={addDays(today, 2)}
                    value={f.value || null}
                    onChange={(value) => f.onChange(value ? String(value).slice(0, 10) : null)}
                    error={fieldError(form, 'expiresAt')}
                  />
                )}
              />
              <Controller
                control={form.control}
                name="commentsEnabled"
                render={({ field: f }) => (
                  <Switch label={t('feed.form.commentsEnabled')} checked={f.value ?? true} onChange={(e) => f.onChange(e.currentTarget.checked)} />
                )}
              />
              {notifies && (
                <Controller
                  control={form.control}
                  name="sendEmail"
                  render={({ field: f }) => (
                    <Switch
                      label={t('feed.form.sendEmail')}
                      description={t('feed.form.sendEmailHint')}
                      checked={f.value ?? false}
                      onChange={(e) => f.onChange(e.currentTarget.checked)}
                    />
                  )}
                />
              )}
            </Stack>
          </Paper>
          <Paper withBorder p="md" radius="md">
            <Stack gap="sm">
              <Text fw={600}>{t('feed.form.extras')}</Text>
              <TextInput
                label={t('feed.form.videoUrl')}
                description={t('feed.form.videoUrlHint')}
                placeholder="https://www.youtube.com/watch?v=…"
                autoComplete="off"
                {...field(form, 'videoUrl')}
              />
              <Text size="sm" fw={500}>
                {t('feed.form.attachments')}
              </Text>
              {slots.map((slot) => (
                <Uploader
                  key={slot.key}
                  endpoint="/api/1.0/files"
                  maxSizeMb={maxMb}
                  pattern={pattern}
                  accept={config.contentTypes.join(',')}
                  hint={slot === slots[slots.length - 1] && !slot.id ? t('feed.form.attachmentsHint', { max: maxMb }) : undefined}
                  onUploaded={(id) =>
                    setSlots((shown) => {
                      const next = shown.map((s) => (s.key === slot.key ? { ...s, id } : s));
                      const last = next[next.length - 1];
                      return last?.id && next.length < MAX_ATTACHMENTS ? [...next, { key: slot.key + 1000, id: null }] : next;
                    })
                  }
                  onRemoved={() =>
                    setSlots((shown) => {
                      const next = shown.filter((s) => s.key !== slot.key);
                      return next.some((s) => !s.id) ? next : [...next, { key: slot.key + 2000, id: null }];
                    })
                  }
                />
              ))}
              {fieldError(form, 'attachmentFileIds') && (
                <Text size="xs" c="red" role="alert">
                  {fieldError(form, 'attachmentFileIds')}
                </Text>
              )}
            </Stack>
          </Paper>
          <Group justify="flex-end">
            <Button type="submit" loading={create.inFlight}>
              {t('feed.form.publish')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Stack>
  );
}
