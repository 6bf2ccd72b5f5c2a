import { Anchor, Group, Paper, Select, Text } from '@mantine/core';
import { graphql, useLazyLoadQuery, useMutation } from 'react-relay';
import { useTranslation } from 'react-i18next';
import type { OnboardingModeQuery } from '../../__generated__/OnboardingModeQuery.graphql';
import type { OnboardingModeSetMutation } from '../../__generated__/OnboardingModeSetMutation.graphql';
import { notify } from '../../components/notify.js';
import { errorMessage } from '../../components/errors.js';

const query = graphql`
  query OnboardingModeQuery { neighborhood { id domain onboarding } }
`;

const setMode = graphql`
  mutation OnboardingModeSetMutation($input: SetOnboardingModeInput!) {
    setOnboardingMode(input: $input) { neighborhood { id onboarding } }
  }
`;

const MODES = ['CLOSED', 'PAUSED', 'REVIEW', 'SIGN_IN', 'SIGN_UP'] as const;

/** Public owner registration of the community (/onboarding/{domain}): closed, paused or open in one of its modes. */
export function OnboardingMode() {
  const { t } = useTranslation();
  const data = useLazyLoadQuery<OnboardingModeQuery>(query, {}, { fetchPolicy: 'store-or-network' });
  const [commit, inFlight] = useMutation<OnboardingModeSetMutation>(setMode);
  const community = data.neighborhood;
  if (!community) return null;
  const link = `${window.location.origin}/onboarding/${community.domain}`;

  const change = (mode: string | null) => {
    if (!mode || mode === community.onboarding) return;
    commit({
      variables: { input: { mode: mode as (typeof MODES)[number] } },
      onCompleted: () => notify('success', t('owners.onboarding.saved')),
      onError: () => notify('danger', errorMessage(null)),
    });
  };

  return (
    <Paper withBorder p="sm">
      <Group align="flex-end" wrap="wrap">
        <Select
          label={t('owners.onboarding.label')}
          data={MODES.map((m) => ({ value: m, label: t(`owners.onboarding.modes.${m}`) }))}
          value={community.onboarding}
          onChange={change}
          disabled={inFlight}
          allowDeselect={false}
          w={320}
        />
        {community.onboarding !== 'CLOSED' && (
          <Text size="sm">
            {t('owners.onboarding.link')}{' '}
            <Anchor href={link} target="_blank">
              {link}
            </Anchor>
          </Text>
        )}
      </Group>
    </Paper>
  );
}
