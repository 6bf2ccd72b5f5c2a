import { useEffect, useRef, useState } from 'react';
import { Alert, Button, Loader } from '@mantine/core';
import { graphql } from 'react-relay';
import { useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { VerifyEmailMutation } from '../../__generated__/VerifyEmailMutation.graphql';
import { useAppMutation } from '../../components/mutations.js';
import { PublicLayout } from './PublicLayout.js';

const mutation = graphql`
  mutation VerifyEmailMutation($input: VerifyEmailInput!) {
    verifyEmail(input: $input) { __typename ... on Error { code message } }
  }
`;

export default function VerifyEmail() {
  const { t } = useTranslation();
  const { code = '' } = useParams();
  const verify = useAppMutation<VerifyEmailMutation>(mutation);
  const [state, setState] = useState<'working' | 'done' | 'failed'>('working');
  const started = useRef(false);

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    void verify.run({ input: { code } }, 'verifyEmail', { notifyTypedError: false }).then((r) => setState(r ? 'done' : 'failed'));
  }, [code, verify]);

  return (
    <PublicLayout title={t('verifyEmail.title')}>
      {state === 'working' && <Loader aria-label={t('verifyEmail.verifying')} />}
      {state === 'done' && (
        <Alert color="green" role="status">
          {t('verifyEmail.done')}
        </Alert>
      )}
      {state === 'failed' && (
        <Alert color="red" role="alert">
          {verify.error?.message ?? t('errors.load')}
        </Alert>
      )}
      {state !== 'working' && <Button onClick={() => window.location.assign('/')}>{t('verifyEmail.continue')}</Button>}
    </PublicLayout>
  );
}
