import { useState } from 'react';
import { Alert, Anchor, Button, Stack, TextInput } from '@mantine/core';
import { graphql } from 'react-relay';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { RecoverPasswordMutation } from '../../__generated__/RecoverPasswordMutation.graphql';
import { email as emailCheck } from '../../../../core/validators.js';
import { useAppMutation } from '../../components/mutations.js';
import { PublicLayout } from './PublicLayout.js';

const mutation = graphql`
  mutation RecoverPasswordMutation($input: RequestPasswordRecoveryInput!) {
    requestPasswordRecovery(input: $input) { __typename ... on Error { code message } }
  }
`;

export default function RecoverPassword() {
  const { t } = useTranslation();
  const [email, setEmail] = useState('');
  const [state, setState] = useState<'idle' | 'sent' | 'failed'>('idle');
  const recover = useAppMutation<RecoverPasswordMutation>(mutation);
  const invalid = email !== '' ? emailCheck(email) : null;

  const submit = async () => {
    const result = await recover.run({ input: { email } }, 'requestPasswordRecovery', { notifyTypedError: false });
    setState(result ? 'sent' : 'failed');
  };

  return (
    <PublicLayout title={t('recover.title')}>
      {state === 'sent' ? (
        <Alert color="green" role="status">
          {t('recover.sent', { email })}
        </Alert>
      ) : (
        <form
          onSubmit={(e) => {
            e.preventDefault();
            void submit();
          }}
        >
          <Stack>
            <TextInput label={t('recover.email')} type="email" value={email} onChange={(e) => setEmail(e.currentTarget.value)} error={invalid} />
            {state === 'failed' && (
              <Alert color="red" role="alert">
                {t('recover.failure', { email, support: t('app.support') })}
              </Alert>
            )}
            <Button type="submit" disabled={email === '' || !!invalid} loading={recover.inFlight}>
              {t('recover.submit')}
            </Button>
          </Stack>
        </form>
      )}
      <Anchor component={Link} to="/login" size="sm">
        {t('recover.back')}
      </Anchor>
    </PublicLayout>
  );
}
