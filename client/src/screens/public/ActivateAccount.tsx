// /signup/{signupCode}: the link of the activation e-mail (codes travel only by e-mail). The person completes their
// data, chooses the password and enters; "Reenviar correo" mails the link again (30 s lock after a success).
import { useEffect, useState } from 'react';
import { Alert, Badge, Button, Group, PasswordInput, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { graphql, useFragment, usePreloadedQuery } from 'react-relay';
import { Link, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { ActivateAccountQuery } from '../../__generated__/ActivateAccountQuery.graphql';
import type { ActivateAccount_signupCode$key } from '../../__generated__/ActivateAccount_signupCode.graphql';
import type { ActivateAccountMutation } from '../../__generated__/ActivateAccountMutation.graphql';
import type { ActivateAccountResendMutation } from '../../__generated__/ActivateAccountResendMutation.graphql';
import { CompleteSignupSchema } from '../../../../core/activation.js';
import { field, useZodForm } from '../../components/forms.js';
import { useAppMutation } from '../../components/mutations.js';
import type { ScreenProps } from '../../router/screenRoute.js';
import { PublicLayout } from './PublicLayout.js';

/** Spec 1 sections 4 and 9: the resend button waits 30 seconds after a success. */
export const RESEND_LOCK_SECONDS = 30;

export const activateAccountQuery = graphql`
  query ActivateAccountQuery($code: String!) {
    signupCode(code: $code) { hasPassword ...ActivateAccount_signupCode }
  }
`;

const signupCodeFragment = graphql`
  fragment ActivateAccount_signupCode on SignupCodeInfo { neighborhoodName houseLabel email firstName lastName mobile }
`;

const completeMutation = graphql`
  mutation ActivateAccountMutation($input: CompleteSignupInput!) {
    completeSignup(input: $input) {
      __typename
      ... on Error { code message }
      ... on InputError { issues { field message } }
    }
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

export default function ActivateAccount({ queryRef }: ScreenProps<ActivateAccountQuery>) {
  const { t } = useTranslation();
  const data = usePreloadedQuery<ActivateAccountQuery>(activateAccountQuery, queryRef);
  const info = data.signupCode;
  if (!info || info.hasPassword) {
    return (
      <PublicLayout title={t('activation.title')}>
        {info ? (
          <Alert color="blue" role="status" variant="light">
            {t('activation.alreadyActive')}
          </Alert>
        ) : (
          <Alert color="red" role="alert" variant="light">
            {t('activation.invalid')}
          </Alert>
        )}
        <Button component={Link} to="/login" size="md">
          {t('activation.signIn')}
        </Button>
      </PublicLayout>
    );
  }
  return <ActivationForm signupCode={info} />;
}

function ActivationForm({ signupCode }: { signupCode: ActivateAccount_signupCode$key }) {
  const { t } = useTranslation();
  const { signupCode: code = '' } = useParams();
  const info = useFragment(signupCodeFragment, signupCode);
  const form = useZodForm(CompleteSignupSchema, {
    defaultValues: { code, firstName: info.firstName ?? '', lastName: info.lastName ?? '', mobile: info.mobile ?? '', password: '', passwordConfirmation: '' },
  });
  const [password, confirmation] = form.watch(['password', 'passwordConfirmation']);
  const [lock, setLock] = useCountdown();
  const complete = useAppMutation<ActivateAccountMutation>(completeMutation);
  const resend = useAppMutation<ActivateAccountResendMutation>(resendMutation);

  const submit = form.handleSubmit(async (values) => {
    // Signed in by the answer's cookie: a full load opens the app.
    if (await complete.run({ input: values }, 'completeSignup', { form })) window.location.assign('/');
  });

  const mailAgain = async () => {
    if (await resend.run({ input: { code } }, 'resendSignupCode', { success: t('activation.resent') })) setLock(RESEND_LOCK_SECONDS);
  };

  return (
    <PublicLayout title={t('activation.title')} description={t('activation.intro', { community: info.neighborhoodName, email: info.email })} width={520}>
      {info.houseLabel && (
        <Group gap="xs">
          <Text size="sm" c="dimmed">
            {t('activation.houseLabel')}
          </Text>
          <Badge variant="light" size="lg" radius="sm" tt="none">
            {info.houseLabel}
          </Badge>
        </Group>
      )}
      <form onSubmit={submit} noValidate>
        <Stack>
          <input type="email" name="username" autoComplete="username" value={info.email ?? ''} readOnly hidden />
          <SimpleGrid cols={{ base: 1, xs: 2 }}>
            <TextInput label={t('activation.firstName')} required autoComplete="given-name" {...field(form, 'firstName')} />
            <TextInput label={t('activation.lastName')} autoComplete="family-name" {...field(form, 'lastName')} />
          </SimpleGrid>
          <TextInput label={t('activation.mobile')} type="tel" inputMode="tel" autoComplete="tel" {...field(form, 'mobile')} />
          <PasswordInput
            label={t('activation.password')}
            description={t('activation.passwordHint')}
            required
            autoComplete="new-password"
            {...field(form, 'password')}
          />
          <PasswordInput label={t('activation.confirmation')} required autoComplete="new-password" {...field(form, 'passwordConfirmation')} />
          <Button type="submit" size="md" disabled={!password || !confirmation} loading={complete.inFlight}>
            {t('activation.submit')}
          </Button>
        </Stack>
      </form>
      <Stack gap={6} pt="md" style={{ borderTop: '1px solid var(--mantine-color-gray-3)' }}>
        <Text size="sm" c="dimmed">
          {t('activation.resendHint', { email: info.email })}
        </Text>
        <Group gap="sm">
          <Button variant="default" onClick={mailAgain} disabled={lock > 0} loading={resend.inFlight}>
            {t('activation.resend')}
          </Button>
          {lock > 0 && (
            <Text size="sm" c="dimmed" role="status">
              {t('activation.resendWait', { seconds: lock })}
            </Text>
          )}
        </Group>
      </Stack>
    </PublicLayout>
  );
}
