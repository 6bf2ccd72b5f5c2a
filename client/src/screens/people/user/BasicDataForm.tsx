import { Button, Paper, SimpleGrid, Stack, TextInput, Title } from '@mantine/core';
import { graphql, useFragment } from 'react-relay';
import { Controller } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { BasicDataForm_user$key } from '../../../__generated__/BasicDataForm_user.graphql';
import type { BasicDataFormMutation } from '../../../__generated__/BasicDataFormMutation.graphql';
import { BasicDataSchema } from '../../../../../core/account.js';
import { DateField } from '../../../components/DateField.js';
import { field, fieldError, useZodForm } from '../../../components/forms.js';
import { useAppMutation } from '../../../components/mutations.js';

const userFragment = graphql`
  fragment BasicDataForm_user on User { id firstName lastName birthDate mobile landline }
`;

const mutation = graphql`
  mutation BasicDataFormMutation($input: UpdateMyBasicDataInput!) {
    updateMyBasicData(input: $input) {
      __typename
      ... on Error { code message }
      ... on InputError { issues { field message } }
      ... on MutationUpdateMyBasicDataSuccess { data { user { ...BasicDataForm_user } } }
    }
  }
`;

/** «Datos personales»: name, birth date and phones, as the person wants the community to see them. */
export function BasicDataForm({ user: key }: { user: BasicDataForm_user$key }) {
  const { t } = useTranslation();
  const user = useFragment(userFragment, key);
  const save = useAppMutation<BasicDataFormMutation>(mutation);
  const form = useZodForm(BasicDataSchema, {
    defaultValues: {
      firstName: user.firstName,
      lastName: user.lastName ?? '',
      birthDate: user.birthDate ? String(user.birthDate).slice(0, 10) : null,
      mobile: user.mobile ?? '',
      landline: user.landline ?? '',
    },
  });

  const submit = form.handleSubmit(async (values) => {
    const ok = await save.run({ input: values }, 'updateMyBasicData', { form, success: t('userSettings.saved') });
    if (ok) form.reset(form.getValues());
  });

  return (
    <Paper withBorder radius="md" p={{ base: 'md', sm: 'lg' }}>
      <form onSubmit={submit} noValidate>
        <Stack>
          <Title order={4}>{t('userSettings.personal')}</Title>
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <TextInput label={t('userSettings.firstName')} required autoComplete="given-name" {...field(form, 'firstName')} />
            <TextInput label={t('userSettings.lastName')} autoComplete="family-name" {...field(form, 'lastName')} />
            <TextInput label={t('userSettings.mobile')} inputMode="tel" autoComplete="tel" {...field(form, 'mobile')} />
            <TextInput label={t('userSettings.landline')} inputMode="tel" {...field(form, 'landline')} />
            <Controller
              control={form.control}
              name="birthDate"
              render={({ field: date }) => (
                <DateField
                  label={t('userSettings.birthDate')}
                  value={date.value ?? null}
                  onChange={(value) => date.onChange(value ? String(value).slice(0, 10) : null)}
                  onBlur={date.onBlur}
                  maxDate={new Date()}
                  error={fieldError(form, 'birthDate')}
                />
              )}
            />
          </SimpleGrid>
          <Button type="submit" loading={save.inFlight} w="fit-content">
            {t('userSettings.save')}
          </Button>
        </Stack>
      </form>
    </Paper>
  );
}
