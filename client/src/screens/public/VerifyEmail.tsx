// /verify-email/{code}: the link of the verification e-mail verifies the address as the page opens (the
// schema has no query for it: it is a mutation, fired once). A light page: no Relay runtime.
import { useEffect, useRef, useState } from 'react';
import { Alert, Button, Group, Loader, Text } from '@mantine/core';
import { graphql } from 'relay-runtime';
import { useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import VerifyOperation, { type VerifyEmailMutation } from '../../__generated__/VerifyEmailMutation.graphql.js';
import { useFetchMutation } from '../../components/mutationResult.js';
import { PublicLayout } from './PublicLayout.js';

// Compiled by relay-compiler into the artifact imported above; sent over plain fetch.
graphql`
  mutation VerifyEmailMutation($input: VerifyEmailInput!) {
    verifyEmail(input: $input) { __typename ... on Error { code message } }
  }
`;

export default function VerifyEmail() {
  const { t } = useTranslation();
  const { code = '' } = useParams();
  const verify = useFetchMutation<VerifyEmailMutation['response']>(VerifyOperation);
  const [state, setState] = useState<'working' | 'done' | 'failed'>('working');
  const started = useRef(false);

  useEffect(() => {
    // Once per page, also under StrictMode's double effects: a code works only once.
    if (started.current) return;
    started.current = true;
    void verify.run({ input: { code } }, 'verifyEmail', { notifyTypedError: false }).then((r) => setState(r ? 'done' : 'failed'));
  }, [code, verify]);

  return (
    <PublicLayout title={t('verifyEmail.title')}>
      {state === 'working' && (
        <Group gap="sm" role="status">
          <Loader size="sm" />
          <Text>{t('verifyEmail.verifying')}</Text>
        </Group>
      )}
      {state === 'done' && (
        <Alert color="green" role="status" variant="light">
          {t('verifyEmail.done')}
        </Alert>
      )}
      {state === 'failed' && (
        <Alert color="red" role="alert" variant="light">
          {verify.error?.message ?? t('errors.load')}
        </Alert>
      )}
      {state !== 'working' && (
        <Button size="md" onClick={() => window.location.assign('/')}>
          {t('verifyEmail.continue')}
        </Button>
      )}
    </PublicLayout>
  );
}
