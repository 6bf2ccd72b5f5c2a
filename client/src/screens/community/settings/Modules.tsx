import { useEffect, useState } from 'react';
import { Alert, Badge, Button, Checkbox, Divider, Group, Paper, SimpleGrid, Stack, Text } from '@mantine/core';
import { graphql, usePreloadedQuery, useFragment } from 'react-relay';
import { useTranslation } from 'react-i18next';
import type { ModulesQuery } from '../../../__generated__/ModulesQuery.graphql';
import type { Modules_query$key } from '../../../__generated__/Modules_query.graphql';
import type { ModulesMutation } from '../../../__generated__/ModulesMutation.graphql';
import { MODULE_CATALOGUE, MODULES, type ModuleName, quoteModules, selectionChanged, TOS_REQUIRED, toggleModule } from '../../../../../core/modules.js';
import { formatDate, formatMinusPesos, formatPesos } from '../../../format.js';
import { useAppMutation } from '../../../components/mutations.js';
import { notify } from '../../../components/notify.js';
import { PageHeader } from '../../../components/PageHeader.js';
import type { ScreenProps } from '../../../router/screenRoute.js';

export const modulesQuery = graphql`
  query ModulesQuery {
    ...Modules_query
  }
`;

const modulesFragment = graphql`
  fragment Modules_query on Query {
    communityModules {
      id
      installed
      discounts { paidModules percentage }
      tosAcceptedAt
    }
  }
`;

const activateMutation = graphql`
  mutation ModulesMutation($input: UpdateCommunityModulesInput!) {
    updateCommunityModules(input: $input) {
      __typename
      ... on Error { code message }
      ... on InputError { issues { field message } }
      ... on MutationUpdateCommunityModulesSuccess { data { communityModules { id installed tosAcceptedAt } } }
    }
  }
`;

/** Set before the reload that applies new modules, so the page that comes back says they were activated. */
const ACTIVATED_FLAG = 'community:modules-activated';

/**
 * /neighborhood/settings/modules: tick the modules the community uses (unticking a master unticks its
 * dependants, ticking a dependant ticks its master), see the monthly price with the discount, accept
 * the terms and activate. The app reloads so the session's modules, menus and routes change.
 */
export default function Modules({ queryRef }: ScreenProps<ModulesQuery>) {
  const data = usePreloadedQuery<ModulesQuery>(modulesQuery, queryRef);
  return <ModulesView query={data} />;
}

