import { useCallback, useState, useTransition } from 'react';
import { Alert, Badge, Button, Group, Modal, Paper, Stack, Text, useMatches } from '@mantine/core';
import { graphql, usePreloadedQuery, useRefetchableFragment } from 'react-relay';
import { useTranslation } from 'react-i18next';
import type { HouseCardsQuery } from '../../../../__generated__/HouseCardsQuery.graphql';
import type { HouseCards_query$key, HouseCards_query$data } from '../../../../__generated__/HouseCards_query.graphql';
import type { HouseCardsDeleteMutation } from '../../../../__generated__/HouseCardsDeleteMutation.graphql';
import type { HouseCardsSubscribeMutation } from '../../../../__generated__/HouseCardsSubscribeMutation.graphql';
import type { HouseCardsUnsubscribeMutation } from '../../../../__generated__/HouseCardsUnsubscribeMutation.graphql';
import { EmptyState } from '../../../../components/EmptyState.js';
import { useAppMutation } from '../../../../components/mutations.js';
import { PageHeader } from '../../../../components/PageHeader.js';
import { useSession } from '../../../../components/SessionProvider.js';
import type { ScreenProps } from '../../../../router/screenRoute.js';
import { brandName } from './payParts.js';
import { groupMasked, lastFour } from './payForm.js';

export const houseCardsQuery = graphql`
  query HouseCardsQuery {
    ...HouseCards_query
  }
`;

const cardsFragment = graphql`
  fragment HouseCards_query on Query @refetchable(queryName: "HouseCardsRefetchQuery") {
    houseCards {
      recurrentChargeAllowed recurrentChargeAdvice
      cards { id cardNumber brand cardType holderName expirationMonth expirationYear automaticCharge }
    }
  }
`;

const deleteMutation = graphql`
  mutation HouseCardsDeleteMutation($input: DeleteSavedCardInput!) {
    deleteSavedCard(input: $input) {
      __typename
      ... on Error { code message }
      ... on MutationDeleteSavedCardSuccess { data { message deletedId } }
    }
  }
`;
const subscribeMutation = graphql`
  mutation HouseCardsSubscribeMutation($input: SubscribeCardAutomaticChargeInput!) {
    subscribeCardAutomaticCharge(input: $input) {
      __typename
      ... on Error { code message }
      ... on InputError { issues { field message } }
      ... on MutationSubscribeCardAutomaticChargeSuccess { data { message card { id automaticCharge } } }
    }
  }
`;
const unsubscribeMutation = graphql`
  mutation HouseCardsUnsubscribeMutation($input: UnsubscribeCardAutomaticChargeInput!) {
    unsubscribeCardAutomaticCharge(input: $input) {
      __typename
      ... on Error { code message }
      ... on MutationUnsubscribeCardAutomaticChargeSuccess { data { message card { id automaticCharge } } }
    }
  }
`;

type Card = HouseCards_query$data['houseCards']['cards'][number];
type Confirm = { kind: 'delete' | 'subscribe' | 'unsubscribe'; card: Card } | null;

/**
 * /houses/cards (spec 1 sections 2, 4, 7): the own house's saved cards — masked number, brand, type,
 * automatic charge — with deletion and automatic charge on or off, each confirmed first; subscribing
 * shows the community's advice, and its confirm button is the payer's authorization.
 */
