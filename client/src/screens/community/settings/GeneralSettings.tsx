import { useMemo } from 'react';
import { Button, Checkbox, Grid, Group, Image, NumberInput, Paper, Select, SimpleGrid, Stack, Switch, Text, TextInput, Title } from '@mantine/core';
import { TimeInput } from '@mantine/dates';
import { Controller } from 'react-hook-form';
import { graphql, useFragment, usePreloadedQuery } from 'react-relay';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import type { GeneralSettingsQuery } from '../../../__generated__/GeneralSettingsQuery.graphql';
import type { GeneralSettings_settings$key } from '../../../__generated__/GeneralSettings_settings.graphql';
import type { GeneralSettingsMutation } from '../../../__generated__/GeneralSettingsMutation.graphql';
import {
  CommunityAddressSchema,
  CommunityBasicSchema,
  CommunityCollectingSchema,
  MovingAppointmentSchema,
  NEIGHBORHOOD_TYPES,
  STATES,
  type WEEKDAYS,
  WelcomeUrlSchema,
} from '../../../../../core/communitySettings.js';
import { field, fieldError, useZodForm } from '../../../components/forms.js';
import { useAppMutation } from '../../../components/mutations.js';
import { PageHeader } from '../../../components/PageHeader.js';
import { useSession } from '../../../components/SessionProvider.js';
import { Uploader } from '../../../components/Uploader.js';
import type { ScreenProps } from '../../../router/screenRoute.js';
import { QueryStringError } from './SettingsError.js';

export const generalSettingsQuery = graphql`
  query GeneralSettingsQuery {
    communitySettings { ...GeneralSettings_settings }
  }
`;

const settingsFragment = graphql`
  fragment GeneralSettings_settings on CommunitySettings {
    id
    name
    neighborhoodType
    domain
    urlLogo
    logoFileId
    address { street exteriorNumber interiorNumber colony city state postalCode country }
    moving { startDays endDays schedule { day allowed firstTime lastTime } }
    welcomeUrl
    requiredTotalAmountDebts
  }
`;

const saveMutation = graphql`
  mutation GeneralSettingsMutation($input: UpdateCommunitySettingsInput!) {
    updateCommunitySettings(input: $input) {
      __typename
      ... on Error { code message }
      ... on InputError { issues { field message } }
      ... on MutationUpdateCommunitySettingsSuccess {
        data {
          communitySettings { ...GeneralSettings_settings }
          neighborhood { id name domain neighborhoodType neighborhoodTypeName urlLogo }
          account { id label }
        }
      }
    }
  }
`;

const GeneralFormSchema = z.object({
  basic: CommunityBasicSchema,
  address: CommunityAddressSchema,
  moving: MovingAppointmentSchema,
  welcomeUrl: WelcomeUrlSchema,
  collecting: CommunityCollectingSchema,
});

const fileUrl = (id: string) => `/api/1.0/files/${id}`;

/** /neighborhood/settings/general: basic data with the logo, address, moving window, welcome page and (with COBRANZA) collecting. */
export default function GeneralSettings({ queryRef }: ScreenProps<GeneralSettingsQuery>) {
  const data = usePreloadedQuery<GeneralSettingsQuery>(generalSettingsQuery, queryRef);
  return <GeneralSettingsForm settings={data.communitySettings} />;
}

