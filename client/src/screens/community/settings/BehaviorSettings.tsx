import { Alert, Button, Group, Paper, Stack, Switch, Title } from '@mantine/core';
import { Controller } from 'react-hook-form';
import { graphql, useFragment, usePreloadedQuery } from 'react-relay';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import type { BehaviorSettingsQuery } from '../../../__generated__/BehaviorSettingsQuery.graphql';
import type { BehaviorSettings_settings$key } from '../../../__generated__/BehaviorSettings_settings.graphql';
import type { BehaviorSettingsMutation } from '../../../__generated__/BehaviorSettingsMutation.graphql';
import { type BehaviorFlag, VEHICLE_FLAGS, VISITOR_FLAGS } from '../../../../../core/communitySettings.js';
import { useZodForm } from '../../../components/forms.js';
import { useAppMutation } from '../../../components/mutations.js';
import { PageHeader } from '../../../components/PageHeader.js';
import { useSession } from '../../../components/SessionProvider.js';
import type { ScreenProps } from '../../../router/screenRoute.js';
import { QueryStringError } from './SettingsError.js';

export const behaviorSettingsQuery = graphql`
  query BehaviorSettingsQuery {
    communitySettings { ...BehaviorSettings_settings }
  }
`;

const settingsFragment = graphql`
  fragment BehaviorSettings_settings on CommunitySettings {
    id
    behavior {
      visitorRequireVehicleInfo visitorEmailRequired visitorReasonRequired visitorPictureRequired visitorAllowPermanent visitorAllowAdminSeeAll visitorArrivalEmail
      requiredVehicleRevision requiredVehicleTag requiredVehicleAuthorization restrictVehicles
    }
  }
`;

const saveMutation = graphql`
  mutation BehaviorSettingsMutation($input: UpdateCommunitySettingsInput!) {
    updateCommunitySettings(input: $input) {
      __typename
      ... on Error { code message }
      ... on InputError { issues { field message } }
      ... on MutationUpdateCommunitySettingsSuccess { data { communitySettings { ...BehaviorSettings_settings } } }
    }
  }
`;

const FLAGS = [...VISITOR_FLAGS, ...VEHICLE_FLAGS] as const;
const BehaviorFormSchema = z.object({ behavior: z.object(Object.fromEntries(FLAGS.map((f) => [f, z.boolean()])) as Record<BehaviorFlag, z.ZodBoolean>) });

/** /neighborhood/settings/behavior: what registering visitors and vehicles requires in the community. */
export default function BehaviorSettings({ queryRef }: ScreenProps<BehaviorSettingsQuery>) {
  const data = usePreloadedQuery<BehaviorSettingsQuery>(behaviorSettingsQuery, queryRef);
  return <BehaviorForm settings={data.communitySettings} />;
}

function BehaviorForm({ settings: key }: { settings: BehaviorSettings_settings$key }) {
  const { t } = useTranslation();
  const { session } = useSession();
  const settings = useFragment(settingsFragment, key);
  const form = useZodForm(BehaviorFormSchema, { defaultValues: { behavior: { ...settings.behavior } } });
  const mutation = useAppMutation<BehaviorSettingsMutation>(saveMutation);

  const save = form.handleSubmit(async (values) => {
    await mutation.run({ input: { behavior: values.behavior } }, 'updateCommunitySettings', { form, success: ['info', t('community.saved')] });
  });

  const group = (title: string, flags: readonly BehaviorFlag[], module: 'VISITAS' | 'ACCESO_VEHICULAR') => (
    <Paper withBorder p="md" radius="md">
      <Stack>
        <Title order={3} size="h4">
          {title}
        </Title>
        {!session.activeModules.includes(module) && (
          <Alert color="gray" variant="light">
            {t('community.behavior.moduleOff', { module: t(`community.modules.names.${module}`) })}
          </Alert>
        )}
        {flags.map((flag) => (
          <Controller
            key={flag}
            control={form.control}
            name={`behavior.${flag}`}
            render={({ field: f }) => (
              <Switch label={t(`community.behavior.flags.${flag}`)} checked={!!f.value} onChange={(e) => f.onChange(e.currentTarget.checked)} />
            )}
          />
        ))}
      </Stack>
    </Paper>
  );

  return (
    <Stack maw={720}>
      <PageHeader title={t('community.behavior.title')} description={t('community.behavior.description')} />
      <QueryStringError />
      <form onSubmit={save} noValidate>
        <Stack>
          {group(t('community.behavior.visitors'), VISITOR_FLAGS, 'VISITAS')}
          {group(t('community.behavior.vehicles'), VEHICLE_FLAGS, 'ACCESO_VEHICULAR')}
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
