// /recover-password: mails a link to choose a new password. A light page: no Relay runtime, its
// generated operation sent over plain fetch. The answer is the same whether the account exists or not.
import { useState } from 'react';
import { Alert, Anchor, Button, Stack, Text, TextInput } from '@mantine/core';
import { graphql } from 'relay-runtime';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import RecoverOperation, { type RecoverPasswordMutation } from '../../__generated__/RecoverPasswordMutation.graphql.js';
import { RecoverPasswordSchema } from '../../../../core/passwords.js';
import { field, useZodForm } from '../../components/forms.js';
import { useFetchMutation } from '../../components/mutationResult.js';
import { PublicLayout } from './PublicLayout.js';

// Compiled by relay-compiler into the artifact imported above; sent over plain fetch.
graphql`
  mutation RecoverPasswordMutation($input: RequestPasswordRecoveryInput!) {
    requestPasswordRecovery(input: $input) {
      __typename
      ... on Error { code message }
      ... on InputError { issues { field message } }
    }
  }
`;

export default function RecoverPassword() {
  const { t } = useTranslation();
  const form = useZodForm(RecoverPasswordSchema, { defaultValues: { email: '' } });
  const recover = useFetchMutation<RecoverPasswordMutation['response']>(RecoverOperation);
  const [outcome, setOutcome] = useState<{ sent: boolean; email: string } | null>(null);
  const email = form.watch('email');

  const submit = form.handleSubmit(async (values) => {
    const result = await recover.run({ input: values }, 'requestPasswordRecovery', { form, notifyTypedError: false });
    // Field errors stay under the field; any other failure is told with the way to reach support.
    if (result || !form.getFieldState('email').error) setOutcome({ sent: !!result, email: values.email });
  });

  const back = (
    <Anchor component={Link} to="/login" size="sm" ta="center">
      {t('recover.back')}
    </Anchor>
  );

  if (outcome?.sent) {
    return (
      <PublicLayout title={t('recover.sentTitle')}>
        <Alert color="green" role="status" variant="light">
          {t('recover.sent', { email: outcome.email })}
        </Alert>
        <Text size="sm" c="dimmed">
          {t('recover.sentHint')}
        </Text>
        {back}
      </PublicLayout>
    );
  }

  return (
    <PublicLayout title={t('recover.title')} description={t('recover.intro')}>
      <form onSubmit={submit} noValidate>
        <Stack>
          <TextInput label={t('recover.email')} type="email" autoComplete="email" required {...field(form, 'email')} />
          {outcome && !outcome.sent && (
            <Alert color="red" role="alert" variant="light">
              {t('recover.failure', { email: outcome.email, support: t('app.support') })}
            </Alert>
          )}
          <Button type="submit" size="md" disabled={!email?.trim()} loading={recover.inFlight}>
            {t('recover.submit')}
          </Button>
          {back}
        </Stack>
      </form>
    </PublicLayout>
  );
}
