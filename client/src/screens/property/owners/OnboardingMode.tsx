import { useId } from 'react';
import { Anchor, Group, Select, Text } from '@mantine/core';
import { graphql, useFragment } from 'react-relay';
import { Controller } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { OnboardingMode_neighborhood$key } from '../../../__generated__/OnboardingMode_neighborhood.graphql';
import type { OnboardingModeSetMutation } from '../../../__generated__/OnboardingModeSetMutation.graphql';
import { ONBOARDING_MODES, OnboardingModeSchema, type OnboardingModeValue } from '../../../../../core/houses.js';
import { fieldError, useZodForm } from '../../../components/forms.js';
import { useAppMutation } from '../../../components/mutations.js';

const neighborhoodFragment = graphql`
  fragment OnboardingMode_neighborhood on Neighborhood { id domain onboarding }
`;

const setMode = graphql`
  mutation OnboardingModeSetMutation($input: SetOnboardingModeInput!) {
    setOnboardingMode(input: $input) { neighborhood { id onboarding } }
  }
`;

/** Public owner registration of the community (/onboarding/{domain}): closed, paused or open in one of its modes. */
export function OnboardingMode({ neighborhood }: { neighborhood: OnboardingMode_neighborhood$key }) {
  const { t } = useTranslation();
  const community = useFragment(neighborhoodFragment, neighborhood);
  const form = useZodForm(OnboardingModeSchema, { values: { mode: community.onboarding as OnboardingModeValue } });
  const save = useAppMutation<OnboardingModeSetMutation>(setMode);
  const link = `${window.location.origin}/onboarding/${community.domain}`;
  const id = useId();

  const submit = form.handleSubmit(async ({ mode }) => {
    if (mode === community.onboarding) return;
    await save.run({ input: { mode } }, 'setOnboardingMode', { form, success: t('owners.onboarding.saved') });
  });

  return (
    <form onSubmit={submit} noValidate>
      <Group align="center" wrap="wrap" gap="xs">
        <Text component="label" htmlFor={id} size="sm" fw={500}>
          {t('owners.onboarding.label')}
        </Text>
        <Controller
          control={form.control}
          name="mode"
          render={({ field }) => (
            <Select
              id={id}
              size="xs"
              data={ONBOARDING_MODES.map((m) => ({ value: m, label: t(`owners.onboarding.modes.${m}`) }))}
              value={field.value}
              onChange={(value) => {
                field.onChange(value);
                void submit();
              }}
              error={fieldError(form, 'mode')}
              disabled={save.inFlight}
              allowDeselect={false}
              w={{ base: '100%', xs: 320 }}
            />
          )}
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
    </form>
  );
}
