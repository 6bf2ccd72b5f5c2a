import { Suspense, useDeferredValue, useEffect, useState } from 'react';
import { Alert, Button, Group, Loader, Paper, Stack, Text, TextInput, Textarea } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { graphql, type PreloadedQuery, useFragment, usePreloadedQuery, useQueryLoader } from 'react-relay';
import { useTranslation } from 'react-i18next';
import type { SecurityVehicleCard_vehicle$key } from '../../../__generated__/SecurityVehicleCard_vehicle.graphql';
import type { SecurityVehiclesCommentMutation } from '../../../__generated__/SecurityVehiclesCommentMutation.graphql';
import type { SecurityVehiclesQuery } from '../../../__generated__/SecurityVehiclesQuery.graphql';
import type { SecurityVehiclesSearchQuery } from '../../../__generated__/SecurityVehiclesSearchQuery.graphql';
import { CommentSchema, PLATE_LOOKUP_MIN, plateKey, VEHICLE_MESSAGES } from '../../../../../core/vehicles.js';
import { useAppMutation } from '../../../components/mutations.js';
import { PageHeader } from '../../../components/PageHeader.js';
import type { ScreenProps } from '../../../router/screenRoute.js';
import { newIdempotencyKey } from '../../money/receivables/receipts/receiptTexts.js';
import { Comments } from './VehicleDetail.js';
import { VehicleStatusIcon } from './VehicleStatusIcon.js';

export const securityVehiclesQuery = graphql`
  query SecurityVehiclesQuery {
    vehicleSettings { restrictVehicles requiredVehicleTag requiredVehicleAuthorization }
  }
`;

const searchQuery = graphql`
  query SecurityVehiclesSearchQuery($plate: String!) {
    vehicleLookup(plate: $plate, first: 20) { id ...SecurityVehicleCard_vehicle }
  }
`;

const cardFragment = graphql`
  fragment SecurityVehicleCard_vehicle on Vehicle {
    id databaseId plate typeName stateName description houseLabel ownerName tagTypeName tagNumber status statusName icon canComment
    comments(first: 20) { databaseId comment createdAt userName }
  }
`;

const commentMutation = graphql`
  mutation SecurityVehiclesCommentMutation($input: AddVehicleCommentInput!) {
    addVehicleComment(input: $input) {
      __typename
      ... on Error { message }
      ... on InputError { issues { field message } }
      ... on MutationAddVehicleCommentSuccess {
        data { message vehicle { id comments(first: 20) { databaseId comment createdAt userName } } }
      }
    }
  }
`;

/** The guard types plates: results from 3 letters or digits, this long after the last key. */
export const PLATE_SEARCH_DELAY_MS = 150;

/**
 * /vehicle/security, the guard's plate lookup on a phone: a big box for the plates (results from 3 letters or
 * digits), each vehicle found with its house, owner, status and tag, the comments of security and the
 * administration, and a comment to add.
 */
export default function SecurityVehicles({ queryRef }: ScreenProps<SecurityVehiclesQuery>) {
  const { t } = useTranslation();
  const data = usePreloadedQuery<SecurityVehiclesQuery>(securityVehiclesQuery, queryRef);
  const [phrase, setPhrase] = useState('');
  const [typed] = useDebouncedValue(phrase.trim(), PLATE_SEARCH_DELAY_MS);
  const search = useDeferredValue(typed);
  const searchable = plateKey(search).length >= PLATE_LOOKUP_MIN;
  const [searchRef, loadSearch] = useQueryLoader<SecurityVehiclesSearchQuery>(searchQuery);
  useEffect(() => {
    if (searchable) loadSearch({ plate: search }, { fetchPolicy: 'store-and-network' });
  }, [search, searchable, loadSearch]);
  const rules = [
    data.vehicleSettings.restrictVehicles && t('dashboard.security.rules.restrictVehicles'),
    data.vehicleSettings.requiredVehicleTag && t('dashboard.security.rules.requiredVehicleTag'),
    data.vehicleSettings.requiredVehicleAuthorization && t('dashboard.security.rules.requiredVehicleAuthorization'),
  ].filter((rule): rule is string => !!rule);
  return (
    <Stack gap="md" maw={720}>
      <PageHeader title={t('vehicles.security.title')} description={t('vehicles.security.description')} />
      <TextInput
        size="lg"
        label={t('vehicles.security.search')}
        placeholder={t('vehicles.security.searchPlaceholder')}
        value={phrase}
        onChange={(e) => setPhrase(e.currentTarget.value.toUpperCase())}
        type="search"
        autoComplete="off"
        autoCapitalize="characters"
        autoFocus
        rightSection={typed !== search ? <Loader size="xs" /> : null}
        data-testid="plate-search"
        styles={{ input: { fontFamily: 'monospace', letterSpacing: 2, fontWeight: 700 } }}
      />
      {searchable ? (
        <Suspense fallback={<Loader size="sm" />}>{searchRef && <Results search={search} queryRef={searchRef} />}</Suspense>
      ) : (
        <Text size="sm" c="dimmed">
          {t('vehicles.security.searchHint')}
        </Text>
      )}
      {rules.length > 0 && !searchable && (
        <Alert color="blue" variant="light">
          <Stack gap={2}>
            {rules.map((rule) => (
              <Text key={rule} size="sm">
                {rule}
              </Text>
            ))}
          </Stack>
        </Alert>
      )}
    </Stack>
  );
}

