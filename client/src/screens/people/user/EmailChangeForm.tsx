import { Badge, Button, Group, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import { graphql, useFragment } from 'react-relay';
import { useTranslation } from 'react-i18next';
import type { EmailChangeForm_user$key } from '../../../__generated__/EmailChangeForm_user.graphql';
import type { EmailChangeFormMutation } from '../../../__generated__/EmailChangeFormMutation.graphql';
import { EmailChangeSchema } from '../../../../../core/account.js';
import { field, useZodForm } from '../../../components/forms.js';
import { useAppMutation } from '../../../components/mutations.js';

const userFragment = graphql`
  fragment EmailChangeForm_user on User { id email newEmail emailVerified }
`;

const mutation = graphql`
  mutation EmailChangeFormMutation($input: ChangeMyEmailInput!) {
    changeMyEmail(input: $input) {
      __typename
      ... on Error { code message }
      ... on InputError { issues { field message } }
      ... on MutationChangeMyEmailSuccess { data { user { ...EmailChangeForm_user } } }
    }
  }
`;

/** The new address only: the current one is the viewer's own and goes along as the server's check. */
const EmailForm = EmailChangeSchema.pick({ email: true });

/** «Correo electrónico»: the address changes once the code mailed to the new one is confirmed. */
export function EmailChangeForm({ user: key }: { user: EmailChangeForm_user$key }) {
  const { t } = useTranslation();
  const user = useFragment(userFragment, key);
  const change = useAppMutation<EmailChangeFormMutation>(mutation);
  const form = useZodForm(EmailForm, { defaultValues: { email: '' } });

  const submit = form.handleSubmit(async ({ email }) => {
    const ok = await change.run({ input: { oldEmail: user.email, email } }, 'changeMyEmail', {
      form,
      success: ['info', t('userSettings.emailNotice', { email })],
    });
    if (ok) form.reset({ email: '' });
  });

  return (
    <Paper withBorder radius="md" p={{ base: 'md', sm: 'lg' }}>
      <form onSubmit={submit} noValidate>
        <Stack>
          <Title order={4}>{t('userSettings.emailSection')}</Title>
          <Group gap="xs">
            <Text size="sm" c="dimmed">
              {t('userSettings.currentEmail')}:
            </Text>
            <Text size="sm" fw={500} style={{ wordBreak: 'break-all' }}>
              {user.email}
            </Text>
            <Badge variant="light" size="sm" color={user.emailVerified ? 'green' : 'yellow'}>
              {user.emailVerified ? t('userSettings.verified') : t('userSettings.unverified')}
            </Badge>
          </Group>
          {user.newEmail && (
            <Group gap="xs">
              <Badge variant="light" size="sm" color="yellow">
                {t('userSettings.pendingBadge')}
              </Badge>
              <Text size="sm">{t('userSettings.pendingEmail', { email: user.newEmail })}</Text>
            </Group>
          )}
          <TextInput label={t('userSettings.newEmail')} type="email" autoComplete="email" maw={420} {...field(form, 'email')} />
          <Button type="submit" variant="light" loading={change.inFlight} w="fit-content">
            {t('userSettings.changeEmail')}
          </Button>
        </Stack>
      </form>
    </Paper>
  );
}
