// /signup/{signupCode}: the link of the activation e-mail (codes travel only by e-mail). The person completes their
// data, chooses the password and enters; "Reenviar correo" mails the link again (30 s lock after a success).
import { useEffect, useState } from 'react';
import { Alert, Anchor, Button, Group, PasswordInput, Stack, Text, TextInput } from '@mantine/core';
import { graphql, useLazyLoadQuery, useMutation } from 'react-relay';
import { Link, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { ActivateAccountQuery } from '../../__generated__/ActivateAccountQuery.graphql';
import type { ActivateAccountMutation } from '../../__generated__/ActivateAccountMutation.graphql';
import type { ActivateAccountResendMutation } from '../../__generated__/ActivateAccountResendMutation.graphql';
import { useAppMutation } from '../../components/mutations.js';
import { notify } from '../../components/notify.js';
import { PublicLayout } from './PublicLayout.js';

/** Spec 1 sections 4 and 9: the resend button waits 30 seconds after a success. */
export const RESEND_LOCK_SECONDS = 30;

const query = graphql`
  query ActivateAccountQuery($code: String!) {
    signupCode(code: $code) { neighborhoodName houseLabel email firstName lastName mobile hasPassword }
  }
`;

const completeMutation = graphql`
  mutation ActivateAccountMutation($input: CompleteSignupInput!) {
    completeSignup(input: $input) { __typename ... on Error { code message } }
  }
`;

const resendMutation = graphql`
  mutation ActivateAccountResendMutation($input: ResendSignupCodeInput!) {
    resendSignupCode(input: $input) {
      __typename
      ... on Error { code message }
      ... on MutationResendSignupCodeSuccess { data { message } }
    }
  }
`;

function useCountdown() {
  const [left, setLeft] = useState(0);
  useEffect(() => {
    if (left <= 0) return;
    const timer = setTimeout(() => setLeft((s) => s - 1), 1000);
    return () => clearTimeout(timer);
  }, [left]);
  return [left, setLeft] as const;
}

export default function ActivateAccount() {
  const { t } = useTranslation();
  const { signupCode: code = '' } = useParams();
  const data = useLazyLoadQuery<ActivateAccountQuery>(query, { code }, { fetchPolicy: 'network-only' });
  const info = data.signupCode;
  const [firstName, setFirstName] = useState(info?.firstName ?? '');
  const [lastName, setLastName] = useState(info?.lastName ?? '');
  const [mobile, setMobile] = useState(info?.mobile ?? '');
  const [password, setPassword] = useState('');
  const [confirmation, setConfirmation] = useState('');
  const [lock, setLock] = useCountdown();
  const complete = useAppMutation<ActivateAccountMutation>(completeMutation);
  const [commitResend, resending] = useMutation<ActivateAccountResendMutation>(resendMutation);

  if (!info) {
    return (
      <PublicLayout title={t('activation.title')}>
        <Alert color="red" role="alert">
          {t('activation.invalid')}
        </Alert>
        <Anchor component={Link} to="/login">
          {t('activation.signIn')}
        </Anchor>
      </PublicLayout>
    );
  }
  if (info.hasPassword) {
    return (
      <PublicLayout title={t('activation.title')}>
        <Alert color="blue" role="status">
          {t('activation.alreadyActive')}
        </Alert>
        <Anchor component={Link} to="/login">
          {t('activation.signIn')}
        </Anchor>
      </PublicLayout>
    );
  }

  const tooShort = password !== '' && password.length < 8 ? t('activation.tooShort') : null;
  const mismatch = confirmation !== '' && confirmation !== password ? t('activation.mismatch') : null;
  const canSubmit = firstName.trim() !== '' && password !== '' && confirmation !== '' && !tooShort && !mismatch;

  const submit = async () => {
    if (!canSubmit) return;
    const input = { code, firstName, lastName: lastName || null, mobile: mobile || null, password, passwordConfirmation: confirmation };
    if (await complete.run({ input }, 'completeSignup')) window.location.assign('/');
  };

  const doResend = () =>
    commitResend({
      variables: { input: { code } },
      onCompleted: ({ resendSignupCode: result }) => {
        if (result.__typename === 'MutationResendSignupCodeSuccess') {
          notify('success', t('activation.resent'));
          setLock(RESEND_LOCK_SECONDS);
        } else {
          // Typed errors carry their own reason (wait, too many); a delivery failure uses the spec's text.
          const failure = result.__typename === '%other' ? null : result;
          notify('danger', failure && failure.code !== 503 && failure.message ? failure.message : t('activation.notDelivered'));
        }
      },
      onError: () => notify('danger', t('activation.notDelivered')),
    });

  return (
    <PublicLayout title={t('activation.title')}>
      <Text>{t('activation.intro', { community: info.neighborhoodName, email: info.email })}</Text>
      {info.houseLabel && <Text fw={500}>{t('activation.house', { label: info.houseLabel })}</Text>}
      <form
        onSubmit={(e) => {
          e.preventDefault();
          void submit();
        }}
      >
        <Stack>
          <TextInput
            label={t('activation.firstName')}
            required
            value={firstName}
            onChange={(e) => setFirstName(e.currentTarget.value)}
            autoComplete="given-name"
          />
          <TextInput label={t('activation.lastName')} value={lastName} onChange={(e) => setLastName(e.currentTarget.value)} autoComplete="family-name" />
          <TextInput label={t('activation.mobile')} type="tel" value={mobile} onChange={(e) => setMobile(e.currentTarget.value)} autoComplete="tel" />
          <PasswordInput
            label={t('activation.password')}
            value={password}
            onChange={(e) => setPassword(e.currentTarget.value)}
            error={tooShort}
            autoComplete="new-password"
          />
          <PasswordInput
            label={t('activation.confirmation')}
            value={confirmation}
            onChange={(e) => setConfirmation(e.currentTarget.value)}
            error={mismatch}
            autoComplete="new-password"
          />
          {complete.error && (
            <Text c="red" size="sm" role="alert">
              {complete.error.message}
            </Text>
          )}
          <Button type="submit" disabled={!canSubmit} loading={complete.inFlight}>
            {t('activation.submit')}
          </Button>
          <Group justify="space-between">
            <Button variant="subtle" onClick={doResend} disabled={lock > 0} loading={resending}>
              {t('activation.resend')}
            </Button>
            {lock > 0 && (
              <Text size="sm" c="dimmed" role="status">
                {t('activation.resendWait', { seconds: lock })}
              </Text>
            )}
          </Group>
        </Stack>
      </form>
    </PublicLayout>
  );
}
