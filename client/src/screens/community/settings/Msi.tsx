import { Button, Group, Paper, Stack } from '@mantine/core';
import { Controller } from 'react-hook-form';
import { graphql, useFragment, usePreloadedQuery } from 'react-relay';
import { useTranslation } from 'react-i18next';
import type { MsiQuery } from '../../../__generated__/MsiQuery.graphql';
import type { Msi_settings$key } from '../../../__generated__/Msi_settings.graphql';
import type { MsiMutation } from '../../../__generated__/MsiMutation.graphql';
import { MsiSettingsSchema } from '../../../../../core/msi.js';
import { formatPesos } from '../../../format.js';
import { fieldError, useZodForm } from '../../../components/forms.js';
import { useAppMutation } from '../../../components/mutations.js';
import { PageHeader } from '../../../components/PageHeader.js';
import { QuantityField } from '../../../components/QuantityField.js';
import { useSession } from '../../../components/SessionProvider.js';
import type { ScreenProps } from '../../../router/screenRoute.js';

export const msiQuery = graphql`
  query MsiQuery {
    msiSettings { ...Msi_settings }
  }
`;

const settingsFragment = graphql`
  fragment Msi_settings on MsiSettings {
    id
    months { months minimum boundary }
  }
`;

const saveMutation = graphql`
  mutation MsiMutation($input: UpdateMsiSettingsInput!) {
    updateMsiSettings(input: $input) {
      __typename
      ... on Error { code message }
      ... on InputError { issues { field message } }
      ... on MutationUpdateMsiSettingsSuccess { data { msiSettings { ...Msi_settings } } }
    }
  }
`;

/** /neighborhood/settings/msi: the interest-free months offered and the amount each is offered from. */
export default function Msi({ queryRef }: ScreenProps<MsiQuery>) {
  const data = usePreloadedQuery<MsiQuery>(msiQuery, queryRef);
  return <MsiForm settings={data.msiSettings} />;
}

function MsiForm({ settings: key }: { settings: Msi_settings$key }) {
  const { t } = useTranslation();
  const { grants } = useSession();
  const settings = useFragment(settingsFragment, key);
  const canSave = grants.has('CMSIUpdate');
  const form = useZodForm(MsiSettingsSchema, {
    defaultValues: { months: settings.months.map((m) => ({ months: m.months, boundary: m.boundary ?? '' })) },
  });
  const mutation = useAppMutation<MsiMutation>(saveMutation);

  // Only the months with an amount are sent: the others stop being offered.
  const save = form.handleSubmit(async (offered) => {
    await mutation.run({ input: { months: offered } }, 'updateMsiSettings', { form, success: t('community.msi.saved') });
  });

  return (
    <Stack maw={560}>
      <PageHeader title={t('community.msi.title')} description={t('community.msi.description')} />
      <form onSubmit={save} noValidate>
        <Stack>
          <Paper withBorder p="md" radius="md">
            <Stack>
              {settings.months.map((m, i) => (
                <Controller
                  key={m.months}
                  control={form.control}
                  name={`months.${i}.boundary`}
                  render={({ field: f }) => (
                    <QuantityField
                      label={t('community.msi.months', { months: m.months })}
                      description={t('community.msi.minimum', { amount: formatPesos(m.minimum as string) })}
                      placeholder={t('community.msi.notOffered')}
                      leftSection="$"
                      readOnly={!canSave}
                      value={f.value ?? ''}
                      onValue={f.onChange}
                      onBlur={f.onBlur}
                      ref={f.ref}
                      error={fieldError(form, `months.${i}.boundary`) ?? fieldError(form, `months.${i}.months`)}
                    />
                  )}
                />
              ))}
            </Stack>
          </Paper>
          {canSave && (
            <Group>
              <Button type="submit" loading={mutation.inFlight}>
                {t('common.save')}
              </Button>
            </Group>
          )}
        </Stack>
      </form>
    </Stack>
  );
}
