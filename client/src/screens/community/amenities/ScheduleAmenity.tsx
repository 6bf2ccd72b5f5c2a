import { useEffect } from 'react';
import { Alert, Badge, Group, Paper, Select, Stack, Text } from '@mantine/core';
import { graphql, usePreloadedQuery } from 'react-relay';
import { useParams, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { ScheduleAmenityQuery, ScheduleAmenityQuery$data } from '../../../__generated__/ScheduleAmenityQuery.graphql';
import { isCharged } from '../../../../../core/amenities.js';
import { EmptyState } from '../../../components/EmptyState.js';
import { PageHeader } from '../../../components/PageHeader.js';
import { useSession } from '../../../components/SessionProvider.js';
import { formatPesos } from '../../../format.js';
import type { ScreenProps, ScreenRoute } from '../../../router/screenRoute.js';
import { AmenityWeek } from './AmenityWeek.js';

export const scheduleAmenityQuery = graphql`
  query ScheduleAmenityQuery($houseId: ID, $houseNodeId: ID!, $admin: Boolean!, $amenityId: ID!, $withSlots: Boolean!, $from: String) {
    house: node(id: $houseNodeId) @include(if: $admin) { ... on House { databaseId label } }
    houseAmenities(houseId: $houseId) {
      amenityId
      databaseId
      name
      description
      fromTime
      toTime
      reservationUnit
      cost
      deposit
      ownersOnly
      scheduleAllowed
      scheduleRefusal
      availableFrom
      availableTo
    }
    ...AmenityWeek_query @arguments(houseId: $houseId, amenityId: $amenityId, withSlots: $withSlots, from: $from)
  }
`;

export type BookableAmenity = ScheduleAmenityQuery$data['houseAmenities'][number];

/**
 * /houses/schedule-amenity (the own house) and /houses/{idHouse}/schedule-amenity (the administration for a
 * house): choose an amenity (?amenity=), page its week of slots (?from=), pick slots in a row and confirm.
 */
export default function ScheduleAmenity({ queryRef, route }: ScreenProps<ScheduleAmenityQuery> & { route: ScreenRoute }) {
  const { t } = useTranslation();
  const data = usePreloadedQuery<ScheduleAmenityQuery>(scheduleAmenityQuery, queryRef);
  const { idHouse } = useParams();
  const { session } = useSession();
  const [search, setSearch] = useSearchParams();
  const amenities = data.houseAmenities;
  const chosenId = search.get('amenity');
  const chosen = amenities.find((a) => String(a.databaseId) === chosenId) ?? null;
  const houseLabel = idHouse ? (data.house?.label ?? idHouse) : (session.house?.label ?? null);
  const houseDatabaseId = idHouse ? Number(idHouse) : (session.house?.databaseId ?? null);
  const listPath = idHouse ? `/houses/${idHouse}/scheduled-amenities` : '/houses/scheduled-amenities';

  // No amenity chosen yet (or one no longer offered): the first one the house may book.
  const fallback = (amenities.find((a) => a.scheduleAllowed) ?? amenities[0])?.databaseId;
  useEffect(() => {
    if (!chosen && fallback != null) {
      const next = new URLSearchParams(search);
      next.set('amenity', String(fallback));
      next.delete('from');
      setSearch(next, { replace: true });
    }
  }, [chosen, fallback, search, setSearch]);

  const choose = (value: string | null) => {
    if (!value) return;
    const next = new URLSearchParams(search);
    next.set('amenity', value);
    next.delete('from');
    setSearch(next);
  };

  return (
    <Stack>
      <PageHeader
        title={idHouse && houseLabel ? t('amenityBookings.schedule.houseTitle', { house: houseLabel }) : t('amenityBookings.schedule.title')}
        description={t('amenityBookings.schedule.description')}
        secondary={{ label: t('amenityBookings.schedule.toList'), to: listPath }}
      />
      {amenities.length === 0 ? (
        <EmptyState title={t('amenityBookings.schedule.noAmenities')} hint={t('amenityBookings.schedule.noAmenitiesHint')} />
      ) : (
        <>
          <Select
            label={t('amenityBookings.schedule.amenity')}
            placeholder={t('amenityBookings.schedule.chooseAmenity')}
            data={amenities.map((a) => ({ value: String(a.databaseId), label: a.name }))}
            value={chosen ? String(chosen.databaseId) : null}
            onChange={choose}
            allowDeselect={false}
            searchable={amenities.length > 8}
            maw={{ sm: 420 }}
            comboboxProps={{ withinPortal: true }}
          />
          {chosen && <AmenityCard amenity={chosen} />}
          {chosen &&
            (chosen.scheduleAllowed ? (
              <AmenityWeek
                key={chosen.databaseId}
                query={data}
                amenity={chosen}
                route={route}
                houseId={idHouse ? Number(idHouse) : null}
                houseDatabaseId={houseDatabaseId}
                listPath={listPath}
              />
            ) : (
              <Alert color="yellow" title={t('amenityBookings.schedule.refused')} data-testid="schedule-refusal">
                {chosen.scheduleRefusal}
              </Alert>
            ))}
        </>
      )}
    </Stack>
  );
}

/** What the chosen amenity is: its hours, its price per hour or day, its deposit and who may book it. */
function AmenityCard({ amenity }: { amenity: BookableAmenity }) {
  const { t } = useTranslation();
  const cost = (amenity.cost as string | null) ?? null;
  const deposit = (amenity.deposit as string | null) ?? null;
  return (
    <Paper withBorder radius="md" p="sm" data-testid="amenity-card">
      <Stack gap={4}>
        <Group gap="xs" wrap="wrap">
          <Text fw={600}>{amenity.name}</Text>
          {amenity.ownersOnly && (
            <Badge variant="light" color="grape" size="sm" miw="max-content">
              {t('amenityBookings.schedule.ownersOnly')}
            </Badge>
          )}
        </Group>
        {amenity.description && (
          <Text size="sm" c="dimmed">
            {amenity.description}
          </Text>
        )}
        <Group gap="md" wrap="wrap">
          <Text size="sm">{t('amenityBookings.schedule.hours', { from: amenity.fromTime, to: amenity.toTime })}</Text>
          <Text size="sm">
            {cost && isCharged(cost)
              ? t('amenityBookings.schedule.perUnit', { amount: formatPesos(cost), unit: t(`amenities.per.${amenity.reservationUnit}`) })
              : t('amenityBookings.schedule.free')}
          </Text>
          {deposit && isCharged(deposit) && <Text size="sm">{t('amenityBookings.schedule.deposit', { amount: formatPesos(deposit) })}</Text>}
        </Group>
      </Stack>
    </Paper>
  );
}