function ModulesView({ query }: { query: Modules_query$key }) {
  const { t } = useTranslation();
  const { communityModules } = useFragment(modulesFragment, query);
  const installed = communityModules.installed as readonly ModuleName[];
  const [selection, setSelection] = useState<ModuleName[]>(() => [...installed]);
  const [tos, setTos] = useState(false);
  const [tosError, setTosError] = useState<string | null>(null);
  const [reloading, setReloading] = useState(false);
  const activate = useAppMutation<ModulesMutation>(activateMutation);
  const changed = selectionChanged(selection, installed);
  const quote = quoteModules(selection);

  useEffect(() => {
    if (sessionStorage.getItem(ACTIVATED_FLAG)) {
      sessionStorage.removeItem(ACTIVATED_FLAG);
      notify('success', t('community.modules.activated'));
    }
  }, [t]);

  const tick = (module: ModuleName, on: boolean) => setSelection((current) => toggleModule(current, module, on));

  const submit = async () => {
    if (!tos) {
      setTosError(TOS_REQUIRED);
      return;
    }
    const modules = MODULES.filter((m) => m !== 'BASE').map((m) => ({ module: m, active: selection.includes(m) }));
    const ok = await activate.run({ input: { modules, acceptTos: true } }, 'updateCommunityModules');
    if (ok) {
      setReloading(true);
      sessionStorage.setItem(ACTIVATED_FLAG, '1');
      window.location.reload();
    }
  };

  const discounts = communityModules.discounts.map((d) => t('community.modules.discountStep', { count: d.paidModules, percentage: d.percentage })).join('; ');

  return (
    <Stack maw={880}>
      <PageHeader title={t('community.modules.title')} description={t('community.modules.description')} />
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        {MODULES.map((module) => {
          const offer = MODULE_CATALOGUE[module];
          const on = selection.includes(module);
          const line = quote.lines.find((l) => l.module === module);
          const discounted = on && line && line.price !== offer.cost;
          return (
            <Paper key={module} withBorder p="md" radius="md" data-testid={`module-${module}`} bg={on ? 'var(--mantine-primary-color-light)' : undefined}>
              <Stack gap={6}>
                <Group justify="space-between" align="flex-start" wrap="nowrap">
                  <Checkbox
                    label={t(`community.modules.names.${module}`)}
                    checked={on}
                    disabled={module === 'BASE'}
                    onChange={(e) => tick(module, e.currentTarget.checked)}
                    styles={{ label: { fontWeight: 600 } }}
                  />
                  {module === 'BASE' ? (
                    <Badge variant="light" color="gray">
                      {t('community.modules.alwaysOn')}
                    </Badge>
                  ) : (
                    <Stack gap={0} align="flex-end">
                      <Text size="sm" fw={600} style={{ whiteSpace: 'nowrap' }}>
                        {t('community.modules.perMonth', { amount: formatPesos(on && line ? line.price : offer.cost) })}
                      </Text>
                      {discounted && (
                        <Text size="xs" c="dimmed" td="line-through">
                          {t('community.modules.costBefore', { amount: formatPesos(offer.cost) })}
                        </Text>
                      )}
                    </Stack>
                  )}
                </Group>
                <Text size="sm" c="dimmed">
                  {t(`community.modules.descriptions.${module}`)}
                </Text>
                {offer.master && (
                  <Badge variant="outline" color="gray" size="sm" w="fit-content">
                    {t('community.modules.requires', { module: t(`community.modules.names.${offer.master}`) })}
                  </Badge>
                )}
              </Stack>
            </Paper>
          );
        })}
      </SimpleGrid>

      <Paper withBorder p="md" radius="md" data-testid="modules-summary">
        <Stack gap="xs">
          <Text fw={600}>{t('community.modules.summary')}</Text>
          <Group justify="space-between">
            <Text size="sm">{t('community.modules.paidModules')}</Text>
            <Text size="sm">{quote.paidModules}</Text>
          </Group>
          <Group justify="space-between">
            <Text size="sm">{t('community.modules.subtotal')}</Text>
            <Text size="sm">{formatPesos(quote.subtotal)}</Text>
          </Group>
          <Group justify="space-between">
            <Text size="sm">{t('community.modules.discountPercent', { percentage: quote.percentage })}</Text>
            <Text size="sm">{formatMinusPesos(quote.discount)}</Text>
          </Group>
          <Divider />
          <Group justify="space-between">
            <Text fw={700}>{t('community.modules.total')}</Text>
            <Text fw={700} data-testid="modules-total">
              {formatPesos(quote.total)}
            </Text>
          </Group>
          <Text size="xs" c="dimmed">
            {t('community.modules.discountsHint', { list: discounts })}
          </Text>
        </Stack>
      </Paper>

      <Alert color={changed ? 'yellow' : 'gray'} variant="light">
        {changed ? t('community.modules.changed') : t('community.modules.unchanged')}
        {!changed && communityModules.tosAcceptedAt && ` ${t('community.modules.tosAcceptedAt', { date: formatDate(communityModules.tosAcceptedAt) })}`}
      </Alert>
      {changed && (
        <Checkbox
          label={t('community.modules.tos')}
          checked={tos}
          onChange={(e) => {
            setTos(e.currentTarget.checked);
            setTosError(null);
          }}
          error={tosError}
        />
      )}
      <Group>
        <Button onClick={submit} disabled={!changed} loading={activate.inFlight || reloading}>
          {t('community.modules.activate')}
        </Button>
        {changed && (
          <Button
            variant="default"
            onClick={() => {
              setSelection([...installed]);
              setTos(false);
              setTosError(null);
            }}
          >
            {t('community.modules.undo')}
          </Button>
        )}
      </Group>
    </Stack>
  );
}
