import { useMemo, useState } from 'react';
import { Alert, Anchor, Button, Checkbox, Group, Image, Paper, SegmentedControl, SimpleGrid, Stack, Text, TextInput, Textarea } from '@mantine/core';
import { TimeInput } from '@mantine/dates';
import { Controller } from 'react-hook-form';
import { graphql, usePreloadedQuery } from 'react-relay';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { VisitorFormQuery, VisitorFormQuery$data } from '../../../__generated__/VisitorFormQuery.graphql';
import type { VisitorFormCreateMutation } from '../../../__generated__/VisitorFormCreateMutation.graphql';
import type { VisitorFormUpdateMutation } from '../../../__generated__/VisitorFormUpdateMutation.graphql';
import { DAY_SHORTCUTS, daysOf, VISIT_DAYS, VISITOR_MESSAGES, type VisitorFlags, type VisitorInput, visitorFields } from '../../../../../core/visitors.js';
import { DateField } from '../../../components/DateField.js';
import { field, fieldError, useZodForm } from '../../../components/forms.js';
import { useAppMutation } from '../../../components/mutations.js';
import { PageHeader } from '../../../components/PageHeader.js';
import { useSession } from '../../../components/SessionProvider.js';
import { Uploader } from '../../../components/Uploader.js';
import { COMMUNITY_TIME_ZONE } from '../../../format.js';
import { globalId } from '../../../relay/ids.js';
import type { ScreenProps, ScreenRoute } from '../../../router/screenRoute.js';
import { newIdempotencyKey } from '../../money/receivables/receipts/receiptTexts.js';
import { HouseSearch } from '../../property/owners/HouseSearch.js';
import { todayIn } from '../../../../../core/receipts.js';
import { clockOf, photoUrl } from './visitorTexts.js';

export const visitorFormQuery = graphql`
  query VisitorFormQuery($id: ID!, $edit: Boolean!) {
    visitorSettings { requireVehicleInfo emailRequired reasonRequired pictureRequired allowPermanent }
    visitor(visitorId: $id) @include(if: $edit) {
      __typename
      ... on Error { message }
      ... on QueryVisitorSuccess {
        data {
          id name email reason visitorType entranceType vehicle vehiclePlate badge photoFileId houseLabel
          entryDate entryHour entryMinute departureDate departureHour departureMinute
          monday tuesday wednesday thursday friday saturday sunday
        }
      }
    }
  }
`;

const createMutation = graphql`
  mutation VisitorFormCreateMutation($input: CreateVisitorInput!) {
    createVisitor(input: $input) {
      __typename
      ... on Error { code message }
      ... on InputError { issues { field message } }
      ... on MutationCreateVisitorSuccess { data { message visitor { id databaseId reference } } }
    }
  }
`;

const updateMutation = graphql`
  mutation VisitorFormUpdateMutation($input: UpdateVisitorInput!) {
    updateVisitor(input: $input) {
      __typename
      ... on Error { code message }
      ... on InputError { issues { field message } }
      ... on MutationUpdateVisitorSuccess { data { message visitor { id name email reason visitorType entranceType vehicle vehiclePlate badge photoFileId } } }
    }
  }
`;

type Kind = 'house' | 'community' | 'security';
type Existing = NonNullable<NonNullable<VisitorFormQuery$data['visitor']>['data']>;

const LIST_OF: Record<Kind, string> = { house: '/houses/visitors', community: '/neighborhood/visitors', security: '/security/visitors' };
/** Who may search the community's houses (searchHouses). */
const HOUSE_SEARCHERS = ['AHousesSearch', 'AHousesRead'];

/** Today in the community, YYYY-MM-DD. */
export function communityToday(at = new Date()): string {
  return todayIn(COMMUNITY_TIME_ZONE, at);
}

/**
 * /houses/visitors/form, /neighborhood/visitors/form, /security/visitors/form and the edit forms: a visitor,
 * validated with core/visitors.ts and the community's flags as the server does; the administration and
 * security choose the house (search from 2 characters) or the administration.
 */
export default function VisitorForm({ queryRef, route }: ScreenProps<VisitorFormQuery> & { route: ScreenRoute }) {
  const { t } = useTranslation();
  const data = usePreloadedQuery<VisitorFormQuery>(visitorFormQuery, queryRef);
  const kind: Kind = route.path.startsWith('/neighborhood') ? 'community' : route.path.startsWith('/security') ? 'security' : 'house';
  const existing = data.visitor?.data ?? null;
  if (queryRef.variables.edit && !existing) return <Alert color="yellow">{t('visitors.form.notFound')}</Alert>;
  return <Fields kind={kind} flags={data.visitorSettings} existing={existing} />;
}

