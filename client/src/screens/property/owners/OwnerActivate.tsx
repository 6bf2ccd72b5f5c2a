import type { ReactNode } from 'react';
import { Alert, Anchor, Button, Group, List, Paper, SimpleGrid, Stack, Text, Textarea } from '@mantine/core';
import { Controller } from 'react-hook-form';
import { graphql, useFragment, usePreloadedQuery } from 'react-relay';
import { Link, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { OwnerActivateQuery } from '../../../__generated__/OwnerActivateQuery.graphql';
import type { OwnerActivate_house$key } from '../../../__generated__/OwnerActivate_house.graphql';
import type { OwnerActivateMutation } from '../../../__generated__/OwnerActivateMutation.graphql';
import { HOUSE_STATUS_LABELS, missingLocation, type HouseLocation, type HouseStatus } from '../../../../../core/houseRules.js';
import { ActivationSchema, BALANCE_REQUIRED, blankAsNull } from '../../../../../core/houses.js';
import { LOCATION_FLAGS, type LocationFlag } from '../../../../../core/houseTypes.js';
import { QuantityField } from '../../../components/QuantityField.js';
import { field, fieldError, useZodForm } from '../../../components/forms.js';
import { useAppMutation } from '../../../components/mutations.js';
import { PageHeader } from '../../../components/PageHeader.js';
import type { ScreenProps } from '../../../router/screenRoute.js';
import { ACTIVATABLE } from './HouseRow.js';
import { HouseStatusBadge } from '../../../components/StatusBadge.js';
import { personName } from '../../../../../core/houseLabel.js';

export const ownerActivateQuery = graphql`
  query OwnerActivateQuery($id: ID!) {
    node(id: $id) { ...OwnerActivate_house @alias }
  }
`;

const houseFragment = graphql`
  fragment OwnerActivate_house on House {
    id databaseId status label catastral block lot exteriorNumber interiorNumber dimension streetId condominiumId mallId
    streetName condominiumName mallName houseTypeName initialBalance balanceReason
    houseType { requireDimension requireCondominium requireBlock requireLot requireStreet requireExteriorNumber requireInteriorNumber requireMall }
    owner { firstName lastName email }
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

/** The activation form: the core schema with blank inputs as null, the balance required while the house has none. */
const activationForm = (balanceStated: boolean) =>
  ActivationSchema.extend({ initialBalance: blankAsNull(ActivationSchema.shape.initialBalance) }).refine(
    (values) => balanceStated || values.initialBalance !== null,
    { message: BALANCE_REQUIRED, path: ['initialBalance'] },
  );

/** /owners/active/{houseId}: the house, what it lacks, and its initial balance before it becomes ACTIVE. */
export default function OwnerActivate({ queryRef }: ScreenProps<OwnerActivateQuery>) {
  const { t } = useTranslation();
  const data = usePreloadedQuery<OwnerActivateQuery>(ownerActivateQuery, queryRef);
  const house = data.node?.OwnerActivate_house;
  if (!house) return <Alert color="yellow">{t('owners.notFound')}</Alert>;
  return <Activation house={house} />;
}

function Activation({ house: houseKey }: { house: OwnerActivate_house$key }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const house = useFragment(houseFragment, houseKey);
  const balanceStated = house.initialBalance != null;
  const form = useZodForm(activationForm(balanceStated), {
    defaultValues: { initialBalance: balanceStated ? String(house.initialBalance) : '', balanceReason: house.balanceReason ?? '' },
  });
  const activate = useAppMutation<OwnerActivateMutation>(activateMutation);

  const status = house.status as HouseStatus;
  const flags = house.houseType
    ? (Object.fromEntries(LOCATION_FLAGS.map((f) => [f, !!house.houseType![f as LocationFlag]])) as Record<LocationFlag, boolean>)
    : null;
  const missing = [
    ...(house.houseType ? [] : [t('owners.form.houseType')]),
    ...(house.owner ? [] : [t('owners.activate.owner')]),
    ...(flags ? missingLocation(house as unknown as HouseLocation, flags) : []),
  ];

  const submit = form.handleSubmit(async (values) => {
    const ok = await activate.run({ input: { id: house.id, ...values } }, 'activateHouse', { form, success: t('owners.activate.done') });
    if (ok) navigate('/owners');
  });

  const owner = house.owner ? personName(house.owner) : null;
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
      <PageHeader title={t('owners.activate.title', { label: house.label })} secondary={{ label: t('common.back'), to: '/owners' }} />
      <Paper withBorder p="md">
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <Summary label={t('owners.form.catastral')} value={house.catastral ?? '—'} />
          <Summary label={t('owners.columns.status')} value={<HouseStatusBadge status={status} />} />
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
          <form onSubmit={submit} noValidate>
            <Stack>
              <Controller
                control={form.control}
                name="initialBalance"
                render={({ field: input }) => (
                  <QuantityField
                    label={t('owners.form.initialBalance')}
                    description={t('owners.form.initialBalanceHint')}
                    withAsterisk={!balanceStated}
                    value={input.value ?? ''}
                    onValue={input.onChange}
                    onBlur={input.onBlur}
                    error={fieldError(form, 'initialBalance')}
                  />
                )}
              />
              <Textarea label={t('owners.form.balanceReason')} autosize minRows={2} {...field(form, 'balanceReason')} />
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

function Summary({ label, value }: { label: string; value: ReactNode }) {
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