export default function HouseCards({ queryRef }: ScreenProps<HouseCardsQuery>) {
  const { t } = useTranslation();
  const { grants } = useSession();
  const query = usePreloadedQuery<HouseCardsQuery>(houseCardsQuery, queryRef);
  const [data, refetch] = useRefetchableFragment(cardsFragment, query as HouseCards_query$key);
  const [reloading, startTransition] = useTransition();
  const [confirm, setConfirm] = useState<Confirm>(null);
  const phone = useMatches({ base: true, sm: false });
  const remove = useAppMutation<HouseCardsDeleteMutation>(deleteMutation);
  const subscribe = useAppMutation<HouseCardsSubscribeMutation>(subscribeMutation);
  const unsubscribe = useAppMutation<HouseCardsUnsubscribeMutation>(unsubscribeMutation);
  const { cards, recurrentChargeAllowed, recurrentChargeAdvice } = data.houseCards;
  const mayUpdate = grants.has('OCardsUpdate') || grants.has('SCardsUpdate');
  const mayDelete = grants.has('OCardsDelete') || grants.has('SCardsDelete');
  const reload = useCallback(
    () =>
      startTransition(() => {
        refetch({}, { fetchPolicy: 'network-only' });
      }),
    [refetch],
  );
  const label = (card: Card) => t('payments.pay.cardLabel', { brand: brandName(t, card.brand), last: lastFour(card.cardNumber) });
  const other = cards.find((c) => c.automaticCharge && c.id !== confirm?.card.id) ?? null;

  const open = (kind: NonNullable<Confirm>['kind'], card: Card) => setConfirm({ kind, card });
  const run = async () => {
    if (!confirm) return;
    const input = { cardId: confirm.card.id };
    await (confirm.kind === 'delete'
      ? remove.run({ input }, 'deleteSavedCard', { success: (r) => r.data.message })
      : confirm.kind === 'subscribe'
        ? subscribe.run({ input: { ...input, authorize: true } }, 'subscribeCardAutomaticCharge', { success: (r) => r.data.message })
        : unsubscribe.run({ input }, 'unsubscribeCardAutomaticCharge', { success: (r) => r.data.message }));
    setConfirm(null);
    // Also after a failure: the list shows what the server has now (a card deleted elsewhere).
    reload();
  };
  const inFlight = remove.inFlight || subscribe.inFlight || unsubscribe.inFlight;

  return (
    <Stack maw={880} style={{ opacity: reloading ? 0.6 : 1 }}>
      <PageHeader title={t('payments.cards.title')} description={t('payments.cards.description')} />
      {!recurrentChargeAllowed && cards.length > 0 && <Alert color="gray">{t('payments.cards.notAllowed')}</Alert>}
      {cards.length === 0 ? (
        <EmptyState
          title={t('payments.cards.empty')}
          hint={t('payments.cards.emptyHint')}
          action={{ label: t('payments.cards.emptyAction'), to: '/houses/receipts' }}
        />
      ) : (
        <Stack gap="sm" component="ul" p={0} m={0} style={{ listStyle: 'none' }} aria-label={t('payments.cards.title')}>
          {cards.map((card) => (
            <Paper key={card.id} withBorder radius="md" p="md" component="li" aria-label={label(card)} data-testid="saved-card">
              <Group justify="space-between" align="center" wrap="wrap" gap="sm">
                <Stack gap={4} miw={0}>
                  <Group gap="xs" wrap="wrap">
                    <Text fw={600}>{brandName(t, card.brand)}</Text>
                    <Badge variant="outline" color="gray" size="sm">
                      {t(`payments.cards.type.${card.cardType}`, { defaultValue: card.cardType })}
                    </Badge>
                    {card.automaticCharge && (
                      <Badge color="teal" variant="light" size="sm" data-testid="automatic-badge">
                        {t('payments.cards.automatic')}
                      </Badge>
                    )}
                  </Group>
                  <Text ff="monospace" size="md" style={{ letterSpacing: 1 }} data-testid="card-number">
                    {groupMasked(card.cardNumber)}
                  </Text>
                  <Text size="xs" c="dimmed">
                    {card.holderName} · {t('payments.cards.expires', { month: card.expirationMonth, year: card.expirationYear })}
                  </Text>
                </Stack>
                <Group gap="xs" wrap="wrap">
                  {mayUpdate &&
                    recurrentChargeAllowed &&
                    (card.automaticCharge ? (
                      <Button variant="default" size="xs" onClick={() => open('unsubscribe', card)}>
                        {t('payments.cards.unsubscribe')}
                      </Button>
                    ) : (
                      <Button variant="light" size="xs" onClick={() => open('subscribe', card)}>
                        {t('payments.cards.subscribe')}
                      </Button>
                    ))}
                  {mayDelete && (
                    <Button variant="subtle" color="red" size="xs" onClick={() => open('delete', card)}>
                      {t('payments.cards.delete')}
                    </Button>
                  )}
                </Group>
              </Group>
            </Paper>
          ))}
        </Stack>
      )}
      <Modal
        opened={!!confirm}
        onClose={() => setConfirm(null)}
        fullScreen={phone}
        title={
          confirm?.kind === 'delete'
            ? t('payments.cards.confirmDeleteTitle')
            : confirm?.kind === 'subscribe'
              ? t('payments.cards.confirmSubscribeTitle')
              : t('payments.cards.confirmUnsubscribeTitle')
        }
      >
        {confirm && (
          <Stack>
            {confirm.kind === 'delete' && (
              <>
                <Text size="sm">{t('payments.cards.confirmDelete', { card: label(confirm.card) })}</Text>
                {confirm.card.automaticCharge && (
                  <Alert color="yellow" p="xs">
                    {t('payments.cards.confirmDeleteAutomatic')}
                  </Alert>
                )}
              </>
            )}
            {confirm.kind === 'subscribe' && (
              <>
                <Text size="sm">{recurrentChargeAdvice}</Text>
                {other && <Text size="sm">{t('payments.cards.confirmSubscribeOther', { card: label(other) })}</Text>}
                <Text size="sm" fw={500}>
                  {t('payments.cards.authorize', { card: label(confirm.card) })}
                </Text>
              </>
            )}
            {confirm.kind === 'unsubscribe' && <Text size="sm">{t('payments.cards.confirmUnsubscribe', { card: label(confirm.card) })}</Text>}
            <Group justify="flex-end">
              <Button variant="default" onClick={() => setConfirm(null)}>
                {t('payments.cards.cancel')}
              </Button>
              <Button color={confirm.kind === 'delete' ? 'red' : undefined} loading={inFlight} onClick={() => void run()}>
                {confirm.kind === 'delete'
                  ? t('payments.cards.delete')
                  : confirm.kind === 'subscribe'
                    ? t('payments.cards.confirmSubscribe')
                    : t('payments.cards.unsubscribe')}
              </Button>
            </Group>
          </Stack>
        )}
      </Modal>
    </Stack>
  );
}
