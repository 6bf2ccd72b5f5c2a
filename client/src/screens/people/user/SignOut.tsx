import { useEffect, useRef } from 'react';
import { Loader, Stack, Text } from '@mantine/core';
import { graphql } from 'react-relay';
import { useTranslation } from 'react-i18next';
import type { SignOutMutation } from '../../../__generated__/SignOutMutation.graphql';
import { useAppMutation } from '../../../components/mutations.js';

const mutation = graphql`
  mutation SignOutMutation {
    signOut { ok }
  }
`;

/** /logout: ends the session and returns to sign-in (also when the server could not be reached). */
export default function SignOut() {
  const { t } = useTranslation();
  const signOut = useAppMutation<SignOutMutation>(mutation);
  const started = useRef(false);
  useEffect(() => {
    if (started.current) return;
    started.current = true;
    void signOut.run({}, 'signOut').then(() => window.location.assign('/login'));
  }, [signOut]);
  return (
    <Stack align="center" mt="xl">
      <Loader />
      <Text c="dimmed">{t('signOut.leaving')}</Text>
    </Stack>
  );
}