function Results({ search, queryRef }: { search: string; queryRef: PreloadedQuery<SecurityVehiclesSearchQuery> }) {
  const { t } = useTranslation();
  const data = usePreloadedQuery<SecurityVehiclesSearchQuery>(searchQuery, queryRef);
  if (data.vehicleLookup.length === 0)
    return (
      <Text size="sm" c="dimmed" role="status">
        {t('vehicles.security.noResults', { search })}
      </Text>
    );
  return (
    <Stack gap="sm" data-testid="plate-results">
      {data.vehicleLookup.map((v) => (
        <VehicleCard key={v.id} vehicle={v} />
      ))}
    </Stack>
  );
}

function VehicleCard({ vehicle }: { vehicle: SecurityVehicleCard_vehicle$key }) {
  const { t } = useTranslation();
  const v = useFragment(cardFragment, vehicle);
  const add = useAppMutation<SecurityVehiclesCommentMutation>(commentMutation);
  const [comment, setComment] = useState('');
  const [error, setError] = useState<string | null>(null);
  const send = async () => {
    const parsed = CommentSchema.safeParse({ comment });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? VEHICLE_MESSAGES.commentRequired);
      return;
    }
    const done = await add.run({ input: { vehicleId: v.id, comment: parsed.data.comment, idempotencyKey: newIdempotencyKey() } }, 'addVehicleComment', {
      success: VEHICLE_MESSAGES.commentAdded,
      onTypedError: (failure) => setError(failure.issues?.[0]?.message ?? failure.message ?? ''),
    });
    if (done) setComment('');
  };
  const ok = v.status === 'ACTIVE';
  return (
    <Paper
      withBorder
      radius="md"
      p="md"
      data-testid={`plate-vehicle-${v.databaseId}`}
      style={{ borderLeft: `4px solid var(--mantine-color-${ok ? 'teal' : v.icon === 'banned' ? 'red' : 'yellow'}-6)` }}
    >
      <Stack gap="sm">
        <Group justify="space-between" wrap="wrap" gap="xs">
          <Text fz={26} fw={800} ff="monospace" style={{ letterSpacing: 2 }}>
            {v.plate}
          </Text>
          <VehicleStatusIcon icon={v.icon} label={v.statusName} />
        </Group>
        <Stack gap={2}>
          <Text size="md" fw={600}>
            {t('vehicles.detail.house')} {v.houseLabel}
            {v.ownerName ? ` · ${v.ownerName}` : ''}
          </Text>
          <Text size="sm" c="dimmed">
            {[v.description, v.typeName, v.stateName].filter(Boolean).join(' · ')}
          </Text>
          <Text size="sm" c="dimmed">
            {v.tagTypeName ?? t('vehicles.noTag')}
            {v.tagNumber ? ` · ${v.tagNumber}` : ''}
          </Text>
        </Stack>
        <Stack gap={6}>
          <Text size="sm" fw={600}>
            {t('vehicles.security.comments')}
          </Text>
          <Comments comments={v.comments} />
        </Stack>
        {v.canComment && (
          <Stack gap={6}>
            <Textarea
              aria-label={t('vehicles.security.comment')}
              placeholder={t('vehicles.security.commentPlaceholder')}
              autosize
              minRows={2}
              value={comment}
              onChange={(e) => {
                setComment(e.currentTarget.value);
                setError(null);
              }}
              error={error}
            />
            <Button onClick={send} loading={add.inFlight} fullWidth>
              {t('vehicles.security.comment')}
            </Button>
          </Stack>
        )}
      </Stack>
    </Paper>
  );
}
