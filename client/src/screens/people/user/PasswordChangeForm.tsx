import { Button, Paper, PasswordInput, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { graphql } from 'react-relay';
import { useTranslation } from 'react-i18next';
import type { PasswordChangeFormMutation } from '../../../__generated__/PasswordChangeFormMutation.graphql';
import { PasswordChangeSchema } from '../../../../../core/account.js';
import { field, useZodForm } from '../../../components/forms.js';
import { useAppMutation } from '../../../components/mutations.js';

const mutation = graphql`
  mutation PasswordChangeFormMutation($input: ChangeMyPasswordInput!) {
    changeMyPassword(input: $input) {
      __typename
      ... on Error { code message }
      ... on InputError { issues { field message } }
    }
  }
`;

const EMPTY = { currentPassword: '', password: '', passwordConfirmation: '' };

/** «Contraseña»: the current one and the new one twice; the other sessions end when it changes. */
export function PasswordChangeForm() {
  const { t } = useTranslation();
  const change = useAppMutation<PasswordChangeFormMutation>(mutation);
  const form = useZodForm(PasswordChangeSchema, { defaultValues: EMPTY });

  const submit = form.handleSubmit(async (values) => {
    const ok = await change.run({ input: values }, 'changeMyPassword', { form, success: t('userSettings.passwordChanged') });
    if (ok) form.reset(EMPTY);
  });

  return (
    <Paper withBorder radius="md" p={{ base: 'md', sm: 'lg' }}>
      <form onSubmit={submit} noValidate>
        <Stack>
          <Stack gap={2}>
            <Title order={4}>{t('userSettings.passwordSection')}</Title>
            <Text size="sm" c="dimmed">
              {t('userSettings.passwordHint')}
            </Text>
          </Stack>
          <PasswordInput label={t('userSettings.currentPassword')} autoComplete="current-password" maw={420} {...field(form, 'currentPassword')} />
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <PasswordInput label={t('userSettings.newPassword')} autoComplete="new-password" {...field(form, 'password')} />
            <PasswordInput label={t('userSettings.confirmPassword')} autoComplete="new-password" {...field(form, 'passwordConfirmation')} />
          </SimpleGrid>
          <Button type="submit" variant="light" loading={change.inFlight} w="fit-content">
            {t('userSettings.changePassword')}
          </Button>
        </Stack>
      </form>
    </Paper>
  );
}
