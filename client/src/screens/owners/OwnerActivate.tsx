import { useState } from 'react';
import { Alert, Anchor, Badge, Button, Group, List, Paper, SimpleGrid, Stack, Text, Textarea, Title } from '@mantine/core';
import { graphql, useLazyLoadQuery } from 'react-relay';
import { Link, useNavigate, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { OwnerActivateQuery } from '../../__generated__/OwnerActivateQuery.graphql';
import type { OwnerActivateMutation } from '../../__generated__/OwnerActivateMutation.graphql';
import { HOUSE_STATUS_LABELS, missingLocation, type HouseLocation, type HouseStatus } from '../../../../core/houseRules.js';
import { LOCATION_FLAGS, type LocationFlag } from '../../../../core/houseTypes.js';
import { QuantityField } from '../../components/QuantityField.js';
import { notify } from '../../components/notify.js';
import { issuesByField, useOutcomeMutation } from './outcome.js';

const query = graphql`
  query OwnerActivateQuery($id: ID!) {
    house: node(id: $id) {
      ... on House {
        id databaseId status label catastral block lot exteriorNumber interiorNumber dimension streetId condominiumId mallId
        streetName condominiumName mallName houseTypeName initialBalance balanceReason
        houseType { requireDimension requireCondominium requireBlock requireLot requireStreet requireExteriorNumber requireInteriorNumber requireMall }
        owner { firstName lastName email }
      }
    }
  }
`;

const activateMutation = graphql`
  mutation OwnerActivateMutation($input: ActivateHouseInput!) {
    activateHouse(input: $input) {
      __typename
      ... on Error { code message }
      ... on InputError { issues { field message } }
      ... on MutationActivateHouseSuccess { data { house { id status initialBalance } } }
    }
  }
`;

const ACTIVATABLE: readonly string[] = ['NEW', 'MISSING_BALANCE', 'INCOMPLETE'];

/** /owners/active/{houseId}: the house, what it lacks, and its initial balance before it becomes ACTIVE. */
export default function OwnerActivate() {
  const { houseId } = useParams();
  const { t } = useTranslation();
  const navigate = useNavigate();
  const data = useLazyLoadQuery<OwnerActivateQuery>(query, { id: btoa(`House:${houseId}`) }, { fetchPolicy: 'network-only' });
  const house = data.house;
  const [initialBalance, setInitialBalance] = useState(house?.initialBalance != null ? String(house.initialBalance) : '');
  const [balanceReason, setBalanceReason] = useState(house?.balanceReason ?? '');
  const [issues, setIssues] = useState<Record<string, string>>({});
  const [tried, setTried] = useState(false);
  const activate = useOutcomeMutation<OwnerActivateMutation>(activateMutation);
  if (!house || house.databaseId === undefined || house.id === undefined) return <Alert color="yellow">{t('owners.notFound')}</Alert>;

  const status = house.status as HouseStatus;
  const balanceStated = house.initialBalance != null;
  const flags = house.houseType
    ? (Object.fromEntries(LOCATION_FLAGS.map((f) => [f, !!house.houseType![f as LocationFlag]])) as Record<LocationFlag, boolean>)
    : null;
  const missing = [
    ...(house.houseType ? [] : [t('owners.form.houseType')]),
    ...(house.owner ? [] : [t('owners.activate.owner')]),
    ...(flags ? missingLocation(house as unknown as HouseLocation, flags) : []),
  ];
  const balanceError = tried && !balanceStated && initialBalance.trim() === '' ? t('owners.activate.balanceRequired') : (issues.initialBalance ?? null);

  const submit = async () => {
    setTried(true);
    if (!balanceStated && initialBalance.trim() === '') return;
    const outcome = await activate.run(
      { input: { id: house.id!, initialBalance: initialBalance.trim() || null, balanceReason: balanceReason.trim() || null } },
      'activateHouse',
    );
    if ('ok' in outcome) {
      notify('success', t('owners.activate.done'));
      navigate('/owners');
    } else if ('failed' in outcome) {
      setIssues(issuesByField(outcome.failed));
      notify('danger', outcome.failed.message ?? '');
    }
  };

  const owner = house.owner ? [house.owner.firstName, house.owner.lastName].filter(Boolean).join(' ') : null;
  const location = [
    house.streetName && `${house.streetName} ${house.exteriorNumber ?? ''}`.trim(),
    house.interiorNumber && t('owners.activate.interior', { value: house.interiorNumber }),
    house.block && t('owners.activate.block', { value: house.block }),
    house.lot && t('owners.activate.lot', { value: house.lot }),
    house.condominiumName,
    house.mallName,
  ].filter(Boolean);

  return (
    <Stack maw={720}>
      <Title order={2}>{t('owners.activate.title', { label: house.label })}</Title>
      <Paper withBorder p="md">
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <Summary label={t('owners.form.catastral')} value={house.catastral ?? '—'} />
          <Summary label={t('owners.columns.status')} value={<Badge variant="light">{HOUSE_STATUS_LABELS[status]}</Badge>} />
          <Summary label={t('owners.form.houseType')} value={house.houseTypeName ?? '—'} />
          <Summary label={t('owners.activate.location')} value={location.join(', ') || '—'} />
          <Summary label={t('owners.activate.owner')} value={owner ? `${owner} <${house.owner!.email}>` : '—'} />
          <Summary label={t('owners.form.initialBalance')} value={balanceStated ? String(house.initialBalance) : t('owners.activate.balanceMissing')} />
        </SimpleGrid>
      </Paper>
      {!ACTIVATABLE.includes(status) ? (
        <Alert color="blue">{t('owners.activate.notPending', { status: HOUSE_STATUS_LABELS[status] })}</Alert>
      ) : (
        <>
          {missing.length > 0 && (
            <Alert color="yellow" title={t('owners.activate.missingTitle')}>
              <List size="sm">
                {missing.map((m) => (
                  <List.Item key={m}>{m}</List.Item>
                ))}
              </List>
              <Anchor component={Link} to={`/owners/edit/${house.databaseId}`} size="sm" mt="xs" display="inline-block">
                {t('owners.activate.completeData')}
              </Anchor>
            </Alert>
          )}
          <form
            onSubmit={(e) => {
              e.preventDefault();
              void submit();
            }}
          >
            <Stack>
              <QuantityField
                label={t('owners.form.initialBalance')}
                description={t('owners.form.initialBalanceHint')}
                withAsterisk={!balanceStated}
                value={initialBalance}
                onValue={setInitialBalance}
                error={balanceError}
              />
              <Textarea
                label={t('owners.form.balanceReason')}
                autosize
                minRows={2}
                value={balanceReason}
                onChange={(e) => setBalanceReason(e.currentTarget.value)}
                error={issues.balanceReason}
              />
              <Group>
                <Button type="submit" loading={activate.inFlight} disabled={missing.length > 0}>
                  {t('owners.actions.activate')}
                </Button>
                <Button variant="default" component={Link} to="/owners">
                  {t('common.cancel')}
                </Button>
              </Group>
            </Stack>
          </form>
        </>
      )}
    </Stack>
  );
}

function Summary({ label, value }: { label: string; value: React.ReactNode }) {
  return (
    <div>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text size="sm" component="div">
        {value}
      </Text>
    </div>
  );
}
