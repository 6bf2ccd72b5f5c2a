import { useState } from 'react';
import { Alert, Anchor, Button, PasswordInput, Stack, Text } from '@mantine/core';
import { graphql, useLazyLoadQuery } from 'react-relay';
import { Link, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { SetupPasswordQuery } from '../../__generated__/SetupPasswordQuery.graphql';
import type { SetupPasswordMutation } from '../../__generated__/SetupPasswordMutation.graphql';
import { useAppMutation } from '../../components/mutations.js';
import { PublicLayout } from './PublicLayout.js';

const query = graphql`
  query SetupPasswordQuery($code: String!) {
    passwordCode(code: $code) { email firstName }
  }
`;

const mutation = graphql`
  mutation SetupPasswordMutation($input: SetupPasswordInput!) {
    setupPassword(input: $input) { __typename ... on Error { code message } }
  }
`;

export default function SetupPassword() {
  const { t } = useTranslation();
  const { code = '' } = useParams();
  const data = useLazyLoadQuery<SetupPasswordQuery>(query, { code });
  const [password, setPassword] = useState('');
  const [confirmation, setConfirmation] = useState('');
  const setup = useAppMutation<SetupPasswordMutation>(mutation);
  const tooShort = password !== '' && password.length < 8 ? 'La contraseña debe tener al menos 8 caracteres' : null;
  const mismatch = confirmation !== '' && confirmation !== password ? 'Las contraseñas no coinciden' : null;

  if (!data.passwordCode) {
    return (
      <PublicLayout title={t('setupPassword.title')}>
        <Alert color="red" role="alert">
          {t('setupPassword.invalid')}
        </Alert>
        <Anchor component={Link} to="/recover-password">
          {t('recover.title')}
        </Anchor>
      </PublicLayout>
    );
  }

  const submit = async () => {
    if (await setup.run({ input: { code, password, passwordConfirmation: confirmation } }, 'setupPassword')) window.location.assign('/');
  };

  return (
    <PublicLayout title={t('setupPassword.title')}>
      <Text>{t('setupPassword.greeting', { name: data.passwordCode.firstName, email: data.passwordCode.email })}</Text>
      <form
        onSubmit={(e) => {
          e.preventDefault();
          void submit();
        }}
      >
        <Stack>
          <PasswordInput
            label={t('setupPassword.password')}
            value={password}
            onChange={(e) => setPassword(e.currentTarget.value)}
            error={tooShort}
            autoComplete="new-password"
          />
          <PasswordInput
            label={t('setupPassword.confirmation')}
            value={confirmation}
            onChange={(e) => setConfirmation(e.currentTarget.value)}
            error={mismatch}
            autoComplete="new-password"
          />
          <Button type="submit" disabled={!password || !confirmation || !!tooShort || !!mismatch} loading={setup.inFlight}>
            {t('setupPassword.submit')}
          </Button>
        </Stack>
      </form>
    </PublicLayout>
  );
}