function Fields({ kind, flags, existing }: { kind: Kind; flags: VisitorFlags; existing: Existing | null }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { grants } = useSession();
  const asAdmin = kind === 'community';
  const schema = useMemo(() => visitorFields(flags, asAdmin), [flags, asAdmin]);
  const mayPermanent = asAdmin || flags.allowPermanent;
  const form = useZodForm(schema, {
    defaultValues: existing
      ? {
          name: existing.name,
          email: existing.email ?? '',
          reason: existing.reason ?? '',
          visitorType: existing.visitorType === 'PERMANENT' ? 'PERMANENT' : 'OCCASIONAL',
          entranceType: existing.entranceType === 'DRIVING' ? 'DRIVING' : 'WALKING',
          vehicle: existing.vehicle ?? '',
          vehiclePlate: existing.vehiclePlate ?? '',
          badge: existing.badge ?? '',
          photoFileId: existing.photoFileId ?? null,
          entryDate: existing.entryDate,
          entryHour: existing.entryHour ?? null,
          entryMinute: existing.entryMinute ?? null,
          departureDate: existing.departureDate ?? null,
          departureHour: existing.departureHour ?? null,
          departureMinute: existing.departureMinute ?? null,
          ...Object.fromEntries(VISIT_DAYS.map((d) => [d, existing[d]])),
        }
      : {
          name: '',
          email: '',
          reason: '',
          visitorType: 'OCCASIONAL',
          entranceType: 'WALKING',
          vehicle: '',
          vehiclePlate: '',
          badge: '',
          photoFileId: null,
          entryDate: communityToday(),
          entryHour: null,
          entryMinute: null,
          departureDate: null,
          departureHour: null,
          departureMinute: null,
          ...daysOf('allDays'),
        },
  });
  const create = useAppMutation<VisitorFormCreateMutation>(createMutation);
  const update = useAppMutation<VisitorFormUpdateMutation>(updateMutation);
  const mayPickHouse = kind === 'community' || (kind === 'security' && grants.has('SecVisitorsCreate'));
  const [target, setTarget] = useState<'house' | 'administration'>(kind === 'community' || kind === 'security' ? 'house' : 'house');
  const [house, setHouse] = useState<{ databaseId: number; label: string } | null>(null);
  const [houseError, setHouseError] = useState<string | null>(null);
  const [photoChanged, setPhotoChanged] = useState(false);
  const entrance = form.watch('entranceType');
  const photo = form.watch('photoFileId');
  const choosesHouse = !existing && mayPickHouse;

  const save = form.handleSubmit(async (values) => {
    if (choosesHouse && target === 'house' && !house) {
      setHouseError(t('visitors.form.houseRequired'));
      return;
    }
    const fields = { ...values, idempotencyKey: newIdempotencyKey() };
    const options = { form: form as never };
    if (existing) {
      const done = await update.run({ input: { visitorId: existing.id, ...fields } }, 'updateVisitor', { ...options, success: VISITOR_MESSAGES.updated });
      if (done) navigate(LIST_OF[kind]);
      return;
    }
    const forHouse = choosesHouse && target === 'house' && house ? globalId('House', String(house.databaseId)) : null;
    const forAdministration = kind !== 'house' && !forHouse;
    const done = await create.run({ input: { ...fields, houseId: forHouse, forAdministration } }, 'createVisitor', {
      ...options,
      success: VISITOR_MESSAGES.created,
    });
    if (done) navigate(LIST_OF[kind]);
  });

  const timeField = (hour: 'entryHour' | 'departureHour', minute: 'entryMinute' | 'departureMinute', label: string) => (
    <Controller
      control={form.control}
      name={hour}
      render={({ field: f }) => (
        <TimeInput
          label={label}
          description={t('visitors.form.timeHint')}
          value={clockOf(f.value as number | null, form.getValues(minute) as number | null) ?? ''}
          onChange={(e) => {
            const [h, m] = e.currentTarget.value.split(':');
            const parsed = h ? Number(h) : null;
            f.onChange(parsed);
            form.setValue(minute, parsed == null ? null : Number(m ?? 0), { shouldDirty: true });
          }}
          onBlur={f.onBlur}
          ref={f.ref}
          error={fieldError(form, hour) ?? fieldError(form, minute)}
        />
      )}
    />
  );

  const title = existing ? t('visitors.form.editTitle') : kind === 'security' ? t('visitors.form.securityTitle') : t('visitors.form.createTitle');
  return (
    <Stack maw={760}>
      <PageHeader title={title} description={t('visitors.form.description')} secondary={{ label: t('visitors.form.back'), to: LIST_OF[kind] }} />
      <form onSubmit={save} noValidate>
        <Stack>
          {(choosesHouse || (kind === 'security' && !existing)) && (
            <Paper withBorder p="md" radius="md">
              <Stack gap="sm">
                <Text fw={600}>{t('visitors.form.for')}</Text>
                {choosesHouse ? (
                  <>
                    <SegmentedControl
                      value={target}
                      onChange={(v) => setTarget(v === 'administration' ? 'administration' : 'house')}
                      data={[
                        { value: 'house', label: t('visitors.form.forHouse') },
                        { value: 'administration', label: t('visitors.form.forAdministration') },
                      ]}
                      fullWidth
                    />
                    {target === 'house' &&
                      (house ? (
                        <Group gap="sm">
                          <Text size="sm" data-testid="visitor-house">
                            {t('visitors.form.houseChosen', { house: house.label })}
                          </Text>
                          <Anchor component="button" type="button" size="sm" onClick={() => setHouse(null)}>
                            {t('visitors.form.changeHouse')}
                          </Anchor>
                        </Group>
                      ) : (
                        <Stack gap={4}>
                          <HouseSearch
                            label={t('visitors.form.house')}
                            fullWidth
                            gate={kind === 'security' || !HOUSE_SEARCHERS.some((g) => grants.has(g))}
                            onPick={(h) => {
                              setHouse({ databaseId: h.databaseId, label: h.label });
                              setHouseError(null);
                            }}
                          />
                          <Text size="xs" c={houseError ? 'red' : 'dimmed'} role={houseError ? 'alert' : undefined}>
                            {houseError ?? t('visitors.form.houseHint')}
                          </Text>
                        </Stack>
                      ))}
                  </>
                ) : (
                  <Text size="sm" c="dimmed">
                    {t('visitors.form.noHouseSearch')}
                  </Text>
                )}
              </Stack>
            </Paper>
          )}
          {existing?.houseLabel && (
            <Text size="sm" c="dimmed">
              {t('visitors.form.houseChosen', { house: existing.houseLabel })}
            </Text>
          )}
          <Paper withBorder p="md" radius="md">
            <Stack>
              <Text fw={600}>{t('visitors.form.visitor')}</Text>
              <TextInput label={t('visitors.form.name')} required autoComplete="off" {...field(form, 'name')} />
              <TextInput
                label={t('visitors.form.email')}
                type="email"
                required={flags.emailRequired}
                description={t('visitors.form.emailHint')}
                autoComplete="off"
                {...field(form, 'email')}
              />
              <Textarea label={t('visitors.form.reason')} required={flags.reasonRequired} autosize minRows={1} maxRows={4} {...field(form, 'reason')} />
              {mayPermanent && (
                <Controller
                  control={form.control}
                  name="visitorType"
                  render={({ field: f }) => (
                    <Stack gap={4}>
                      <Text size="sm" fw={500}>
                        {t('visitors.form.visitorType')}
                      </Text>
                      <SegmentedControl
                        value={f.value ?? 'OCCASIONAL'}
                        onChange={f.onChange}
                        data={[
                          { value: 'OCCASIONAL', label: t('visitors.type.OCCASIONAL') },
                          { value: 'PERMANENT', label: t('visitors.type.PERMANENT') },
                        ]}
                        fullWidth
                      />
                    </Stack>
                  )}
                />
              )}
              <Controller
                control={form.control}
                name="entranceType"
                render={({ field: f }) => (
                  <Stack gap={4}>
                    <Text size="sm" fw={500}>
                      {t('visitors.form.entranceType')}
                    </Text>
                    <SegmentedControl
                      value={f.value ?? 'WALKING'}
                      onChange={(value) => {
                        f.onChange(value);
                        // Spec 3 section 5: arriving on foot clears the vehicle and its plates.
                        if (value === 'WALKING') {
                          form.setValue('vehicle', '');
                          form.setValue('vehiclePlate', '');
                          form.clearErrors(['vehicle', 'vehiclePlate']);
                        }
                      }}
                      data={[
                        { value: 'WALKING', label: t('visitors.entrance.WALKING') },
                        { value: 'DRIVING', label: t('visitors.entrance.DRIVING') },
                      ]}
                      fullWidth
                    />
                  </Stack>
                )}
              />
              {entrance === 'DRIVING' && (
                <SimpleGrid cols={{ base: 1, xs: 2 }}>
                  <TextInput
                    label={t('visitors.form.vehicle')}
                    placeholder={t('visitors.form.vehiclePlaceholder')}
                    required={flags.requireVehicleInfo}
                    {...field(form, 'vehicle')}
                  />
                  <TextInput label={t('visitors.form.vehiclePlate')} required={flags.requireVehicleInfo} {...field(form, 'vehiclePlate')} />
                </SimpleGrid>
              )}
              <TextInput label={t('visitors.form.badge')} {...field(form, 'badge')} />
              <Stack gap={4}>
                <Text size="sm" fw={500}>
                  {t('visitors.form.photo')}
                  {flags.pictureRequired && (
                    <Text span c="red">
                      {' *'}
                    </Text>
                  )}
                </Text>
                {photo && !photoChanged && existing?.photoFileId === photo && (
                  <Group gap="sm">
                    <Image src={photoUrl(photo)} alt={t('visitors.form.photoCurrent')} w={72} h={72} radius="sm" fit="cover" />
                    <Button size="compact-sm" variant="subtle" color="gray" onClick={() => form.setValue('photoFileId', null)}>
                      {t('visitors.form.photoRemove')}
                    </Button>
                  </Group>
                )}
                <Uploader
                  endpoint="/api/1.0/files"
                  maxSizeMb={10}
                  pattern={/\.(png|jpe?g|webp)$/i}
                  accept="image/png,image/jpeg,image/webp"
                  hint={t('visitors.form.photoHint')}
                  onUploaded={(id) => {
                    setPhotoChanged(true);
                    form.setValue('photoFileId', id, { shouldValidate: form.formState.isSubmitted });
                  }}
                  onRemoved={() => form.setValue('photoFileId', null)}
                />
                {fieldError(form, 'photoFileId') && (
                  <Text size="xs" c="red" role="alert">
                    {fieldError(form, 'photoFileId')}
                  </Text>
                )}
              </Stack>
            </Stack>
          </Paper>
          <Paper withBorder p="md" radius="md">
            <Stack>
              <Text fw={600}>{t('visitors.form.schedule')}</Text>
              <SimpleGrid cols={{ base: 1, xs: 2 }}>
                <Controller
                  control={form.control}
                  name="entryDate"
                  render={({ field: f }) => (
                    <DateField
                      label={t('visitors.form.entryDate')}
                      required
                      clearable={false}
                      value={f.value || null}
                      onChange={(value) => f.onChange(value ? String(value).slice(0, 10) : '')}
                      error={fieldError(form, 'entryDate')}
                    />
                  )}
                />
                {timeField('entryHour', 'entryMinute', t('visitors.form.entryTime'))}
                <Controller
                  control={form.control}
                  name="departureDate"
                  render={({ field: f }) => (
                    <DateField
                      label={t('visitors.form.departureDate')}
                      value={f.value || null}
                      onChange={(value) => f.onChange(value ? String(value).slice(0, 10) : null)}
                      error={fieldError(form, 'departureDate')}
                    />
                  )}
                />
                {timeField('departureHour', 'departureMinute', t('visitors.form.departureTime'))}
              </SimpleGrid>
              <Stack gap={6}>
                <Text size="sm" fw={500}>
                  {t('visitors.form.days')}
                </Text>
                <Group gap="xs" wrap="wrap">
                  {(Object.keys(DAY_SHORTCUTS) as (keyof typeof DAY_SHORTCUTS)[]).map((shortcut) => (
                    <Button
                      key={shortcut}
                      size="compact-sm"
                      variant="light"
                      onClick={() => {
                        const days = daysOf(shortcut);
                        for (const d of VISIT_DAYS) form.setValue(d, days[d], { shouldDirty: true });
                        form.clearErrors('monday');
                      }}
                    >
                      {t(`visitors.form.${shortcut}`)}
                    </Button>
                  ))}
                </Group>
                <Group gap="md" wrap="wrap">
                  {VISIT_DAYS.map((d) => (
                    <Controller
                      key={d}
                      control={form.control}
                      name={d}
                      render={({ field: f }) => (
                        <Checkbox label={t(`visitors.dayNames.${d}`)} checked={f.value !== false} onChange={(e) => f.onChange(e.currentTarget.checked)} />
                      )}
                    />
                  ))}
                </Group>
                {fieldError(form, 'monday') && (
                  <Text size="xs" c="red" role="alert">
                    {fieldError(form, 'monday')}
                  </Text>
                )}
              </Stack>
            </Stack>
          </Paper>
          <Group justify="flex-end">
            <Button type="submit" loading={create.inFlight || update.inFlight}>
              {existing ? t('visitors.form.save') : t('visitors.form.create')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Stack>
  );
}

export type { VisitorInput };