function GeneralSettingsForm({ settings: key }: { settings: GeneralSettings_settings$key }) {
  const { t } = useTranslation();
  const { session } = useSession();
  const settings = useFragment(settingsFragment, key);
  const collecting = session.activeModules.includes('COBRANZA');
  const defaultValues = useMemo(
    () => ({
      basic: {
        name: settings.name,
        neighborhoodType: settings.neighborhoodType as (typeof NEIGHBORHOOD_TYPES)[number],
        domain: settings.domain,
        logoFileId: settings.logoFileId,
      },
      address: {
        street: settings.address.street ?? '',
        exteriorNumber: settings.address.exteriorNumber ?? '',
        interiorNumber: settings.address.interiorNumber ?? '',
        colony: settings.address.colony ?? '',
        city: settings.address.city ?? '',
        state: settings.address.state ?? '',
        postalCode: settings.address.postalCode ?? '',
        country: settings.address.country,
      },
      moving: {
        startDays: settings.moving.startDays,
        endDays: settings.moving.endDays,
        schedule: settings.moving.schedule.map((d) => ({
          day: d.day as (typeof WEEKDAYS)[number],
          allowed: d.allowed,
          firstTime: d.firstTime ?? '',
          lastTime: d.lastTime ?? '',
        })),
      },
      welcomeUrl: settings.welcomeUrl ?? '',
      collecting: { requiredTotalAmountDebts: settings.requiredTotalAmountDebts },
    }),
    [settings],
  );
  const form = useZodForm(GeneralFormSchema, { defaultValues });
  const mutation = useAppMutation<GeneralSettingsMutation>(saveMutation);
  const logoFileId = form.watch('basic.logoFileId');
  const schedule = form.watch('moving.schedule');

  const save = form.handleSubmit(async (values) => {
    const input = {
      basic: { ...values.basic, logoFileId: values.basic.logoFileId ?? null },
      address: values.address,
      moving: values.moving,
      welcomeUrl: values.welcomeUrl ?? null,
      ...(collecting ? { collecting: values.collecting } : {}),
    };
    await mutation.run({ input }, 'updateCommunitySettings', { form, success: ['info', t('community.saved')] });
  });

  const dayCount = (name: 'moving.startDays' | 'moving.endDays', label: string) => (
    <Controller
      control={form.control}
      name={name}
      render={({ field: f }) => (
        <NumberInput
          label={label}
          description={t('community.general.daysSuffix')}
          min={0}
          max={365}
          allowDecimal={false}
          allowNegative={false}
          value={f.value ?? ''}
          onChange={(v) => f.onChange(v === '' ? null : v)}
          onBlur={f.onBlur}
          ref={f.ref}
          error={fieldError(form, name)}
        />
      )}
    />
  );

  return (
    <Stack maw={880}>
      <PageHeader title={t('community.general.title')} description={t('community.general.description')} />
      <QueryStringError />
      <form onSubmit={save} noValidate>
        <Stack>
          <Paper withBorder p="md" radius="md">
            <Stack>
              <Title order={3} size="h4">
                {t('community.general.basic')}
              </Title>
              <SimpleGrid cols={{ base: 1, sm: 2 }}>
                <TextInput label={t('community.general.name')} required {...field(form, 'basic.name')} />
                <Controller
                  control={form.control}
                  name="basic.neighborhoodType"
                  render={({ field: f }) => (
                    <Select
                      label={t('community.general.type')}
                      required
                      data={NEIGHBORHOOD_TYPES.map((type) => ({ value: type, label: t(`signUp.types.${type}`) }))}
                      value={f.value}
                      onChange={(v) => v && f.onChange(v)}
                      allowDeselect={false}
                      error={fieldError(form, 'basic.neighborhoodType')}
                    />
                  )}
                />
              </SimpleGrid>
              <TextInput label={t('community.general.domain')} description={t('community.general.domainHint')} required {...field(form, 'basic.domain')} />
              <Stack gap={6}>
                <Text size="sm" fw={500}>
                  {t('community.general.logo')}
                </Text>
                <Group align="center" gap="md">
                  {logoFileId ? (
                    <Image
                      src={fileUrl(logoFileId)}
                      alt={t('community.general.logoAlt')}
                      w={96}
                      h={96}
                      fit="contain"
                      radius="md"
                      bd="1px solid var(--mantine-color-gray-3)"
                    />
                  ) : (
                    <Paper w={96} h={96} radius="md" withBorder bg="gray.0" style={{ display: 'grid', placeItems: 'center' }}>
                      <Text size="xs" c="dimmed">
                        {t('community.general.noLogo')}
                      </Text>
                    </Paper>
                  )}
                  <Stack gap="xs">
                    <Uploader
                      endpoint="/api/1.0/files"
                      maxSizeMb={2}
                      pattern={/\.(png|jpe?g|webp)$/i}
                      accept="image/png,image/jpeg,image/webp"
                      hint={t('community.general.logoHint')}
                      onUploaded={(id) => form.setValue('basic.logoFileId', id, { shouldDirty: true })}
                    />
                    {logoFileId && (
                      <Button
                        variant="subtle"
                        color="red"
                        size="xs"
                        w="fit-content"
                        onClick={() => form.setValue('basic.logoFileId', null, { shouldDirty: true })}
                      >
                        {t('community.general.removeLogo')}
                      </Button>
                    )}
                    {!logoFileId && settings.logoFileId && (
                      <Text size="xs" c="orange">
                        {t('community.general.logoRemoved')}
                      </Text>
                    )}
                  </Stack>
                </Group>
                {fieldError(form, 'basic.logoFileId') && (
                  <Text size="sm" c="red" role="alert">
                    {fieldError(form, 'basic.logoFileId')}
                  </Text>
                )}
              </Stack>
            </Stack>
          </Paper>

          <Paper withBorder p="md" radius="md">
            <Stack>
              <div>
                <Title order={3} size="h4">
                  {t('community.general.address')}
                </Title>
                <Text size="sm" c="dimmed">
                  {t('community.general.addressHint')}
                </Text>
              </div>
              <TextInput label={t('community.general.street')} {...field(form, 'address.street')} />
              <SimpleGrid cols={{ base: 2, sm: 3 }}>
                <TextInput label={t('community.general.exteriorNumber')} {...field(form, 'address.exteriorNumber')} />
                <TextInput label={t('community.general.interiorNumber')} {...field(form, 'address.interiorNumber')} />
                <TextInput label={t('community.general.postalCode')} required inputMode="numeric" maxLength={5} {...field(form, 'address.postalCode')} />
              </SimpleGrid>
              <SimpleGrid cols={{ base: 1, sm: 2 }}>
                <TextInput label={t('community.general.colony')} {...field(form, 'address.colony')} />
                <TextInput label={t('community.general.city')} {...field(form, 'address.city')} />
                <Controller
                  control={form.control}
                  name="address.state"
                  render={({ field: f }) => (
                    <Select
                      label={t('community.general.state')}
                      data={STATES.map((s) => ({ value: s.code, label: s.name }))}
                      value={f.value || null}
                      onChange={(v) => f.onChange(v ?? '')}
                      searchable
                      clearable
                      error={fieldError(form, 'address.state')}
                    />
                  )}
                />
                <TextInput label={t('community.general.country')} {...field(form, 'address.country')} />
              </SimpleGrid>
            </Stack>
          </Paper>

          <Paper withBorder p="md" radius="md">
            <Stack>
              <div>
                <Title order={3} size="h4">
                  {t('community.general.moving')}
                </Title>
                <Text size="sm" c="dimmed">
                  {t('community.general.movingHint')}
                </Text>
              </div>
              <SimpleGrid cols={{ base: 1, xs: 2 }}>
                {dayCount('moving.startDays', t('community.general.startDays'))}
                {dayCount('moving.endDays', t('community.general.endDays'))}
              </SimpleGrid>
              <Stack gap="xs">
                {schedule.map((day, i) => {
                  const name = t(`community.weekdays.${day.day}`);
                  return (
                    <Grid
                      key={day.day}
                      align="flex-end"
                      gap="xs"
                      pb="xs"
                      data-testid={`moving-${day.day}`}
                      style={{ borderBottom: i < schedule.length - 1 ? '1px solid var(--mantine-color-gray-2)' : undefined }}
                    >
                      <Grid.Col span={{ base: 12, sm: 4 }}>
                        <Controller
                          control={form.control}
                          name={`moving.schedule.${i}.allowed`}
                          render={({ field: f }) => <Checkbox label={name} checked={!!f.value} onChange={(e) => f.onChange(e.currentTarget.checked)} mb={8} />}
                        />
                      </Grid.Col>
                      <Grid.Col span={{ base: 6, sm: 4 }}>
                        <TimeInput
                          label={t('community.general.from')}
                          aria-label={`${t('community.general.from')} ${name}`}
                          disabled={!day.allowed}
                          {...field(form, `moving.schedule.${i}.firstTime`)}
                        />
                      </Grid.Col>
                      <Grid.Col span={{ base: 6, sm: 4 }}>
                        <TimeInput
                          label={t('community.general.to')}
                          aria-label={`${t('community.general.to')} ${name}`}
                          disabled={!day.allowed}
                          {...field(form, `moving.schedule.${i}.lastTime`)}
                        />
                      </Grid.Col>
                    </Grid>
                  );
                })}
              </Stack>
            </Stack>
          </Paper>

          <Paper withBorder p="md" radius="md">
            <Stack>
              <Title order={3} size="h4">
                {t('community.general.welcome')}
              </Title>
              <TextInput
                label={t('community.general.welcomeUrl')}
                description={t('community.general.welcomeHint')}
                placeholder="https://"
                inputMode="url"
                {...field(form, 'welcomeUrl')}
              />
            </Stack>
          </Paper>

          {collecting && (
            <Paper withBorder p="md" radius="md" data-testid="collecting-section">
              <Stack>
                <Title order={3} size="h4">
                  {t('community.general.collecting')}
                </Title>
                <Controller
                  control={form.control}
                  name="collecting.requiredTotalAmountDebts"
                  render={({ field: f }) => (
                    <Switch
                      label={t('community.general.requiredTotalAmountDebts')}
                      description={t('community.general.requiredTotalAmountDebtsHint')}
                      checked={!!f.value}
                      onChange={(e) => f.onChange(e.currentTarget.checked)}
                    />
                  )}
                />
                <Text size="sm" c="dimmed">
                  {t('community.general.collectingLinks')}
                </Text>
              </Stack>
            </Paper>
          )}

          <Group>
            <Button type="submit" loading={mutation.inFlight}>
              {t('common.save')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Stack>
  );
}
